package org.btfmu.fmu;

import static org.btfmu.fmu.ImporterLog.ERROR;
import static org.btfmu.fmu.ImporterLog.OK;

import java.util.Arrays;
import java.util.stream.Collectors;
import org.btfmu.core.Counters;
import org.btfmu.core.ProcessingMode;
import org.btfmu.core.UnsettledInstantException;
import org.btfmu.fmu.FmuStates.Snapshot;

/**
 * One FMI 2.0 Model Exchange instance of a mission: its own calling-sequence state
 * machine ({@link ModelExchangeFunction}'s table) over what it shares with the
 * Co-Simulation slave (values, FMU states, logging, the engine).
 *
 * <p>What the importer sees (docs/model-exchange.md "Model Exchange"):
 * <ul>
 * <li>No continuous states: a behavior tree has no derivatives. {@code nx} is 0.</li>
 * <li>Event indicators: the crossing functions of every predicate's comparisons
 * ({@link org.btfmu.core.TreeInstance#crossingValues}), a fixed number per mission; they
 * follow inputs set in Continuous-Time Mode at once, with the statuses held.</li>
 * <li>Time events: {@code nextEventTime} of fmi2NewDiscreteStates is the tree's next
 * wake-up (Wait, Timeout, entry and exit durations, delayed transitions, held results; the
 * next tick when ticked).</li>
 * <li>Statuses are discrete states (the lead's dependency rule): they change only at
 * fmi2ExitInitializationMode and fmi2NewDiscreteStates. fmi2SetTime and inputs set in
 * Continuous-Time or Event Mode change none; fmi2NewDiscreteStates processes every time
 * event up to the current time and settles the tree with the inputs set since, as one
 * event iteration to the fixed point, so it always answers newDiscreteStatesNeeded = false.</li>
 * <li>An event iteration that does not settle within the mission's {@code maxSweepsPerInstant}
 * (or time events beyond {@code maxEventsPerStep}) is fmi2Error: FMI 2.0 §2.1.3 allows
 * fmi2NewDiscreteStates no fmi2Discard, and answering newDiscreteStatesNeeded = true would
 * hand an iteration that never ends to the importer (some loop on it without a bound).
 * The tree is left at the instant's left limit, so the FMU state can still be saved.</li>
 * </ul>
 */
final class ModelExchangeSlave extends FmuSlave {

    /** Offsets in fmi2EventInfo: five fmi2Boolean (int) fields, then the fmi2Real at 24. */
    private static final int NEW_DISCRETE_STATES_NEEDED = 0;
    private static final int TERMINATE_SIMULATION = 4;
    private static final int NOMINALS_CHANGED = 8;
    private static final int VALUES_CHANGED = 12;
    private static final int NEXT_EVENT_TIME_DEFINED = 16;
    private static final int NEXT_EVENT_TIME = 24;

    private ModelExchangeState state = ModelExchangeState.INSTANTIATED;
    private ModelExchangeFunction serving;
    /** The importer's time (fmi2SetTime); the tree stays at its last event until the next one. */
    private double time;
    /**
     * The importer's time at the last fmi2EnterEventMode: an event instant even before
     * fmi2NewDiscreteStates has processed it (the tree's time), so time may not go back before
     * it (FMI 2.0.5 §3.2.3, "as soon as an event occurred (fmi2EnterEventMode was called)").
     */
    private double eventModeTime = Double.NEGATIVE_INFINITY;
    /** fmi2NewDiscreteStates answered since Event Mode was entered (condition 8 of fmi2SetTime). */
    private boolean discreteStatesSettled;
    private final double[] indicators;

    ModelExchangeSlave(FmuResources resources, ProcessingMode processing, ImporterLog log) {
        super(resources, processing, log);
        indicators = new double[resources.mission().tree().crossingCount()];
    }

    ModelExchangeState meState() {
        return state;
    }

    // ---- the calling sequence: this interface's table ----

    @Override
    boolean callable(FmiFunction function) {
        current = function;
        ModelExchangeFunction row = ModelExchangeFunction.of(function);
        if (row == null) {
            serving = null;
            error("is a Co-Simulation function; this instance was instantiated for Model Exchange"
                    + " (fmi2ModelExchange)");
            return false;
        }
        return callable(row);
    }

    private boolean callable(ModelExchangeFunction function) {
        serving = function;
        if (log.enabled(LogCategory.CALLS)) {
            log.log(OK, LogCategory.CALLS, function + " in state " + state);
        }
        if (function.allowedIn(state)) {
            return true;
        }
        String allowed = Arrays.stream(ModelExchangeState.values()).filter(function::allowedIn)
                .map(ModelExchangeState::toString).collect(Collectors.joining(", "));
        error("may not be called in state " + state + " (allowed in: "
                + (allowed.isEmpty() ? "no state of this FMU" : allowed) + ")");
        return false;
    }

