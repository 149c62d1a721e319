package org.btfmu.fmu;

import static org.btfmu.fmu.ImporterLog.ERROR;
import static org.btfmu.fmu.ImporterLog.OK;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Collectors;
import org.btfmu.core.ProcessingMode;
import org.btfmu.core.TreeInstance;
import org.btfmu.core.UnsettledInstantException;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.fmu.FmuStates.Snapshot;
import org.btfmu.fmu.ModelVariables.Entry;

/**
 * One FMI 3.0 instance of a mission, Model Exchange or Co-Simulation: its calling sequence is
 * {@link Fmi3Function}'s table; values, FMU states, logging and the engine are the FMI 2.0
 * slave's ({@link FmuSlave}), reached through the same overrides as {@link ModelExchangeSlave}.
 *
 * <p>Variables (the packager's FMI 3.0 model description): the mission's variables with
 * their FMI 2.0 value references (Real as Float64, Integer as Int32, task statuses as
 * Enumeration read with fmi3GetInt64), then the independent variable {@code time} at
 * {@link #timeReference(ModelVariables)}, then one Float64 per event indicator.
 *
 * <p>Co-Simulation and events (docs/fmi3.md "FMI 3.0"): the mission's own time events (Wait,
 * Timeout, entry and exit durations, delayed transitions, held results; the ticks of a ticked
 * mission) are the only instants inside a step at which its outputs can change, since inputs
 * are constant within a step. With {@code earlyReturnAllowed}, fmi3DoStep stops at the first
 * one inside the step ({@code earlyReturn}, {@code lastSuccessfulTime} = its time):
 * <ul>
 * <li>with {@code eventModeUsed}: before processing it, with {@code eventHandlingNeeded}; the
 * master sets inputs in Event Mode and fmi3UpdateDiscreteStates processes the event with them
 * (an event exactly at the end of the step is signalled the same way, without early return);</li>
 * <li>without: after processing it, so the master reads the outputs of that instant.</li>
 * </ul>
 * Without {@code earlyReturnAllowed} a step processes every event inside it, as in FMI 2.0.
 * An instant that does not settle, or a step needing more than {@code maxEventsPerStep}
 * events, is fmi3Error (FMI 3.0 allows fmi3Discard only with the state unchanged).
 *
 * <p>Model Exchange: as the FMI 2.0 slave, no continuous states, the predicates' crossing
 * functions as event indicators, the tree's next wake-up as {@code nextEventTime}.
 */
final class Fmi3Slave extends FmuSlave {

    /** Interface types of FMU snapshots, apart from FMI 2.0's 0 and 1. */
    private static final int SNAPSHOT_ME = 2;
    private static final int SNAPSHOT_CS = 3;

    private final boolean modelExchange;
    private final boolean eventModeUsed;
    private final boolean earlyReturnAllowed;
    private final int timeReference;
    private final double[] indicators;
    private Fmi3State state = Fmi3State.INSTANTIATED;
    private Fmi3Function serving;
    private String servingName;
    /**
     * The importer's time: Model Exchange, fmi3SetTime's; Co-Simulation, where the last step
     * ended. The tree stays at its last event until the next one is processed.
     */
    private double time;
    /** Co-Simulation: fmi3DoStep signalled eventHandlingNeeded; Event Mode must handle it. */
    private boolean eventPending;

    private Fmi3Slave(FmuResources resources, ProcessingMode processing, ImporterLog log,
            boolean modelExchange, boolean eventModeUsed, boolean earlyReturnAllowed) {
        super(resources, processing, log);
        this.modelExchange = modelExchange;
        this.eventModeUsed = eventModeUsed && !modelExchange;
        this.earlyReturnAllowed = earlyReturnAllowed && !modelExchange;
        this.timeReference = timeReference(variables);
        this.indicators = new double[resources.mission().tree().crossingCount()];
    }

    /** The value reference of the independent variable; the event indicators follow it. */
    static int timeReference(ModelVariables variables) {
        return variables.size();
    }

