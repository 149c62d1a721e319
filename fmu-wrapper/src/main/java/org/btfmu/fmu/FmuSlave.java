package org.btfmu.fmu;

import static org.btfmu.fmu.ImporterLog.ERROR;
import static org.btfmu.fmu.ImporterLog.FATAL;
import static org.btfmu.fmu.ImporterLog.OK;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.function.LongPredicate;
import java.util.stream.Collectors;
import org.btfmu.core.EngineException;
import org.btfmu.core.ProcessingMode;
import org.btfmu.core.Status;
import org.btfmu.core.TreeInstance;
import org.btfmu.core.UnsettledInstantException;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.core.tasks.Root;
import org.btfmu.fmu.FmuStates.Snapshot;
import org.btfmu.fmu.ModelVariables.Entry;
import org.btfmu.mission.Causality;

/**
 * One FMI 2.0 Co-Simulation instance of a mission (and, through {@link ModelExchangeSlave},
 * what a Model Exchange instance shares with it): the calling-sequence state
 * machine ({@link FmiFunction}'s table), argument checks, and one behavior-tree
 * engine instance behind the FMU variables ({@link ModelVariables}).
 *
 * <p>Every rejected call returns fmi2Error with a message naming the function
 * and the problem, and puts the instance into the spec's error state, from
 * which fmi2SetFMUstate or fmi2Reset bring it back. Values are read and
 * written at the importer's C addresses without allocation.
 *
 * <p>Time and dependencies (DESIGN.md §3.4, docs/check.md "Dependencies and
 * {@code bt-fmu check}"): task statuses are the FMU's discrete states and change
 * only at fmi2ExitInitializationMode (which starts the tree at the experiment's
 * start time with every value set until then) and at fmi2DoStep (which first
 * settles the inputs set since the last step at the current instant, then
 * advances to t + h). In Initialization Mode, reading a value shows a preview:
 * the tree started with the parameters set so far and the inputs' start values,
 * then the inputs set so far fed through the output expressions only. Setting an
 * input or a tunable parameter never changes a status by itself, but an active
 * output expression that reads it shows the new value at once
 * ({@link TreeInstance#propagate}).
 *
 * <p>Bounded work per call (the docs/safeguards.md "Safeguards"): fmi2DoStep returns fmi2Discard,
 * in stepFailed with fmi2LastSuccessfulTime saying how far it got, when the step would
 * need more than the mission's {@code maxEventsPerStep} time events (at the last completed
 * event) or meets an instant that needs more than {@code maxSweepsPerInstant} event
 * iterations (the engine undid that instant: its left limit, at its time). In stepFailed
 * the calling sequence refuses further steps; a master that restores an earlier state
 * meets the same instant again. fmi2ExitInitializationMode returns fmi2Error for a start
 * instant that does not settle, the tree left not started.
 *
 * <p>Processing: the mission's {@code processing} (event-driven unless the
 * mission file says ticked) unless the system property {@value InstanceSetup#PROCESSING_PROPERTY}
 * is set, which overrides it for every instance created afterwards in the JVM.
 *
 * <p>Split by concern: the FMU-state functions are {@link FmuStateCalls}', the fmi2Get*Status
 * functions {@link StatusCalls}', what a new instance is made of {@link InstanceSetup}'s,
 * the values the shim may answer reads from {@link PublishedValues}', the fmi2Get/Set of
 * values {@link ValueCalls}', fmi2DoStep {@link StepCall}'s; the FMI functions themselves stay
 * callable here.
 *
 * <p>Not thread-safe: FMI 2.0 lets an importer call one instance from one
 * thread at a time (any thread).
 */
class FmuSlave {

    final FmuResources resources;
    final ModelVariables variables;
    private final ProcessingMode processing;
    final ImporterLog log;

    TreeInstance tree;
    /** Initialization Mode's view (see the class comment); null until read there, or stale. */
    private TreeInstance preview;
    /** Values were set since the last settle or propagation: reads must propagate them first. */
    private boolean unpropagated;
    /**
     * Inputs were set, or the state restored, since the tree last settled: doStep must
     * settle them at the current instant before it advances (otherwise that is a no-op,
     * skipped on the per-step path).
     */
    boolean unsettled;
    private FmiState state = FmiState.INSTANTIATED;
    FmiFunction current;
    double startTime;
    boolean stopTimeDefined;
    double stopTime;
    private final FmuStateCalls stateCalls = new FmuStateCalls(this);
    private final StatusCalls statusCalls = new StatusCalls(this);
    private final ValueCalls values;
    private final StepCall step = new StepCall(this);
    /** The values the shim may answer fmi2Get* from without calling Java (see {@link PublishedValues}). */
    final PublishedValues published;

