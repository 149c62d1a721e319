package org.btfmu.checker;

import com.sun.jna.Pointer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.btfmu.checker.Description3.Variable;

/**
 * An FMI 3.0 Model Exchange run as a simple integrator would make it (FMI 3.0 §3.2): instantiate,
 * Initialization Mode, the event iteration, Continuous-Time Mode with the sizes the model
 * description declares (which fmi3GetNumberOfContinuousStates and
 * fmi3GetNumberOfEventIndicators must confirm), a few explicit Euler steps that stop for state
 * events, time events and the FMU's own request, FMU state round trips when declared,
 * terminate, free. NaN in a state or a derivative is an error.
 */
final class ModelExchange3Sequence {

    static final String CONTEXT = "Model Exchange calling sequence";
    static final String INITIALIZATION = "Initialization Mode";
    static final String EVENT = "Event Mode";
    static final String CONTINUOUS_TIME = "Continuous-Time Mode";
    static final int STEPS = 5;
    static final String STATE_COUNT = "<ContinuousStateDerivative>";
    static final String INDICATOR_COUNT = "<EventIndicator>";

    private final Instance3 c;
    private final Description3 d;
    private final List<Finding> findings;
    private final int nx;
    private final int nz;
    private double time;
    private double[] x;
    private double[] z;
    private Double nextEventTime;

    private ModelExchange3Sequence(Instance3 c, Description3 d, List<Finding> findings) {
        this.c = c;
        this.d = d;
        this.findings = findings;
        this.nx = d.count(d.derivatives);
        this.nz = d.count(d.eventIndicators);
        this.time = CoSimulation3Sequence.startTime(d);
    }

    static List<Finding> run(NativeFmu3 fmu, Description3 d, String resourcePath) {
        List<Finding> findings = new ArrayList<>();
        if (d.count(d.derivatives) < 0 || d.count(d.eventIndicators) < 0) {
            findings.add(Finding.error(CONTEXT, "skipped: the sizes of " + STATE_COUNT + " or " + INDICATOR_COUNT
                    + " cannot be read from the model description"));
            return findings;
        }
        Instance3 c = Instance3.modelExchange(fmu, d, resourcePath, CONTEXT, findings);
        if (c != null) {
            try (c) {
                new ModelExchange3Sequence(c, d, findings).run();
            }
        }
        return findings;
    }

    /**
     * A new instance in Continuous-Time Mode with {@code startValues} set in Initialization Mode;
     * null after a finding (or a note when the FMU asks to terminate first).
     */
    static Instance3 reachContinuousTime(NativeFmu3 fmu, Description3 d, String resourcePath, String context,
            Map<Variable, List<Object>> startValues, List<Finding> findings) {
        Instance3 c = Instance3.modelExchange(fmu, d, resourcePath, context, findings);
        if (c == null) {
            return null;
        }
        c.mode("Instantiated");
        boolean reached = c.enterInitializationMode(CoSimulation3Sequence.startTime(d));
        c.mode(INITIALIZATION);
        for (Map.Entry<Variable, List<Object>> e : startValues.entrySet()) {
            reached = reached && c.set(e.getKey(), e.getValue());
        }
        reached = reached && c.exitInitializationMode();
        c.mode(EVENT);
        NativeFmu3.Update u = reached ? CoSimulation3Sequence.settle(c, findings) : null;
        if (u != null && u.terminateSimulation()) {
            findings.add(Finding.note(c.where(), "fmi3UpdateDiscreteStates set terminateSimulation at the start, so "
                    + context + " could not reach " + CONTINUOUS_TIME));
        }
        reached = u != null && !u.terminateSimulation() && c.enterContinuousTimeMode();
        c.mode(CONTINUOUS_TIME);
        if (!reached) {
            c.close();
            return null;
        }
        return c;
    }

    private void run() {
        c.mode("Instantiated");
        if (!c.enterInitializationMode(time)) {
            return;
        }
        c.mode(INITIALIZATION);
        CoSimulation3Sequence.readAll(c, d, false);
        if (!c.exitInitializationMode()) {
            return;
        }
        c.mode(EVENT);
        if (!(settle() && enterContinuousTime() && integrate())) {
            return;
        }
        if (d.modelExchange.flag("canGetAndSetFMUState")) {
            checkStates();
        }
        c.terminate();
    }