    /**
     * fmi3InstantiateModelExchange (interfaceType 0) or fmi3InstantiateCoSimulation (1) after
     * the shim found the JVM; Scheduled Execution (2) is refused. Returns null after logging
     * why the arguments do not fit the FMU.
     */
    static Fmi3Slave instantiate(String instanceName, int interfaceType, String token, String resourcePath,
            boolean eventModeUsed, boolean earlyReturnAllowed, ImporterLog log) {
        String function = switch (interfaceType) {
            case 0 -> "fmi3InstantiateModelExchange";
            case 1 -> "fmi3InstantiateCoSimulation";
            default -> "fmi3InstantiateScheduledExecution";
        };
        String problem = null;
        InstanceSetup setup = null;
        if (interfaceType != 0 && interfaceType != 1) {
            problem = "this FMU offers no Scheduled Execution (modelDescription.xml has no <ScheduledExecution>)";
        } else if (instanceName == null || instanceName.isBlank()) {
            problem = "instanceName is NULL or empty";
        } else if (token == null) {
            problem = "instantiationToken is NULL";
        } else {
            try {
                setup = InstanceSetup.of(Path.of(resourcePath), token, "instantiationToken",
                        interfaceType == 0, "");
            } catch (IllegalArgumentException e) {
                problem = e.getMessage();
            }
        }
        if (problem != null) {
            log.log(ERROR, LogCategory.STATUS_ERROR, function + ": " + problem);
            return null;
        }
        return new Fmi3Slave(setup.resources(), setup.processing(), log, interfaceType == 0, eventModeUsed,
                earlyReturnAllowed);
    }

    Fmi3State fmi3State() {
        return state;
    }

    // ---- the calling sequence: this standard's table ----

    @Override
    boolean callable(FmiFunction function) {
        current = function;
        Fmi3Function row = switch (function) {
            case SET_DEBUG_LOGGING -> Fmi3Function.SET_DEBUG_LOGGING;
            case SETUP_EXPERIMENT, ENTER_INITIALIZATION_MODE -> Fmi3Function.ENTER_INITIALIZATION_MODE;
            case EXIT_INITIALIZATION_MODE -> Fmi3Function.EXIT_INITIALIZATION_MODE;
            case TERMINATE -> Fmi3Function.TERMINATE;
            case RESET -> Fmi3Function.RESET;
            case GET_REAL -> Fmi3Function.GET_FLOAT64;
            case GET_INTEGER -> Fmi3Function.GET_INT32;
            case GET_STRING -> Fmi3Function.GET_STRING;
            case SET_REAL -> Fmi3Function.SET_FLOAT64;
            case SET_INTEGER -> Fmi3Function.SET_INT32;
            case SET_STRING -> Fmi3Function.SET_STRING;
            case GET_FMU_STATE -> Fmi3Function.GET_FMU_STATE;
            case SET_FMU_STATE -> Fmi3Function.SET_FMU_STATE;
            case FREE_FMU_STATE -> Fmi3Function.FREE_FMU_STATE;
            case SERIALIZED_FMU_STATE_SIZE -> Fmi3Function.SERIALIZED_FMU_STATE_SIZE;
            case SERIALIZE_FMU_STATE -> Fmi3Function.SERIALIZE_FMU_STATE;
            case DESERIALIZE_FMU_STATE -> Fmi3Function.DESERIALIZE_FMU_STATE;
            default -> null;
        };
        if (row == null) {
            throw new IllegalStateException(function + " has no FMI 3.0 counterpart");
        }
        return callable(row);
    }

    boolean callable(Fmi3Function function) {
        serving = function;
        servingName = function.fmiName();
        if (log.enabled(LogCategory.CALLS)) {
            log.log(OK, LogCategory.CALLS, function + " in state " + state);
        }
        if (!function.belongsTo(modelExchange)) {
            error(modelExchange ? "is a Co-Simulation function; this instance was instantiated with"
                    + " fmi3InstantiateModelExchange" : "is a Model Exchange function; this instance was"
                    + " instantiated with fmi3InstantiateCoSimulation");
            return false;
        }
        if (function.allowedIn(state)) {
            return true;
        }
        String allowed = Arrays.stream(Fmi3State.values()).filter(function::allowedIn)
                .map(Fmi3State::toString).collect(Collectors.joining(", "));
        error("may not be called in state " + state + " (allowed in: "
                + (allowed.isEmpty() ? "no state of this FMU" : allowed) + ")");
        return false;
    }

