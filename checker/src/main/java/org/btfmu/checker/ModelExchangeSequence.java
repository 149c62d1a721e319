package org.btfmu.checker;

import com.sun.jna.Pointer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.btfmu.checker.Description.Variable;
import org.btfmu.checker.NativeFmu.EventInfo;

/**
 * A Model Exchange run as a simple integrator would make it (FMI 2.0 §3.2.3): instantiate
 * as fmi2ModelExchange, set up, Initialization Mode, the event iteration, Continuous-Time
 * Mode with the declared array sizes, a few explicit Euler steps that stop for state events,
 * time events and the FMU's own request, FMU state round trips when {@code <ModelExchange>}
 * declares them (a restored state must read back the same), terminate, free. NaN in a state
 * or a derivative is an error.
 */
final class ModelExchangeSequence {

    static final String CONTEXT = "Model Exchange calling sequence";
    static final String INSTANTIATED = "instantiated";
    static final String INITIALIZATION = "Initialization Mode";
    static final String EVENT = "Event Mode";
    static final String CONTINUOUS_TIME = "Continuous-Time Mode";
    static final int STEPS = 5;
    /** fmi2NewDiscreteStates calls at one instant before the iteration counts as not settling. */
    static final int MAX_EVENT_ITERATIONS = 100;
    /** What declares the array sizes, for the findings. */
    static final String STATE_COUNT = "<Derivatives>";
    static final String INDICATOR_COUNT = "numberOfEventIndicators";

    private final Component c;
    private final Description d;
    private final List<Finding> findings;
    private final int nx;
    private double time;
    private double[] x;
    private double[] z;
    private Double nextEventTime;

    private ModelExchangeSequence(Component c, Description d, List<Finding> findings) {
        this.c = c;
        this.d = d;
        this.findings = findings;
        this.nx = d.derivatives.size();
        this.time = d.startTime;
    }

    static List<Finding> run(NativeFmu fmu, Description d, String resourceLocation) {
        List<Finding> findings = new ArrayList<>();
        Component c = Component.instantiate(fmu, NativeFmu.MODEL_EXCHANGE, d, resourceLocation, CONTEXT, findings);
        if (c == null) {
            return findings;
        }
        try (c) {
            new ModelExchangeSequence(c, d, findings).run();
        }
        return findings;
    }

    /**
     * A new instance brought into {@code mode} (Initialization, Event or Continuous-Time Mode),
     * with {@code startValues} set in Initialization Mode; null after a finding (or a note when
     * the FMU asks to terminate before Continuous-Time Mode).
     */
    static Component reach(String mode, NativeFmu fmu, Description d, String resourceLocation, String context,
            Map<Variable, Object> startValues, List<Finding> findings) {
        Component c = Component.instantiate(fmu, NativeFmu.MODEL_EXCHANGE, d, resourceLocation, context, findings);
        if (c == null) {
            return null;
        }
        c.mode(INSTANTIATED);
        boolean reached = c.setupExperiment(d.startTime) && c.enterInitializationMode();
        c.mode(INITIALIZATION);
        for (Map.Entry<Variable, Object> e : startValues.entrySet()) {
            reached = reached && c.set(e.getKey(), e.getValue());
        }
        if (reached && !mode.equals(INITIALIZATION)) {
            reached = c.exitInitializationMode();
            c.mode(EVENT);
            if (reached && mode.equals(CONTINUOUS_TIME)) {
                EventInfo info = settle(c, findings);
                if (info != null && info.terminateSimulation()) {
                    findings.add(Finding.note(c.where(), "fmi2NewDiscreteStates set terminateSimulation at the"
                            + " start, so " + context + " could not reach " + CONTINUOUS_TIME));
                }
                reached = info != null && !info.terminateSimulation() && c.enterContinuousTimeMode();
                c.mode(CONTINUOUS_TIME);
            }
        }
        if (!reached) {
            c.close();
            return null;
        }
        return c;
    }

    private void run() {
        c.mode(INSTANTIATED);
        if (!(c.setupExperiment(d.startTime) && c.enterInitializationMode())) {
            return;
        }
        c.mode(INITIALIZATION);
        CallingSequence.readAll(c, d, false);
        if (!c.exitInitializationMode()) {
            return;
        }
        c.mode(EVENT);
        if (!(settle() && enterContinuousTime())) {
            return;
        }
        if (!integrate()) {
            return;
        }
        if (d.meCanGetAndSetFMUstate) {
            checkStates();
        }
        c.terminate();
    }

    /**
     * The event iteration in Event Mode; false after a finding or when the FMU asks to
     * terminate (then terminated here).
     */
    private boolean settle() {
        EventInfo info = settle(c, findings);
        if (info == null) {
            return false;
        }
        if (info.terminateSimulation()) {
            terminateOnRequest("fmi2NewDiscreteStates");
            return false;
        }
        if (info.nextEventTime() != null && !(info.nextEventTime() > time)) {
            findings.add(Finding.error(c.where(), "fmi2NewDiscreteStates gave nextEventTime = "
                    + info.nextEventTime() + ", not after the current time " + time));
            return false;
        }
        nextEventTime = info.nextEventTime();
        return true;
    }

    /** fmi2NewDiscreteStates until newDiscreteStatesNeeded is false; null after a finding. */
    static EventInfo settle(Component c, List<Finding> findings) {
        for (int i = 0; i < MAX_EVENT_ITERATIONS; i++) {
            EventInfo info = c.newDiscreteStates();
            if (info == null || !info.newDiscreteStatesNeeded() || info.terminateSimulation()) {
                return info;
            }
        }
        findings.add(Finding.error(c.where(), "fmi2NewDiscreteStates still set newDiscreteStatesNeeded after "
                + MAX_EVENT_ITERATIONS + " calls at one instant: the event iteration does not settle"));
        return null;
    }