    private boolean settle() {
        NativeFmu3.Update u = CoSimulation3Sequence.settle(c, findings);
        if (u == null) {
            return false;
        }
        if (u.terminateSimulation()) {
            terminateOnRequest("fmi3UpdateDiscreteStates");
            return false;
        }
        if (u.nextEventTime() != null && !(u.nextEventTime() > time)) {
            findings.add(Finding.error(c.where(), "fmi3UpdateDiscreteStates gave nextEventTime = "
                    + u.nextEventTime() + ", not after the current time " + time));
            return false;
        }
        nextEventTime = u.nextEventTime();
        return true;
    }

    /** Into Continuous-Time Mode; the counts, states and event indicators as the model description declares. */
    private boolean enterContinuousTime() {
        if (!c.enterContinuousTimeMode()) {
            return false;
        }
        c.mode(CONTINUOUS_TIME);
        if (!(count("fmi3GetNumberOfContinuousStates", nx, STATE_COUNT)
                && count("fmi3GetNumberOfEventIndicators", nz, INDICATOR_COUNT))) {
            return false;
        }
        double[] nominals = c.getFloat64s("fmi3GetNominalsOfContinuousStates", nx, STATE_COUNT);
        if (nominals == null || !finite("fmi3GetNominalsOfContinuousStates", nominals)) {
            return false;
        }
        x = c.getFloat64s("fmi3GetContinuousStates", nx, STATE_COUNT);
        z = c.getFloat64s("fmi3GetEventIndicators", nz, INDICATOR_COUNT);
        return x != null && z != null && finite("fmi3GetContinuousStates", x);
    }

    private boolean count(String function, int declared, String list) {
        long n = c.getNumber(function);
        if (n >= 0 && n != declared) {
            findings.add(Finding.error(c.where(), function + " gave " + n + ", but " + list + " declares "
                    + declared));
        }
        return n == declared;
    }

    /** Explicit Euler steps of the communication step size; false after a finding or a requested end. */
    private boolean integrate() {
        double h = CoSimulation3Sequence.stepSize(d);
        for (int k = 0; k < STEPS; k++) {
            double[] dx = c.getFloat64s("fmi3GetContinuousStateDerivatives", nx, STATE_COUNT);
            if (dx == null || !finite("fmi3GetContinuousStateDerivatives", dx)) {
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
            double[] indicators = c.getFloat64s("fmi3GetEventIndicators", nz, INDICATOR_COUNT);
            boolean[] flags = c.completedIntegratorStep();
            if (indicators == null || flags == null) {
                return false;
            }
            if (flags[1]) {
                terminateOnRequest("fmi3CompletedIntegratorStep");
                return false;
            }
            if (flags[0] || timeEvent || crossed(z, indicators)) {
                if (!(c.enterEventMode() && modeEvent() && settle() && enterContinuousTime())) {
                    return false;
                }
            } else {
                z = indicators;
            }
        }
        return true;
    }

    private boolean modeEvent() {
        c.mode(EVENT);
        return true;
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
                findings.add(Finding.error(c.where(), function + " at t = " + time + " gave NaN for element " + i));
                return false;
            }
        }
        return true;
    }

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
            compare("fmi3SetFMUState", expected, snapshot());
        }
        if (expected != null && d.modelExchange.flag("canSerializeFMUState")) {
            Pointer copy = c.roundTrip(state);
            if (copy != null) {
                if (moveOn() && c.setState(copy)) {
                    compare("fmi3DeserializeFMUState", expected, snapshot());
                }
                c.freeState(copy);
            }
        }
        c.freeState(state);
    }

    /** The states, the derivatives and every output; null after a finding. */
    private Map<String, Object> snapshot() {
        double[] states = c.getFloat64s("fmi3GetContinuousStates", nx, STATE_COUNT);
        double[] derivatives = c.getFloat64s("fmi3GetContinuousStateDerivatives", nx, STATE_COUNT);
        if (states == null || derivatives == null) {
            return null;
        }
        Map<String, Object> values = new LinkedHashMap<>();
        for (int i = 0; i < nx; i++) {
            values.put("x[" + i + "]", states[i]);
            values.put("dx[" + i + "]", derivatives[i]);
        }
        for (Variable v : d.variables) {
            if (v.isOutput() && !v.type().equals("Clock")) {
                List<Object> value = c.get(v);
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
        return c.setTime(time + CoSimulation3Sequence.stepSize(d)) && c.setContinuousStates(moved);
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