    @Override
    String functionName() {
        return servingName != null ? servingName : super.functionName();
    }

    /** FMI 3.0 §2.3: an error leaves the instance in Terminated; fatal stays fatal. */
    @Override
    void moveTo(FmiState next) {
        if (state == Fmi3State.FATAL) {
            return;
        }
        state = switch (next) {
            case INSTANTIATED -> Fmi3State.INSTANTIATED;
            case INITIALIZATION_MODE -> Fmi3State.INITIALIZATION_MODE;
            case STEP_COMPLETE -> modelExchange || eventModeUsed ? Fmi3State.EVENT_MODE : Fmi3State.STEP_MODE;
            case FATAL -> Fmi3State.FATAL;
            default -> Fmi3State.TERMINATED;
        };
    }

    @Override
    char condition() {
        return serving.cell(state);
    }

    @Override
    boolean inInitializationMode() {
        return state == Fmi3State.INITIALIZATION_MODE;
    }

    @Override
    String stateName() {
        return state.toString();
    }

    /** Values set since the last event show at once in the outputs they feed (direct feedthrough). */
    @Override
    TreeInstance reading() {
        if (!inInitializationMode() && tree.isStarted()) {
            tree.propagate();
        }
        return super.reading();
    }

    @Override
    int fmuType() {
        return modelExchange ? SNAPSHOT_ME : SNAPSHOT_CS;
    }

    @Override
    int stateOrdinal() {
        return state.ordinal();
    }

    @Override
    int stateCount() {
        return Fmi3State.values().length;
    }

    @Override
    double time() {
        return time;
    }

    @Override
    void restoreState(Snapshot snapshot) {
        state = Fmi3State.values()[snapshot.fmiState()];
        time = snapshot.time();
        // a step that signalled an event stopped just before it (doStep)
        eventPending = !modelExchange && state == Fmi3State.STEP_MODE && tree.time() < time;
    }

    // ---- lifecycle ----

    int enterInitializationMode(boolean toleranceDefined, double tolerance, double start, boolean stopDefined,
            double stop) {
        int status = setupExperiment(toleranceDefined, tolerance, start, stopDefined, stop);
        if (status != OK) {
            return status;
        }
        time = start;
        return enterInitializationMode();
    }

    @Override
    int exitInitializationMode() {
        int status = super.exitInitializationMode();
        if (status == OK) {
            time = tree.time();
            eventPending = false;
        }
        return status;
    }

    @Override
    int reset() {
        int status = super.reset();
        if (status == OK) {
            time = 0;
            eventPending = false;
        }
        return status;
    }

    int enterEventMode() {
        if (!callable(Fmi3Function.ENTER_EVENT_MODE)) {
            return ERROR;
        }
        if (!modelExchange && !eventModeUsed) {
            return error("this instance was instantiated with eventModeUsed = fmi3False, so it has no Event Mode");
        }
        state = Fmi3State.EVENT_MODE;
        return OK;
    }

    /** fmi3EvaluateDiscreteStates: ignored, as providesEvaluateDiscreteStates="false" says (§2.3.3). */
    int evaluateDiscreteStates() {
        return callable(Fmi3Function.EVALUATE_DISCRETE_STATES) ? OK : ERROR;
    }