    FmuSlave(FmuResources resources, ImporterLog log) {
        this(resources, resources.mission().processing(), log);
    }

    FmuSlave(FmuResources resources, ProcessingMode processing, ImporterLog log) {
        this.resources = resources;
        this.processing = processing;
        this.variables = resources.variables();
        this.log = log;
        this.published = new PublishedValues(variables, resources.mission().tree());
        this.values = new ValueCalls(this, new NonFiniteValues(resources.mission().nonFinite(), variables.size()));
        newTree();
    }

    /**
     * fmi2Instantiate after the shim found the JVM: checks the arguments against
     * the FMU's resources. Returns null (after logging why) when they do not fit.
     */
    static FmuSlave instantiate(String instanceName, int fmuType, String guid, String location,
            ImporterLog log) {
        String problem = null;
        InstanceSetup setup = null;
        if (instanceName == null || instanceName.isBlank()) {
            problem = "instanceName is NULL or empty";
        } else if (fmuType != 0 && fmuType != 1) {
            problem = "fmuType is " + fmuType + ", neither fmi2ModelExchange (0) nor fmi2CoSimulation (1)";
        } else if (guid == null) {
            problem = "fmuGUID is NULL";
        } else {
            try {
                setup = InstanceSetup.of(ResourceLocation.toPath(location), guid, "fmuGUID", fmuType == 0,
                        "fmuType is " + (fmuType == 0 ? "fmi2ModelExchange" : "fmi2CoSimulation") + ", but ");
            } catch (IllegalArgumentException e) {
                problem = e.getMessage();
            }
        }
        if (problem != null) {
            log.log(ERROR, LogCategory.STATUS_ERROR, "fmi2Instantiate: " + problem);
            return null;
        }
        return fmuType == 0 ? new ModelExchangeSlave(setup.resources(), setup.processing(), log)
                : new FmuSlave(setup.resources(), setup.processing(), log);
    }

    FmiState state() {
        return state;
    }

    private void newTree() {
        tree = engine();
        tree.addStatusListener(new EngineLog(log));
        preview = null;
    }

    /** A fresh engine instance with the mission's safeguards, its warnings going to the log. */
    private TreeInstance engine() {
        TreeInstance engine = new TreeInstance(resources.mission().tree(), processing);
        engine.setMaxEventsPerAdvance(resources.mission().maxEventsPerStep());
        engine.setMaxIterationsPerInstant(resources.mission().maxSweepsPerInstant());
        engine.setNonFinite(resources.mission().nonFinite());
        engine.addWarningListener(new EngineLog(log));
        return engine;
    }

    /**
     * The tree whose values fmi2Get* reports: in Initialization Mode the preview (rebuilt
     * after any fmi2Set*), else the tree with the inputs set since the last step fed
     * through its output expressions.
     */
    TreeInstance reading() {
        if (inInitializationMode()) {
            if (preview == null) {
                TreeInstance p = engine();
                copy(Causality.PARAMETER, tree, p);
                p.start(startTime);
                copy(Causality.INPUT, tree, p);
                p.propagate();
                preview = p;
            }
            return preview;
        }
        if (unpropagated && feedsThrough()) {
            tree.propagate();
            unpropagated = false;
        }
        return tree;
    }

    /**
     * Whether values set since the tree last settled feed through its output expressions and
     * event indicators on reading: in stepComplete (where sets happen after initialization) and
     * stepFailed (which shows where the failed step left off). Model Exchange says its own.
     */
    boolean feedsThrough() {
        return state == FmiState.STEP_COMPLETE || state == FmiState.STEP_FAILED;
    }

