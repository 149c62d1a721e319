package org.btfmu.fmu;

import static org.btfmu.fmu.ImporterLog.DISCARD;
import static org.btfmu.fmu.ImporterLog.ERROR;
import static org.btfmu.fmu.ImporterLog.FATAL;
import static org.btfmu.fmu.ImporterLog.OK;
import static org.btfmu.fmu.ImporterLog.WARNING;

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
import org.btfmu.fmu.ModelVariables.Initial;
import org.btfmu.mission.Causality;
import org.btfmu.mission.Variability;

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
 * the values the shim may answer reads from {@link PublishedValues}'; the FMI functions
 * themselves stay callable here.
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
    private final NonFiniteValues nonFinite;
    /** C copies of String values handed out by fmi2GetString, per value reference. */
    private final String[] stringValues;
    private final long[] stringCopies;
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
        this.stringValues = new String[variables.size()];
        this.stringCopies = new long[variables.size()];
        this.nonFinite = new NonFiniteValues(resources.mission().nonFinite(), variables.size());
        this.published = new PublishedValues(variables, resources.mission().tree());
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
                setup = InstanceSetup.of(() -> ResourceLocation.toPath(location), guid, "fmuGUID", fmuType == 0,
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
        tree.addStatusListener(this::statusChanged);
        preview = null;
    }

    /** A fresh engine instance with the mission's safeguards, its warnings going to the log. */
    private TreeInstance engine() {
        TreeInstance engine = new TreeInstance(resources.mission().tree(), processing);
        engine.setMaxEventsPerAdvance(resources.mission().maxEventsPerStep());
        engine.setMaxIterationsPerInstant(resources.mission().maxSweepsPerInstant());
        engine.setNonFinite(resources.mission().nonFinite());
        engine.addWarningListener(message -> log.log(WARNING, LogCategory.STATUS_WARNING, message));
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

    private void statusChanged(double time, int taskIndex, String path, Status old, Status now) {
        if (log.enabled(LogCategory.TASK_STATUS)) {
            log.log(OK, LogCategory.TASK_STATUS, "t=" + time + " " + path + ": " + old + " -> " + now);
        }
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

    /** The variable at vr[i] if it exists and has the type; else null after logging. */
    Entry variable(long vrs, long i, SlotType type) {
        long vr = Integer.toUnsignedLong(NativeMemory.getInt(vrs + 4 * i));
        Entry variable = variables.get(vr);
        if (variable == null) {
            error("vr[" + i + "] = " + vr + " is not a value reference of this FMU (it has 0.."
                    + (variables.size() - 1) + ")");
            return null;
        }
        if (variable.type() != type) {
            error("vr[" + i + "] = " + vr + " is the " + typeName(variable.type()) + " variable '"
                    + variable.name() + "', not a " + typeName(type));
            return null;
        }
        return variable;
    }

    /** The variable at vr[i] if it may be set in this state (table conditions 1 to 6); else null. */
    Entry settable(long vrs, long i, SlotType type) {
        Entry variable = variable(vrs, i, type);
        if (variable == null) {
            return null;
        }
        boolean input = variable.causality() == Causality.INPUT;
        boolean exact = variable.initial() == Initial.EXACT;
        char condition = condition();
        boolean allowed = switch (condition) {
            case '1' -> exact;
            case '2' -> exact || input;
            case '3' -> exact || input;
            case '4', '6' -> input || (variable.causality() == Causality.PARAMETER
                    && variable.variability() == Variability.TUNABLE);
            case '5' -> input && variable.type() == SlotType.REAL;
            default -> false;
        };
        if (!allowed) {
            String may = switch (condition) {
                case '1' -> "only parameters can be set before Initialization Mode";
                case '2' -> "only parameters and inputs can be set before Initialization Mode";
                case '3' -> "only parameters and inputs can be set in Initialization Mode";
                case '5' -> "only continuous (Real) inputs can be set in Continuous-Time Mode;"
                        + " set discrete inputs in Event Mode";
                default -> "only inputs and tunable parameters can be set after initialization";
            };
            error("variable '" + variable.name() + "' (" + describe(variable) + ") may not be set in"
                    + " state " + stateName() + ": " + may);
            return null;
        }
        return variable;
    }

    private static String describe(Entry variable) {
        String causality = variable.isTaskStatus() ? "task status output"
                : variable.causality().name().toLowerCase();
        return variable.variability() == Variability.TUNABLE || variable.variability() == Variability.FIXED
                ? variable.variability().name().toLowerCase() + " " + causality : causality;
    }

    private static String typeName(SlotType type) {
        return switch (type) {
            case REAL -> "Real";
            case INTEGER -> "Integer";
            case BOOLEAN -> "Boolean";
            case STRING -> "String";
        };
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
        for (int i = 0; i < stringCopies.length; i++) {
            NativeMemory.free(stringCopies[i]);
            stringCopies[i] = 0;
        }
        stateCalls.clear();
        published.free();
    }

    // ---- communication step ----

    int doStep(double t, double h, boolean noSetFMUStatePriorToCurrentPoint) {
        if (!callable(FmiFunction.DO_STEP)) {
            return ERROR;
        }
        if (!(h > 0) || !Double.isFinite(h)) {
            return error("communicationStepSize " + h + " must be > 0");
        }
        double now = tree.time();
        if (Math.abs(t - now) > tolerance(now)) {
            return error("currentCommunicationPoint " + t + " is not the FMU's time " + now
                    + " (steps must continue where the last step, or fmi2SetFMUstate, left off)");
        }
        double end = t + h;
        if (stopTimeDefined && end > stopTime + tolerance(stopTime)) {
            return error("the step to " + end + " goes past the stopTime " + stopTime
                    + " set by fmi2SetupExperiment");
        }
        var before = log.enabled(LogCategory.EVENTS) || log.enabled(LogCategory.CALLS) ? tree.counters() : null;
        boolean complete;
        try {
            if (!tree.isStarted() || unsettled && !processing.isTicked()) {
                settle(); // a ticked tree sees new inputs only at its next tick
            }
            complete = tree.advanceTo(Math.max(end, now));
        } catch (UnsettledInstantException e) {
            // The engine undid the instant: the state is its left limit, every earlier event of
            // the step completed, so the step computed [t, e.time()) (FMI 2.0 §4.2.3).
            state = FmiState.STEP_FAILED;
            log.log(DISCARD, LogCategory.STATUS_DISCARD, current + ": stopped at t=" + tree.time()
                    + " of the step to t=" + end + ": " + notSettled(e) + "; fmi2GetRealStatus("
                    + "fmi2LastSuccessfulTime) is " + tree.time() + ". Redone from a saved state, the step meets"
                    + " the same instant again: change the inputs, raise maxSweepsPerInstant or stop the tasks"
                    + " switching each other");
            return DISCARD;
        }
        if (!complete) {
            // FMI 2.0 §4.2.3: only a subinterval was computed; the master learns how far from
            // fmi2GetRealStatus(fmi2LastSuccessfulTime) and may redo the step from a saved state.
            state = FmiState.STEP_FAILED;
            log.log(DISCARD, LogCategory.STATUS_DISCARD, current + ": stopped at t=" + tree.time()
                    + " of the step to t=" + end + ": the step needs more than the mission's maxEventsPerStep = "
                    + resources.mission().maxEventsPerStep() + " time events; fmi2GetRealStatus("
                    + "fmi2LastSuccessfulTime) is " + tree.time() + ". Take smaller steps or raise"
                    + " maxEventsPerStep");
            return DISCARD;
        }
        if (before != null) {
            var after = tree.counters();
            // a step in which nothing happened is per-call tracing: only when logCalls is named
            LogCategory category = after.timeEvents() > before.timeEvents()
                    || after.eventIterations() > before.eventIterations() ? LogCategory.EVENTS : LogCategory.CALLS;
            if (log.enabled(category)) {
                log.log(OK, category, "step to t=" + end + ": "
                        + (after.timeEvents() - before.timeEvents()) + " time events, "
                        + (after.eventIterations() - before.eventIterations()) + " event iterations, "
                        + (after.taskEvaluations() - before.taskEvaluations()) + " task evaluations, "
                        + (after.predicateChecks() - before.predicateChecks()) + " predicate checks");
            }
        }
        if (!unpropagated) {
            publish(tree); // the reads that follow a step need no up-call
        }
        return OK;
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

    /** Communication points are sums of step sizes: allow for their rounding. */
    private static double tolerance(double time) {
        return 1e-9 * Math.max(1.0, Math.abs(time));
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

    // ---- values ----

    int getReal(long vrs, long n, long values) {
        if (!callable(FmiFunction.GET_REAL) || !arrays(n, vrs, values)) {
            return ERROR;
        }
        TreeInstance view = reading();
        for (long i = 0; i < n; i++) {
            Entry variable = variable(vrs, i, SlotType.REAL);
            if (variable == null) {
                return ERROR;
            }
            NativeMemory.putDouble(values + 8 * i, view.getReal(variable.slot()));
        }
        publish(view);
        return OK;
    }

    int getInteger(long vrs, long n, long values) {
        if (!callable(FmiFunction.GET_INTEGER) || !arrays(n, vrs, values)) {
            return ERROR;
        }
        TreeInstance view = reading();
        for (long i = 0; i < n; i++) {
            Entry variable = variable(vrs, i, SlotType.INTEGER);
            if (variable == null) {
                return ERROR;
            }
            int value = variable.isTaskStatus()
                    ? ModelVariables.statusValue(view.status(variable.taskIndex()))
                    : view.getInteger(variable.slot());
            NativeMemory.putInt(values + 4 * i, value);
        }
        publish(view);
        return OK;
    }

    int getBoolean(long vrs, long n, long values) {
        if (!callable(FmiFunction.GET_BOOLEAN) || !arrays(n, vrs, values)) {
            return ERROR;
        }
        TreeInstance view = reading();
        for (long i = 0; i < n; i++) {
            Entry variable = variable(vrs, i, SlotType.BOOLEAN);
            if (variable == null) {
                return ERROR;
            }
            NativeMemory.putInt(values + 4 * i, view.getBoolean(variable.slot()) ? 1 : 0);
        }
        publish(view);
        return OK;
    }

    /**
     * After a fmi2GetReal/Integer/Boolean or fmi2DoStep that succeeded in Step Mode of
     * Co-Simulation: every value as this call saw it, for the shim to answer the next reads from
     * (and take the next sets of inputs) until it calls Java again. Not with logCalls on (every call is logged here) nor in Initialization Mode
     * (whose preview is rebuilt on the next set) nor for Model Exchange (its values move with
     * time and states).
     */
    private void publish(TreeInstance view) {
        if (view == tree && state == FmiState.STEP_COMPLETE && fmuType() == 1
                && !log.enabled(LogCategory.CALLS)) {
            published.publish(view);
        }
    }

    int getString(long vrs, long n, long values) {
        if (!callable(FmiFunction.GET_STRING) || !arrays(n, vrs, values)) {
            return ERROR;
        }
        TreeInstance view = reading();
        for (long i = 0; i < n; i++) {
            Entry variable = variable(vrs, i, SlotType.STRING);
            if (variable == null) {
                return ERROR;
            }
            int vr = variable.valueReference();
            String value = view.getString(variable.slot());
            if (!value.equals(stringValues[vr])) {
                // The importer may hold the old pointer until its next call; we keep ours until
                // the value changes.
                NativeMemory.free(stringCopies[vr]);
                stringCopies[vr] = NativeMemory.allocateString(value);
                stringValues[vr] = value;
            }
            NativeMemory.putLong(values + 8 * i, stringCopies[vr]);
        }
        return OK;
    }

    int setReal(long vrs, long n, long values) {
        if (!callable(FmiFunction.SET_REAL) || !arrays(n, vrs, values)) {
            return ERROR;
        }
        for (long i = 0; i < n; i++) {
            Entry variable = settable(vrs, i, SlotType.REAL);
            if (variable == null) {
                return ERROR;
            }
            String refusal = nonFinite.refusal(variable, i, NativeMemory.getDouble(values + 8 * i), log, functionName());
            if (refusal != null) {
                return error(refusal);
            }
        }
        for (long i = 0; i < n; i++) {
            Entry variable = variables.get(Integer.toUnsignedLong(NativeMemory.getInt(vrs + 4 * i)));
            tree.setReal(variable.slot(), NativeMemory.getDouble(values + 8 * i));
        }
        valuesSet();
        return OK;
    }

    int setInteger(long vrs, long n, long values) {
        if (!callable(FmiFunction.SET_INTEGER) || !arrays(n, vrs, values)) {
            return ERROR;
        }
        for (long i = 0; i < n; i++) {
            if (settable(vrs, i, SlotType.INTEGER) == null) {
                return ERROR;
            }
        }
        for (long i = 0; i < n; i++) {
            Entry variable = variables.get(Integer.toUnsignedLong(NativeMemory.getInt(vrs + 4 * i)));
            tree.setInteger(variable.slot(), NativeMemory.getInt(values + 4 * i));
        }
        valuesSet();
        return OK;
    }

    int setBoolean(long vrs, long n, long values) {
        if (!callable(FmiFunction.SET_BOOLEAN) || !arrays(n, vrs, values)) {
            return ERROR;
        }
        return setBooleans(vrs, n, i -> NativeMemory.getInt(values + 4 * i) != 0); // fmi2Boolean: int
    }

    /**
     * The n Boolean values at vr[0..n-1], once every one of them may be set; value(i) reads the
     * i-th from the importer's array (an fmi2Boolean int, an fmi3Boolean byte).
     */
    int setBooleans(long vrs, long n, LongPredicate value) {
        for (long i = 0; i < n; i++) {
            if (settable(vrs, i, SlotType.BOOLEAN) == null) {
                return ERROR;
            }
        }
        for (long i = 0; i < n; i++) {
            Entry variable = variables.get(Integer.toUnsignedLong(NativeMemory.getInt(vrs + 4 * i)));
            tree.setBoolean(variable.slot(), value.test(i));
        }
        valuesSet();
        return OK;
    }

    int setString(long vrs, long n, long values) {
        if (!callable(FmiFunction.SET_STRING) || !arrays(n, vrs, values)) {
            return ERROR;
        }
        for (long i = 0; i < n; i++) {
            if (settable(vrs, i, SlotType.STRING) == null) {
                return ERROR;
            }
            if (NativeMemory.getLong(values + 8 * i) == 0) {
                return error("value[" + i + "] is NULL");
            }
        }
        for (long i = 0; i < n; i++) {
            Entry variable = variables.get(Integer.toUnsignedLong(NativeMemory.getInt(vrs + 4 * i)));
            tree.setString(variable.slot(), NativeMemory.getString(NativeMemory.getLong(values + 8 * i)));
        }
        valuesSet();
        return OK;
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