    /**
     * Processes every time event up to the importer's time and the values set since, as one
     * event iteration to the fixed point: it never asks for another update.
     */
    int updateDiscreteStates(long needUpdate, long terminate, long nominalsChanged, long valuesChanged,
            long nextDefined, long nextTime) {
        if (!callable(Fmi3Function.UPDATE_DISCRETE_STATES)) {
            return ERROR;
        }
        if (needUpdate == 0 || terminate == 0 || nominalsChanged == 0 || valuesChanged == 0 || nextDefined == 0
                || nextTime == 0) {
            return error("an output argument is NULL");
        }
        try {
            if (!tree.advanceTo(time)) {
                return error("the time events up to t=" + time + " are more than the mission's maxEventsPerStep = "
                        + resources.mission().maxEventsPerStep() + "; the tree stopped after the event at t="
                        + tree.time() + " (handle the events at each nextEventTime reported)");
            }
        } catch (UnsettledInstantException e) {
            return error(notSettled(e));
        }
        unsettled = false;
        eventPending = false;
        double next = tree.nextEventTime();
        boolean defined = next < Double.POSITIVE_INFINITY;
        NativeMemory.putByte(needUpdate, (byte) 0);
        NativeMemory.putByte(terminate, (byte) (finished() ? 1 : 0));
        NativeMemory.putByte(nominalsChanged, (byte) 0);
        NativeMemory.putByte(valuesChanged, (byte) 0);
        NativeMemory.putByte(nextDefined, (byte) (defined ? 1 : 0));
        NativeMemory.putDouble(nextTime, defined ? next : time);
        if (log.enabled(LogCategory.EVENTS)) {
            log.log(OK, LogCategory.EVENTS, "event at t=" + time + (defined ? "; next time event at t=" + next : ""));
        }
        return OK;
    }

    // ---- Co-Simulation ----

    int enterStepMode() {
        if (!callable(Fmi3Function.ENTER_STEP_MODE)) {
            return ERROR;
        }
        if (eventPending) {
            return error("the event at t=" + time + " that fmi3DoStep signalled (eventHandlingNeeded) is not handled:"
                    + " call fmi3UpdateDiscreteStates first");
        }
        state = Fmi3State.STEP_MODE;
        return OK;
    }

    int doStep(double t, double h, long eventHandlingNeeded, long terminate, long earlyReturn,
            long lastSuccessfulTime) {
        if (!callable(Fmi3Function.DO_STEP)) {
            return ERROR;
        }
        if (eventHandlingNeeded == 0 || terminate == 0 || earlyReturn == 0 || lastSuccessfulTime == 0) {
            return error("an output argument is NULL");
        }
        if (eventPending) {
            return error("the last step returned eventHandlingNeeded at t=" + time
                    + ": call fmi3EnterEventMode and fmi3UpdateDiscreteStates before the next step");
        }
        if (!(h > 0) || !Double.isFinite(h)) {
            return error("communicationStepSize " + h + " must be > 0");
        }
        if (Math.abs(t - time) > tolerance(time)) {
            return error("currentCommunicationPoint " + t + " is not the FMU's time " + time
                    + " (steps continue where the last step, an early return or fmi3SetFMUState left off)");
        }
        double end = t + h;
        if (stopTimeDefined && end > stopTime + tolerance(stopTime)) {
            return error("the step to " + end + " goes past the stopTime " + stopTime
                    + " set by fmi3EnterInitializationMode");
        }
        boolean early = false;
        boolean signal = false;
        double reached = end;
        try {
            if (!tree.isStarted() || unsettled && !tree.mode().isTicked()) {
                settle(); // a ticked tree sees new inputs only at its next tick
            }
            double next = tree.nextEventTime();
            if (earlyReturnAllowed && next <= end + tolerance(end)) {
                early = next < end - tolerance(end);
                reached = early ? next : end;
                if (eventModeUsed) {
                    // stop at the event's left limit: the tree stays at its last event, as nothing
                    // happens in between (inputs held); fmi3UpdateDiscreteStates processes it
                    signal = true;
                } else if (early && !tree.advanceTo(next)) {
                    return error(tooManyEvents(next));
                } else if (!early && !tree.advanceTo(end)) {
                    return error(tooManyEvents(end));
                }
            } else if (!tree.advanceTo(Math.max(end, tree.time()))) {
                return error(tooManyEvents(end));
            }
        } catch (UnsettledInstantException e) {
            return error(notSettled(e));
        }
        time = reached;
        eventPending = signal;
        NativeMemory.putByte(eventHandlingNeeded, (byte) (signal ? 1 : 0));
        NativeMemory.putByte(terminate, (byte) (finished() ? 1 : 0));
        NativeMemory.putByte(earlyReturn, (byte) (early ? 1 : 0));
        NativeMemory.putDouble(lastSuccessfulTime, reached);
        if (early && log.enabled(LogCategory.EVENTS)) {
            log.log(OK, LogCategory.EVENTS, "step to t=" + end + " returns early at the time event t=" + reached
                    + (signal ? " (event handling needed)" : ""));
        }
        return OK;
    }