    /** Copies the values of the variables of one causality from one tree to another. */
    private void copy(Causality causality, TreeInstance from, TreeInstance to) {
        for (Entry v : variables.entries()) {
            if (v.causality() != causality || v.isTaskStatus()) {
                continue;
            }
            int s = v.slot();
            switch (v.type()) {
                case REAL -> to.setReal(s, from.getReal(s));
                case INTEGER -> to.setInteger(s, from.getInteger(s));
                case BOOLEAN -> to.setBoolean(s, from.getBoolean(s));
                case STRING -> to.setString(s, from.getString(s));
            }
        }
    }

    /** Before Java serves a call: the sets the shim took since the last one (PublishedValues). */
    void takePendingSets() {
        if (published.applyPending(tree)) {
            valuesSet();
        }
    }

    /** After fmi2Set*: the preview is stale, the inputs wait for propagation. */
    void valuesSet() {
        unsettled = true;
        unpropagated = true;
        preview = null;
    }

    // ---- calling sequence and errors ----

    /**
     * Records the function being served and checks the table; false after logging an error.
     * The Model Exchange subclass checks its own table instead.
     */
    boolean callable(FmiFunction function) {
        current = function;
        if (log.enabled(LogCategory.CALLS)) {
            log.log(OK, LogCategory.CALLS, function + " in state " + state);
        }
        if (function.allowedIn(state)) {
            return true;
        }
        String allowed = Arrays.stream(FmiState.values()).filter(function::allowedIn)
                .map(FmiState::toString).collect(Collectors.joining(", "));
        error("may not be called in state " + state + " (allowed in: "
                + (allowed.isEmpty() ? "no state of this FMU" : allowed) + ")");
        return false;
    }

    /** Logs the problem with the current function's name, enters the error state, returns fmi2Error. */
    int error(String problem) {
        log.log(ERROR, LogCategory.STATUS_ERROR, functionName() + ": " + problem);
        moveTo(FmiState.ERROR);
        return ERROR;
    }

    /** The name of the function being served, for messages. */
    String functionName() {
        return String.valueOf(current);
    }

    /**
     * The state after a successful lifecycle call or a failure (ERROR is not left for FATAL's
     * sake: fatal stays fatal). The Model Exchange subclass maps these onto its own states.
     */
    void moveTo(FmiState next) {
        if (state != FmiState.FATAL) {
            state = next;
        }
    }

    /** The table cell of the function being served in the current state: a condition digit or 'x'. */
    char condition() {
        return current.cell(state);
    }

    /** Whether the instance is in Initialization Mode, where reading a value settles the start instant. */
    boolean inInitializationMode() {
        return state == FmiState.INITIALIZATION_MODE;
    }

    /** A Throwable escaped a call: fmi2Fatal if the JVM itself is in trouble, else fmi2Error. */
    int failed(Throwable thrown) {
        if (thrown instanceof VirtualMachineError) {
            log.log(FATAL, LogCategory.STATUS_FATAL, functionName() + ": " + thrown);
            moveTo(FmiState.FATAL);
            return FATAL;
        }
        if (thrown instanceof UnsettledInstantException e) {
            return error(notSettled(e));
        }
        if (thrown instanceof EngineException || thrown instanceof IllegalArgumentException) {
            return error(thrown.getMessage());
        }
        StringWriter trace = new StringWriter();
        thrown.printStackTrace(new PrintWriter(trace));
        return error("internal error: " + trace.toString().strip());
    }

    boolean arrays(long n, long vr, long value) {
        if (n < 0 || n > Integer.MAX_VALUE) {
            error("nvr " + Long.toUnsignedString(n) + " is not a plausible array length");
            return false;
        }
        if (n > 0 && (vr == 0 || value == 0)) {
            error((vr == 0 ? "vr" : "value") + " is NULL but nvr is " + n);
            return false;
        }
        return true;
    }

    /** The current state's name as the specification writes it. */
    String stateName() {
        return state.toString();
    }

    /** Starts the tree at the start time if needed, else settles new inputs at the current instant. */
    void settle() {
        if (tree.isStarted()) {
            tree.settle();
        } else {
            tree.start(startTime);
        }
        unsettled = false;
        unpropagated = false;
    }

    // ---- lifecycle ----