    @Override
    String functionName() {
        return serving != null ? serving.fmiName() : super.functionName();
    }

    @Override
    void moveTo(FmiState next) {
        if (state == ModelExchangeState.FATAL) {
            return;
        }
        state = switch (next) {
            case INSTANTIATED -> ModelExchangeState.INSTANTIATED;
            case INITIALIZATION_MODE -> ModelExchangeState.INITIALIZATION_MODE;
            case STEP_COMPLETE -> ModelExchangeState.EVENT_MODE; // fmi2ExitInitializationMode enters Event Mode
            case TERMINATED -> ModelExchangeState.TERMINATED;
            case FATAL -> ModelExchangeState.FATAL;
            default -> ModelExchangeState.ERROR;
        };
    }

    @Override
    char condition() {
        return serving.cell(state);
    }

    /**
     * Inputs set in Event or Continuous-Time Mode show in outputs and event indicators at once,
     * the statuses held (the superclass's own state stays instantiated in Model Exchange).
     */
    @Override
    boolean feedsThrough() {
        return state == ModelExchangeState.EVENT_MODE || state == ModelExchangeState.CONTINUOUS_TIME_MODE;
    }

    @Override
    boolean inInitializationMode() {
        return state == ModelExchangeState.INITIALIZATION_MODE;
    }

    @Override
    String stateName() {
        return state.toString();
    }

    @Override
    int fmuType() {
        return 0;
    }

    @Override
    int stateOrdinal() {
        return state.ordinal();
    }

    @Override
    int stateCount() {
        return ModelExchangeState.values().length;
    }

    @Override
    double time() {
        return time;
    }

    @Override
    void restoreState(Snapshot snapshot) {
        state = ModelExchangeState.values()[snapshot.fmiState()];
        time = snapshot.time();
        // a snapshot keeps the tree's last event; taken in Event Mode, its time is one too
        eventModeTime = state == ModelExchangeState.EVENT_MODE ? time : Double.NEGATIVE_INFINITY;
        discreteStatesSettled = false;
    }

    // ---- lifecycle ----

    @Override
    int exitInitializationMode() {
        int status = super.exitInitializationMode();
        if (status == OK) {
            time = tree.time();
            discreteStatesSettled = false;
        }
        return status;
    }

    @Override
    int reset() {
        int status = super.reset();
        if (status == OK) {
            time = 0;
            eventModeTime = Double.NEGATIVE_INFINITY;
            discreteStatesSettled = false;
        }
        return status;
    }

    // ---- Model Exchange functions ----

    int setTime(double t) {
        if (!callable(ModelExchangeFunction.SET_TIME)) {
            return ERROR;
        }
        if (state == ModelExchangeState.EVENT_MODE) {
            if (indicators.length > 0) {
                return error("may be called in Event Mode only by a pure discrete-time FMU; this one has "
                        + indicators.length + " event indicators: call fmi2EnterContinuousTimeMode first");
            }
            if (!discreteStatesSettled) {
                return error("in Event Mode only after fmi2NewDiscreteStates returned"
                        + " newDiscreteStatesNeeded = fmi2False");
            }
        }
        if (!Double.isFinite(t)) {
            return error("time " + t + " is not finite");
        }
        double event = Math.max(tree.time(), eventModeTime);
        if (t < event - tolerance(event)) {
            return error("time " + t + " is before the last event at t=" + event
                    + " (time can go back only within a continuous-time interval)");
        }
        if (stopTimeDefined && t > stopTime + tolerance(stopTime)) {
            return error("time " + t + " is past the stopTime " + stopTime + " set by fmi2SetupExperiment");
        }
        time = Math.max(t, event);
        return OK;
    }

    int enterEventMode() {
        if (!callable(ModelExchangeFunction.ENTER_EVENT_MODE)) {
            return ERROR;
        }
        state = ModelExchangeState.EVENT_MODE;
        eventModeTime = time;
        discreteStatesSettled = false;
        return OK;
    }