    private String tooManyEvents(double to) {
        return "the step to t=" + to + " needs more than the mission's maxEventsPerStep = "
                + resources.mission().maxEventsPerStep() + " time events (the tree stopped after the event at t="
                + tree.time() + "); take smaller steps, allow early return or raise maxEventsPerStep";
    }

    // ---- Model Exchange ----

    int setTime(double t) {
        if (!callable(Fmi3Function.SET_TIME)) {
            return ERROR;
        }
        if (!Double.isFinite(t)) {
            return error("time " + t + " is not finite");
        }
        double event = tree.time();
        if (t < event - tolerance(event)) {
            return error("time " + t + " is before the last event at t=" + event);
        }
        if (stopTimeDefined && t > stopTime + tolerance(stopTime)) {
            return error("time " + t + " is past the stopTime " + stopTime);
        }
        time = Math.max(t, event);
        return OK;
    }

    int enterContinuousTimeMode() {
        if (!callable(Fmi3Function.ENTER_CONTINUOUS_TIME_MODE)) {
            return ERROR;
        }
        state = Fmi3State.CONTINUOUS_TIME_MODE;
        return OK;
    }

    int completedIntegratorStep(long enterEventMode, long terminate) {
        if (!callable(Fmi3Function.COMPLETED_INTEGRATOR_STEP)) {
            return ERROR;
        }
        if (enterEventMode == 0 || terminate == 0) {
            return error((enterEventMode == 0 ? "enterEventMode" : "terminateSimulation") + " is NULL");
        }
        // no step events: every status change is announced by an event indicator or a time event
        NativeMemory.putByte(enterEventMode, (byte) 0);
        NativeMemory.putByte(terminate, (byte) 0);
        return OK;
    }

    int getEventIndicators(long values, long n) {
        if (!callable(Fmi3Function.GET_EVENT_INDICATORS)) {
            return ERROR;
        }
        if (n != indicators.length) {
            return error("nEventIndicators is " + Long.toUnsignedString(n) + ", but this FMU has "
                    + indicators.length + " (modelDescription.xml: <EventIndicator> elements)");
        }
        if (n > 0 && values == 0) {
            return error("eventIndicators is NULL");
        }
        reading().crossingValues(indicators);
        for (int i = 0; i < indicators.length; i++) {
            NativeMemory.putDouble(values + 8L * i, indicators[i]);
        }
        return OK;
    }

    /** fmi3Set/GetContinuousStates, fmi3GetContinuousStateDerivatives, fmi3GetNominals...: none. */
    int continuousStates(String function, long values, long n) {
        Fmi3Function row = Fmi3Function.byName(function);
        if (row == null || !callable(row)) {
            return ERROR;
        }
        if (n != 0) {
            return error("nContinuousStates is " + Long.toUnsignedString(n)
                    + ", but this FMU has no continuous states");
        }
        return OK;
    }

    int getNumberOf(Fmi3Function function, long count) {
        if (!callable(function)) {
            return ERROR;
        }
        if (count == 0) {
            return error("the output argument is NULL");
        }
        NativeMemory.putSize(count, function == Fmi3Function.GET_NUMBER_OF_EVENT_INDICATORS ? indicators.length : 0);
        return OK;
    }

    // ---- values ----

    /** FMI 3.0 scalars: one value per value reference; false after logging. */
    private boolean scalars(long nvr, long nValues) {
        if (nValues != nvr) {
            error("nValues " + Long.toUnsignedString(nValues) + " differs from nValueReferences "
                    + Long.toUnsignedString(nvr) + " (every variable of this FMU is a scalar)");
            return false;
        }
        return true;
    }