    int setDebugLogging(boolean on, long n, long categories) {
        if (!callable(FmiFunction.SET_DEBUG_LOGGING)) {
            return ERROR;
        }
        if (n == 0) {
            log.enableAll(on);
            return OK;
        }
        if (!arrays(n, categories, categories)) {
            return ERROR;
        }
        LogCategory[] named = new LogCategory[(int) n];
        for (int i = 0; i < n; i++) {
            String name = NativeMemory.getString(NativeMemory.getLong(categories + 8L * i));
            named[i] = LogCategory.byFmiName(name);
            if (named[i] == null) {
                return error("categories[" + i + "] = " + (name == null ? "NULL" : "'" + name + "'")
                        + " is not a log category of this FMU ("
                        + Arrays.stream(LogCategory.values()).map(LogCategory::fmiName)
                                .collect(Collectors.joining(", ")) + ")");
            }
        }
        for (LogCategory category : named) {
            log.enable(category, on);
        }
        return OK;
    }

    int setupExperiment(boolean toleranceDefined, double tolerance, double start,
            boolean stopDefined, double stop) {
        if (!callable(FmiFunction.SETUP_EXPERIMENT)) {
            return ERROR;
        }
        if (!Double.isFinite(start)) {
            return error("startTime " + start + " is not a finite number");
        }
        if (stopDefined && !(stop >= start)) {
            return error("stopTime " + stop + " is before startTime " + start);
        }
        startTime = start;
        stopTimeDefined = stopDefined;
        stopTime = stop;
        return OK;
    }

    int enterInitializationMode() {
        if (!callable(FmiFunction.ENTER_INITIALIZATION_MODE)) {
            return ERROR;
        }
        moveTo(FmiState.INITIALIZATION_MODE);
        return OK;
    }

    int exitInitializationMode() {
        if (!callable(FmiFunction.EXIT_INITIALIZATION_MODE)) {
            return ERROR;
        }
        settle();
        preview = null;
        moveTo(FmiState.STEP_COMPLETE);
        return OK;
    }

    int terminate() {
        if (!callable(FmiFunction.TERMINATE)) {
            return ERROR;
        }
        moveTo(FmiState.TERMINATED);
        return OK;
    }

    int reset() {
        if (!callable(FmiFunction.RESET)) {
            return ERROR;
        }
        newTree();
        startTime = 0;
        stopTimeDefined = false;
        stopTime = 0;
        moveTo(FmiState.INSTANTIATED);
        return OK;
    }

    /** fmi2FreeInstance: releases the C copies of strings. Always succeeds. */
    void free() {
        current = FmiFunction.FREE_INSTANCE;
        values.freeStrings();
        stateCalls.clear();
        published.free();
    }

    // ---- communication step ----

    int doStep(double t, double h, boolean noSetFMUStatePriorToCurrentPoint) {
        return step.doStep(t, h);
    }

    /** A step stopped short: stepFailed, set directly (the Model Exchange states have no step). */
    void stepFailed() {
        state = FmiState.STEP_FAILED;
    }

    boolean unpropagated() {
        return unpropagated;
    }

    ProcessingMode processing() {
        return processing;
    }

    /** Publishes the tree's values for the shim (see {@link ValueCalls#publish}). */
    void publish() {
        values.publish(tree);
    }

    /** Why an instant did not settle, and where that leaves the instance, for the log. */
    static String notSettled(UnsettledInstantException e) {
        return "the instant t=" + e.time() + " did not settle within the mission's maxSweepsPerInstant = "
                + e.bound() + " event iterations; tasks still switching: " + e.tasks()
                + "; the instant is undone (state and outputs as just before it)";
    }

    /** The mission's Root asks the importer to stop once it has finished or aborted. */
    boolean finished() {
        Status root = tree.status(0);
        return tree.definition().node(0) instanceof Root r && r.terminateWhenDone()
                && (root == Status.FINISHED || root == Status.ABORTED);
    }

    /** A Model Exchange function called on a Co-Simulation instance: fmi2Error. */
    int notModelExchange(String fmiName) {
        log.log(ERROR, LogCategory.STATUS_ERROR, fmiName + ": is a Model Exchange function; this instance"
                + " was instantiated for Co-Simulation (fmi2CoSimulation)");
        moveTo(FmiState.ERROR);
        return ERROR;
    }

    int cancelStep() {
        return callable(FmiFunction.CANCEL_STEP) ? error("no step is in progress") : ERROR;
    }