    /** Into Continuous-Time Mode, then the states and event indicators with the declared counts. */
    private boolean enterContinuousTime() {
        if (!c.enterContinuousTimeMode()) {
            return false;
        }
        c.mode(CONTINUOUS_TIME);
        double[] nominals = c.getReals("fmi2GetNominalsOfContinuousStates", nx, STATE_COUNT);
        if (nominals == null || !finite("fmi2GetNominalsOfContinuousStates", nominals)) {
            return false;
        }
        x = c.getReals("fmi2GetContinuousStates", nx, STATE_COUNT);
        z = c.getReals("fmi2GetEventIndicators", d.numberOfEventIndicators, INDICATOR_COUNT);
        return x != null && z != null && finite("fmi2GetContinuousStates", x);
    }

    /** Explicit Euler steps of the communication step size; false after a finding or a requested end. */
    private boolean integrate() {
        double h = CallingSequence.stepSize(d);
        for (int k = 0; k < STEPS; k++) {
            double[] dx = c.getReals("fmi2GetDerivatives", nx, STATE_COUNT);
            if (dx == null || !finite("fmi2GetDerivatives", dx)) {
                return false;
            }
            boolean timeEvent = nextEventTime != null && nextEventTime <= time + h;
            double next = timeEvent ? nextEventTime : time + h;
            for (int i = 0; i < nx; i++) {
                x[i] += (next - time) * dx[i];
            }
            time = next;
            if (!(c.setTime(time) && c.setContinuousStates(x))) {
                return false;
            }
            double[] indicators = c.getReals("fmi2GetEventIndicators", d.numberOfEventIndicators, INDICATOR_COUNT);
            boolean[] flags = c.completedIntegratorStep();
            if (indicators == null || flags == null) {
                return false;
            }
            if (flags[1]) {
                terminateOnRequest("fmi2CompletedIntegratorStep");
                return false;
            }
            if (flags[0] || timeEvent || crossed(z, indicators)) {
                if (!(event() && enterContinuousTime())) {
                    return false;
                }
            } else {
                z = indicators;
            }
        }
        return true;
    }

    private boolean event() {
        if (!c.enterEventMode()) {
            return false;
        }
        c.mode(EVENT);
        return settle();
    }

    private static boolean crossed(double[] before, double[] after) {
        for (int i = 0; i < before.length; i++) {
            if (before[i] > 0 != after[i] > 0) {
                return true;
            }
        }
        return false;
    }

    private boolean finite(String function, double[] values) {
        for (int i = 0; i < values.length; i++) {
            if (Double.isNaN(values[i])) {
                Variable state = i < d.continuousStates().size() ? d.continuousStates().get(i) : null;
                findings.add(Finding.error(c.where(), function + " at t = " + time + " gave NaN for element " + i
                        + (state == null ? "" : " (state " + state.name() + ")")));
                return false;
            }
        }
        return true;
    }

    /** The FMU asked to stop: allowed, so a note, and the run ends with fmi2Terminate. */
    private void terminateOnRequest(String function) {
        findings.add(Finding.note(c.where(), function + " set terminateSimulation at t = " + time
                + ", so the run ended there"));
        c.terminate();
    }

    /** A restored state (directly and through serialization) reads back what was saved. */
    private void checkStates() {
        Pointer state = c.getState();
        if (state == null) {
            return;
        }
        Map<String, Object> expected = snapshot();
        if (expected != null && moveOn() && c.setState(state)) {
            compare("fmi2SetFMUstate", expected, snapshot());
        }
        if (expected != null && d.meCanSerializeFMUstate) {
            Pointer copy = c.roundTrip(state);
            if (copy != null) {
                if (moveOn() && c.setState(copy)) {
                    compare("fmi2DeSerializeFMUstate", expected, snapshot());
                }
                c.freeState(copy);
            }
        }
        c.freeState(state);
    }

    /** The states, the derivatives and every output; null after a finding. */
    private Map<String, Object> snapshot() {
        double[] states = c.getReals("fmi2GetContinuousStates", nx, STATE_COUNT);
        double[] derivatives = c.getReals("fmi2GetDerivatives", nx, STATE_COUNT);
        if (states == null || derivatives == null) {
            return null;
        }
        Map<String, Object> values = new LinkedHashMap<>();
        for (int i = 0; i < nx; i++) {
            values.put("x[" + i + "]", states[i]);
            values.put("dx[" + i + "]", derivatives[i]);
        }
        for (Variable v : d.variables) {
            if (v.isOutput()) {
                Object value = c.get(v);
                if (value == null) {
                    return null;
                }
                values.put(v.name(), value);
            }
        }
        return values;
    }

    /** Moves the instance away from the saved state: a later time, the states doubled plus one. */
    private boolean moveOn() {
        double[] moved = new double[nx];
        for (int i = 0; i < nx; i++) {
            moved[i] = 2 * x[i] + 1;
        }
        return c.setTime(time + CallingSequence.stepSize(d)) && c.setContinuousStates(moved);
    }

    private void compare(String how, Map<String, Object> expected, Map<String, Object> actual) {
        if (actual == null) {
            return;
        }
        expected.forEach((name, value) -> {
            if (!Objects.equals(value, actual.get(name))) {
                findings.add(Finding.error(c.where(), "after " + how + ", " + name + " = " + actual.get(name)
                        + ", but " + value + " when the state was saved"));
            }
        });
    }
}