    int newDiscreteStates(long eventInfo) {
        if (!callable(ModelExchangeFunction.NEW_DISCRETE_STATES)) {
            return ERROR;
        }
        if (eventInfo == 0) {
            return error("fmi2EventInfo is NULL");
        }
        Counters before = log.enabled(LogCategory.EVENTS) ? tree.counters() : null;
        // FMI 2.0 §2.1.3 allows fmi2Discard only for the functions it names, not for
        // fmi2NewDiscreteStates: work the bounds stop is fmi2Error, the tree left consistent.
        try {
            if (!tree.advanceTo(time)) {
                return error("the time events up to t=" + time + " are more than the mission's maxEventsPerStep = "
                        + resources.mission().maxEventsPerStep() + "; the tree stopped after the event at t="
                        + tree.time() + " (call fmi2NewDiscreteStates at each nextEventTime it reports)");
            }
        } catch (UnsettledInstantException e) {
            return error(notSettled(e) + "; Model Exchange has no fmi2Discard for an event iteration");
        }
        unsettled = false;
        discreteStatesSettled = true;
        double next = tree.nextEventTime();
        boolean nextDefined = next < Double.POSITIVE_INFINITY;
        NativeMemory.putInt(eventInfo + NEW_DISCRETE_STATES_NEEDED, 0);
        NativeMemory.putInt(eventInfo + TERMINATE_SIMULATION, finished() ? 1 : 0);
        NativeMemory.putInt(eventInfo + NOMINALS_CHANGED, 0);
        NativeMemory.putInt(eventInfo + VALUES_CHANGED, 0);
        NativeMemory.putInt(eventInfo + NEXT_EVENT_TIME_DEFINED, nextDefined ? 1 : 0);
        NativeMemory.putDouble(eventInfo + NEXT_EVENT_TIME, nextDefined ? next : time);
        if (before != null) {
            Counters after = tree.counters();
            log.log(OK, LogCategory.EVENTS, "event at t=" + time + ": "
                    + (after.timeEvents() - before.timeEvents()) + " time events, "
                    + (after.eventIterations() - before.eventIterations()) + " event iterations, "
                    + (after.taskEvaluations() - before.taskEvaluations()) + " task evaluations, "
                    + (after.predicateChecks() - before.predicateChecks()) + " predicate checks"
                    + (nextDefined ? "; next time event at t=" + next : ""));
        }
        return OK;
    }

    int enterContinuousTimeMode() {
        if (!callable(ModelExchangeFunction.ENTER_CONTINUOUS_TIME_MODE)) {
            return ERROR;
        }
        state = ModelExchangeState.CONTINUOUS_TIME_MODE;
        return OK;
    }

    int completedIntegratorStep(boolean noSetFMUStatePriorToCurrentPoint, long enterEventMode,
            long terminateSimulation) {
        if (!callable(ModelExchangeFunction.COMPLETED_INTEGRATOR_STEP)) {
            return ERROR;
        }
        if (enterEventMode == 0 || terminateSimulation == 0) {
            return error((enterEventMode == 0 ? "enterEventMode" : "terminateSimulation") + " is NULL");
        }
        // no step events: every status change is announced by an event indicator or a time event
        NativeMemory.putInt(enterEventMode, 0);
        NativeMemory.putInt(terminateSimulation, 0);
        return OK;
    }

    int getEventIndicators(long values, long n) {
        if (!callable(ModelExchangeFunction.GET_EVENT_INDICATORS) || !counted("ni", n, indicators.length, values)) {
            return ERROR;
        }
        reading().crossingValues(indicators); // in Initialization Mode: the preview's
        for (int i = 0; i < indicators.length; i++) {
            NativeMemory.putDouble(values + 8L * i, indicators[i]);
        }
        return OK;
    }

    int setContinuousStates(long values, long n) {
        return callable(ModelExchangeFunction.SET_CONTINUOUS_STATES) && counted("nx", n, 0, values) ? OK : ERROR;
    }

    int getContinuousStates(long values, long n) {
        return callable(ModelExchangeFunction.GET_CONTINUOUS_STATES) && counted("nx", n, 0, values) ? OK : ERROR;
    }

    int getDerivatives(long values, long n) {
        return callable(ModelExchangeFunction.GET_DERIVATIVES) && counted("nx", n, 0, values) ? OK : ERROR;
    }

    int getNominalsOfContinuousStates(long values, long n) {
        return callable(ModelExchangeFunction.GET_NOMINALS_OF_CONTINUOUS_STATES) && counted("nx", n, 0, values)
                ? OK : ERROR;
    }

    /** The array length must be the model description's number; false after logging. */
    private boolean counted(String name, long n, int expected, long values) {
        if (n != expected) {
            error(name + " is " + Long.toUnsignedString(n) + ", but this FMU has " + expected
                    + (name.equals("nx") ? " continuous states" : " event indicators")
                    + " (modelDescription.xml: " + (name.equals("nx") ? "no <Derivatives>"
                            : "numberOfEventIndicators=\"" + expected + "\"") + ")");
            return false;
        }
        if (n > 0 && values == 0) {
            error("the array is NULL but " + name + " is " + n);
            return false;
        }
        return true;
    }

    private static double tolerance(double t) {
        return 1e-9 * Math.max(1.0, Math.abs(t));
    }
}