    // ---- the fmi2Get*Status functions (StatusCalls) ----

    int getStatus(int kind, long value) {
        return statusCalls.getStatus(kind, value);
    }

    int getRealStatus(int kind, long value) {
        return statusCalls.getRealStatus(kind, value);
    }

    int getIntegerStatus(int kind, long value) {
        return statusCalls.getIntegerStatus(kind, value);
    }

    int getBooleanStatus(int kind, long value) {
        return statusCalls.getBooleanStatus(kind, value);
    }

    int getStringStatus(int kind, long value) {
        return statusCalls.getStringStatus(kind, value);
    }

    // ---- values (ValueCalls) ----

    /** The variable at vr[i] if it exists and has the type; else null after logging. */
    Entry variable(long vrs, long i, SlotType type) {
        return values.variable(vrs, i, type);
    }

    /** The variable at vr[i] if it may be set in this state (table conditions 1 to 6); else null. */
    Entry settable(long vrs, long i, SlotType type) {
        return values.settable(vrs, i, type);
    }

    int getReal(long vrs, long n, long values) {
        return this.values.getReal(vrs, n, values);
    }

    int getInteger(long vrs, long n, long values) {
        return this.values.getInteger(vrs, n, values);
    }

    int getBoolean(long vrs, long n, long values) {
        return this.values.getBoolean(vrs, n, values);
    }

    int getString(long vrs, long n, long values) {
        return this.values.getString(vrs, n, values);
    }

    int setReal(long vrs, long n, long values) {
        return this.values.setReal(vrs, n, values);
    }

    int setInteger(long vrs, long n, long values) {
        return this.values.setInteger(vrs, n, values);
    }

    int setBoolean(long vrs, long n, long values) {
        return this.values.setBoolean(vrs, n, values);
    }

    /** The n Boolean values at vr[0..n-1] once every one may be set (see {@link ValueCalls#setBooleans}). */
    int setBooleans(long vrs, long n, LongPredicate value) {
        return values.setBooleans(vrs, n, value);
    }

    int setString(long vrs, long n, long values) {
        return this.values.setString(vrs, n, values);
    }

    // ---- unsupported capabilities (modelDescription.xml declares them false) ----

    int getDirectionalDerivative() {
        return callable(FmiFunction.GET_DIRECTIONAL_DERIVATIVE)
                ? error("not supported (providesDirectionalDerivative=\"false\")") : ERROR;
    }

    int setRealInputDerivatives() {
        return callable(FmiFunction.SET_REAL_INPUT_DERIVATIVES)
                ? error("not supported (canInterpolateInputs=\"false\")") : ERROR;
    }

    int getRealOutputDerivatives() {
        return callable(FmiFunction.GET_REAL_OUTPUT_DERIVATIVES)
                ? error("not supported (maxOutputDerivativeOrder=\"0\")") : ERROR;
    }

    // ---- FMU state ----

    /** fmi2CoSimulation; the Model Exchange subclass says fmi2ModelExchange. */
    int fmuType() {
        return 1;
    }

    int stateOrdinal() {
        return state.ordinal();
    }

    int stateCount() {
        return FmiState.values().length;
    }

    /** The importer's current time: a Co-Simulation slave is where its last step ended. */
    double time() {
        return tree.time();
    }

    /** Takes the calling-sequence state (and the Model Exchange time) from a snapshot. */
    void restoreState(Snapshot snapshot) {
        state = FmiState.values()[snapshot.fmiState()];
    }

    // The FMU-state functions are FmuStateCalls'; the FMI surface stays here.

    int getFMUstate(long statePointer) {
        return stateCalls.getFMUstate(statePointer);
    }

    int setFMUstate(long handle) {
        return stateCalls.setFMUstate(handle);
    }

    int freeFMUstate(long statePointer) {
        return stateCalls.freeFMUstate(statePointer);
    }

    int serializedFMUstateSize(long handle, long sizePointer) {
        return stateCalls.serializedFMUstateSize(handle, sizePointer);
    }

    int serializeFMUstate(long handle, long bytes, long size) {
        return stateCalls.serializeFMUstate(handle, bytes, size);
    }

    int deSerializeFMUstate(long bytes, long size, long statePointer) {
        return stateCalls.deSerializeFMUstate(bytes, size, statePointer);
    }
}
