package org.btfmu.checker;

import com.sun.jna.Pointer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The Model Exchange run from Event Mode on, as a simple integrator would make it, once for FMI
 * 2.0 ({@link ModelExchangeSequence}) and FMI 3.0 ({@link ModelExchange3Sequence}), whose §3.2
 * keeps the FMI 2.0 sequence: the event iteration, Continuous-Time Mode with the declared array
 * sizes, a few explicit Euler steps that stop for state events, time events and the FMU's own
 * request, FMU state round trips when declared (a restored state must read back the same),
 * terminate. NaN in a state or a derivative is an error. A version gives its function names
 * ({@link Functions}) and the calls whose types differ.
 */
abstract class ModelExchangeRun {

    static final String CONTEXT = "Model Exchange calling sequence";
    static final String INITIALIZATION = "Initialization Mode";
    static final String EVENT = "Event Mode";
    static final String CONTINUOUS_TIME = "Continuous-Time Mode";
    static final int STEPS = 5;

    /** The names a version's findings give its functions and its declared array sizes. */
    record Functions(String updateDiscreteStates, String nominals, String states, String derivatives,
            String indicators, String completedIntegratorStep, String setState, String deserializeState,
            String stateCount, String indicatorCount) {
    }

    /** What the event iteration ended with. */
    record Settled(boolean terminateSimulation, Double nextEventTime) {
    }

    private final ModelExchangeInstance c;
    private final Functions functions;
    protected final List<Finding> findings;
    private final int nx;
    private final int nz;
    private final double h;
    private double time;
    private double[] x;
    private double[] z;
    private Double nextEventTime;

    ModelExchangeRun(ModelExchangeInstance c, Functions functions, List<Finding> findings, int nx, int nz,
            double startTime, double stepSize) {
        this.c = c;
        this.functions = functions;
        this.findings = findings;
        this.nx = nx;
        this.nz = nz;
        this.time = startTime;
        this.h = stepSize;
    }

    /** The version's event iteration in Event Mode; null after a finding. */
    abstract Settled settleHere();

    /** {@code n} Float64 values from {@code function}; null after a finding. */
    abstract double[] floats(String function, int n, String declared);

    /** Checks on entering Continuous-Time Mode beyond the arrays; false after a finding. */
    boolean confirmSizes() {
        return true;
    }

    /** Adds every output's value to {@code values}; false after a finding. */
    abstract boolean readOutputs(Map<String, Object> values);

    /** The name of state {@code i} for a finding, or null. */
    String stateName(int i) {
        return null;
    }

    /** From Event Mode after Initialization Mode to the end: integrate, check FMU states, terminate. */
    final void fromEventMode(boolean canGetAndSetState, boolean canSerializeState) {
        if (!(settle() && enterContinuousTime() && integrate())) {
            return;
        }
        if (canGetAndSetState) {
            checkStates(canSerializeState);
        }
        c.terminate();
    }

    /**
     * The event iteration in Event Mode; false after a finding or when the FMU asks to
     * terminate (then terminated here).
     */
    private boolean settle() {
        Settled settled = settleHere();
        if (settled == null) {
            return false;
        }
        if (settled.terminateSimulation()) {
            terminateOnRequest(functions.updateDiscreteStates());
            return false;
        }
        if (settled.nextEventTime() != null && !(settled.nextEventTime() > time)) {
            findings.add(Finding.error(c.where(), functions.updateDiscreteStates() + " gave nextEventTime = "
                    + settled.nextEventTime() + ", not after the current time " + time));
            return false;
        }
        nextEventTime = settled.nextEventTime();
        return true;
    }

    /** Into Continuous-Time Mode, then the states and event indicators with the declared counts. */
    private boolean enterContinuousTime() {
        if (!c.enterContinuousTimeMode()) {
            return false;
        }
        c.mode(CONTINUOUS_TIME);
        if (!confirmSizes()) {
            return false;
        }
        double[] nominals = floats(functions.nominals(), nx, functions.stateCount());
        if (nominals == null || !finite(functions.nominals(), nominals)) {
            return false;
        }
        x = floats(functions.states(), nx, functions.stateCount());
        z = floats(functions.indicators(), nz, functions.indicatorCount());
        return x != null && z != null && finite(functions.states(), x);
    }

    /** Explicit Euler steps of the communication step size; false after a finding or a requested end. */
    private boolean integrate() {
        for (int k = 0; k < STEPS; k++) {
            double[] dx = floats(functions.derivatives(), nx, functions.stateCount());
            if (dx == null || !finite(functions.derivatives(), dx)) {
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
            double[] indicators = floats(functions.indicators(), nz, functions.indicatorCount());
            boolean[] flags = c.completedIntegratorStep();
            if (indicators == null || flags == null) {
                return false;
            }
            if (flags[1]) {
                terminateOnRequest(functions.completedIntegratorStep());
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
                String state = stateName(i);
                findings.add(Finding.error(c.where(), function + " at t = " + time + " gave NaN for element " + i
                        + (state == null ? "" : " (state " + state + ")")));
                return false;
            }
        }
        return true;
    }

    /** The FMU asked to stop: allowed, so a note, and the run ends with the terminate call. */
    private void terminateOnRequest(String function) {
        findings.add(Finding.note(c.where(), function + " set terminateSimulation at t = " + time
                + ", so the run ended there"));
        c.terminate();
    }

    /** A restored state (directly and, if declared, through serialization) reads back what was saved. */
    private void checkStates(boolean canSerializeState) {
        Pointer state = c.getState();
        if (state == null) {
            return;
        }
        Map<String, Object> expected = snapshot();
        if (expected != null && moveOn() && c.setState(state)) {
            compare(functions.setState(), expected, snapshot());
        }
        if (expected != null && canSerializeState) {
            Pointer copy = c.roundTrip(state);
            if (copy != null) {
                if (moveOn() && c.setState(copy)) {
                    compare(functions.deserializeState(), expected, snapshot());
                }
                c.freeState(copy);
            }
        }
        c.freeState(state);
    }

    /** The states, the derivatives and every output; null after a finding. */
    private Map<String, Object> snapshot() {
        double[] states = floats(functions.states(), nx, functions.stateCount());
        double[] derivatives = floats(functions.derivatives(), nx, functions.stateCount());
        if (states == null || derivatives == null) {
            return null;
        }
        Map<String, Object> values = new LinkedHashMap<>();
        for (int i = 0; i < nx; i++) {
            values.put("x[" + i + "]", states[i]);
            values.put("dx[" + i + "]", derivatives[i]);
        }
        return readOutputs(values) ? values : null;
    }

    /** Moves the instance away from the saved state: a later time, the states doubled plus one. */
    private boolean moveOn() {
        double[] moved = new double[nx];
        for (int i = 0; i < nx; i++) {
            moved[i] = 2 * x[i] + 1;
        }
        return c.setTime(time + h) && c.setContinuousStates(moved);
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