    /**
     * Checks that every value reference names a variable of the FMI 3.0 type (the independent
     * variable and the event indicators are Float64 that can be read only); false after logging,
     * with the FMI 3.0 type names.
     */
    private boolean typed(long vrs, long n, SlotType type, boolean reading) {
        for (long i = 0; i < n; i++) {
            long vr = Integer.toUnsignedLong(NativeMemory.getInt(vrs + 4 * i));
            String found;
            if (vr >= timeReference && vr <= timeReference + indicators.length) {
                if (type == SlotType.REAL && reading) {
                    continue;
                }
                found = (vr == timeReference ? "the independent variable 'time'" : "an event indicator")
                        + ", a Float64 that cannot be set";
            } else {
                Entry entry = variables.get(vr);
                if (entry == null) {
                    error("valueReferences[" + i + "] = " + vr + " is not a value reference of this FMU (it has 0.."
                            + (timeReference + indicators.length) + ")");
                    return false;
                }
                if (entry.type() == type && !entry.isTaskStatus()) {
                    continue;
                }
                found = "the " + typeName(entry) + " variable '" + entry.name() + "'";
            }
            error("valueReferences[" + i + "] = " + vr + " is " + found + ", not a " + typeName(type));
            return false;
        }
        return true;
    }

    private static String typeName(Entry entry) {
        return entry.isTaskStatus() ? "Enumeration (fmi3GetInt64)" : typeName(entry.type());
    }

    private static String typeName(SlotType type) {
        return switch (type) {
            case REAL -> "Float64";
            case INTEGER -> "Int32";
            case BOOLEAN -> "Boolean";
            case STRING -> "String";
        };
    }

    int getFloat64(long vrs, long n, long values, long nValues) {
        if (!callable(Fmi3Function.GET_FLOAT64) || !scalars(n, nValues) || !arrays(n, vrs, values)
                || !typed(vrs, n, SlotType.REAL, true)) {
            return ERROR;
        }
        TreeInstance view = reading();
        boolean indicatorsRead = false;
        for (long i = 0; i < n; i++) {
            long vr = Integer.toUnsignedLong(NativeMemory.getInt(vrs + 4 * i));
            double value;
            if (vr == timeReference) {
                value = time;
            } else if (vr > timeReference && vr <= timeReference + indicators.length) {
                if (!indicatorsRead) {
                    view.crossingValues(indicators);
                    indicatorsRead = true;
                }
                value = indicators[(int) (vr - timeReference - 1)];
            } else {
                value = view.getReal(variables.get(vr).slot());
            }
            NativeMemory.putDouble(values + 8 * i, value);
        }
        return OK;
    }

    int setFloat64(long vrs, long n, long values, long nValues) {
        if (!callable(Fmi3Function.SET_FLOAT64) || !scalars(n, nValues) || !arrays(n, vrs, values)
                || !typed(vrs, n, SlotType.REAL, false)) {
            return ERROR;
        }
        return setReal(vrs, n, values);
    }

    int getInt32(long vrs, long n, long values, long nValues) {
        if (!callable(Fmi3Function.GET_INT32) || !scalars(n, nValues) || !arrays(n, vrs, values)
                || !typed(vrs, n, SlotType.INTEGER, true)) {
            return ERROR;
        }
        return getInteger(vrs, n, values);
    }

    int setInt32(long vrs, long n, long values, long nValues) {
        if (!callable(Fmi3Function.SET_INT32) || !scalars(n, nValues) || !arrays(n, vrs, values)
                || !typed(vrs, n, SlotType.INTEGER, false)) {
            return ERROR;
        }
        return setInteger(vrs, n, values);
    }

    /** Int64 variables are the task statuses (Enumeration). */
    int getInt64(long vrs, long n, long values, long nValues) {
        if (!callable(Fmi3Function.GET_INT64) || !scalars(n, nValues) || !arrays(n, vrs, values)) {
            return ERROR;
        }
        TreeInstance view = reading();
        for (long i = 0; i < n; i++) {
            Entry variable = status(vrs, i);
            if (variable == null) {
                return ERROR;
            }
            NativeMemory.putLong(values + 8 * i, ModelVariables.statusValue(view.status(variable.taskIndex())));
        }
        return OK;
    }

    /** Task statuses are outputs: nothing of type Int64 can be set. */
    int setInt64(long vrs, long n, long values, long nValues) {
        if (!callable(Fmi3Function.SET_INT64) || !scalars(n, nValues) || !arrays(n, vrs, values)) {
            return ERROR;
        }
        for (long i = 0; i < n; i++) {
            Entry variable = status(vrs, i);
            if (variable == null) {
                return ERROR;
            }
            return error("variable '" + variable.name() + "' is a task status output; it cannot be set");
        }
        return OK;
    }

    private Entry status(long vrs, long i) {
        long vr = Integer.toUnsignedLong(NativeMemory.getInt(vrs + 4 * i));
        Entry variable = variables.get(vr);
        if (variable == null || !variable.isTaskStatus()) {
            error("valueReferences[" + i + "] = " + vr + " is not an Enumeration (task status) variable of this FMU");
            return null;
        }
        return variable;
    }

    int getBoolean(long vrs, long n, long values, long nValues) {
        if (!callable(Fmi3Function.GET_BOOLEAN) || !scalars(n, nValues) || !arrays(n, vrs, values)
                || !typed(vrs, n, SlotType.BOOLEAN, true)) {
            return ERROR;
        }
        TreeInstance view = reading();
        for (long i = 0; i < n; i++) {
            Entry variable = variables.get(Integer.toUnsignedLong(NativeMemory.getInt(vrs + 4 * i)));
            NativeMemory.putByte(values + i, (byte) (view.getBoolean(variable.slot()) ? 1 : 0));
        }
        return OK;
    }

    int setBoolean(long vrs, long n, long values, long nValues) {
        if (!callable(Fmi3Function.SET_BOOLEAN) || !scalars(n, nValues) || !arrays(n, vrs, values)
                || !typed(vrs, n, SlotType.BOOLEAN, false)) {
            return ERROR;
        }
        return setBooleans(vrs, n, i -> NativeMemory.getByte(values + i) != 0); // fmi3Boolean: bool
    }

    int getString(long vrs, long n, long values, long nValues) {
        if (!callable(Fmi3Function.GET_STRING) || !scalars(n, nValues) || !arrays(n, vrs, values)
                || !typed(vrs, n, SlotType.STRING, true)) {
            return ERROR;
        }
        return getString(vrs, n, values);
    }

    int setString(long vrs, long n, long values, long nValues) {
        if (!callable(Fmi3Function.SET_STRING) || !scalars(n, nValues) || !arrays(n, vrs, values)
                || !typed(vrs, n, SlotType.STRING, false)) {
            return ERROR;
        }
        return setString(vrs, n, values);
    }

    /** fmi3Get/Set of a type the FMU has no variable of: empty calls succeed, others name the problem. */
    int otherType(String function, long n) {
        if (!callable(function.startsWith("fmi3Get") ? Fmi3Function.GET_OTHER : Fmi3Function.SET_OTHER)) {
            return ERROR;
        }
        servingName = function;
        return n == 0 ? OK : error(function.endsWith("Clock") ? "not supported: the FMU has no clocks"
                : "this FMU has no variables of this type (its variables are Float64, Int32, Boolean, String"
                        + " and the Enumeration of task statuses, read with fmi3GetInt64)");
    }

    /** A function of a feature modelDescription.xml does not declare. */
    int unsupported(String function) {
        serving = null;
        servingName = function;
        current = null;
        if (log.enabled(LogCategory.CALLS)) {
            log.log(OK, LogCategory.CALLS, function + " in state " + state);
        }
        String why = function.contains("Derivative") ? "providesDirectionalDerivatives, providesAdjointDerivatives"
                + " and maxOutputDerivativeOrder are not declared"
                : function.contains("ConfigurationMode") ? "the FMU has no structural parameters"
                : function.contains("VariableDependencies") ? "the dependencies are in <ModelStructure>"
                : function.contains("ModelPartition") ? "the FMU offers no Scheduled Execution"
                : "the FMU has no clocks";
        return error("not supported: " + why);
    }

    private static double tolerance(double t) {
        return 1e-9 * Math.max(1.0, Math.abs(t));
    }
}
