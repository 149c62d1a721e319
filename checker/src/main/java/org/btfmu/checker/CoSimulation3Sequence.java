package org.btfmu.checker;

import com.sun.jna.Pointer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.btfmu.checker.Description3.Variable;

/**
 * FMI 3.0 Co-Simulation runs as a master would make them (FMI 3.0 §4.2): instantiate,
 * Initialization Mode, a few steps reading every variable, FMU state round trips when declared
 * (a restored state must step to the same outputs), terminate, free. Twice when the FMU
 * declares Event Mode or early return: once without either (they must then never be signalled),
 * once with {@code eventModeUsed} and {@code earlyReturnAllowed} as declared, handling each
 * event in Event Mode ({@code fmi3EnterEventMode}, {@code fmi3UpdateDiscreteStates} until it
 * settles, {@code fmi3EnterStepMode}) and going on from {@code lastSuccessfulTime} after an
 * early return.
 */
final class CoSimulation3Sequence {

    static final String CONTEXT = "Co-Simulation calling sequence";
    static final String EVENTS_CONTEXT = "Co-Simulation calling sequence with Event Mode and early return";
    static final int STEPS = 5;
    /** fmi3UpdateDiscreteStates calls at one instant before the iteration counts as not settling. */
    static final int MAX_EVENT_ITERATIONS = 100;

    private final Instance3 c;
    private final Description3 d;
    private final List<Finding> findings;
    private final boolean eventModeUsed;
    private final boolean earlyReturnAllowed;

    private CoSimulation3Sequence(Instance3 c, Description3 d, List<Finding> findings, boolean eventModeUsed,
            boolean earlyReturnAllowed) {
        this.c = c;
        this.d = d;
        this.findings = findings;
        this.eventModeUsed = eventModeUsed;
        this.earlyReturnAllowed = earlyReturnAllowed;
    }

    /** The communication step: the default experiment's, else 0.01 (in the model's time unit). */
    static double stepSize(Description3 d) {
        return d.stepSize != null && d.stepSize > 0 ? d.stepSize : 0.01;
    }

    static double startTime(Description3 d) {
        return d.startTime == null ? 0 : d.startTime;
    }

    static List<Finding> run(NativeFmu3 fmu, Description3 d, String resourcePath) {
        List<Finding> findings = new ArrayList<>();
        run(fmu, d, resourcePath, false, false, CONTEXT, findings);
        boolean eventMode = d.coSimulation.flag("hasEventMode");
        boolean early = d.coSimulation.flag("mightReturnEarlyFromDoStep");
        if (findings.stream().noneMatch(Finding::isError) && (eventMode || early)) {
            run(fmu, d, resourcePath, eventMode, true, EVENTS_CONTEXT, findings);
        }
        return findings;
    }

    private static void run(NativeFmu3 fmu, Description3 d, String resourcePath, boolean eventModeUsed,
            boolean earlyReturnAllowed, String context, List<Finding> findings) {
        Instance3 c = Instance3.coSimulation(fmu, d, resourcePath, eventModeUsed, earlyReturnAllowed, context,
                findings);
        if (c != null) {
            try (c) {
                new CoSimulation3Sequence(c, d, findings, eventModeUsed, earlyReturnAllowed).run();
            }
        }
    }

    private void run() {
        c.mode("Instantiated");
        if (!c.enterInitializationMode(startTime(d))) {
            return;
        }
        c.mode("Initialization Mode");
        readAll(c, d, false);
        if (!c.exitInitializationMode()) {
            return;
        }
        if (eventModeUsed) {
            c.mode("Event Mode");
            if (!handleEvent(false)) {
                return;
            }
        }
        c.mode("Step Mode");
        double h = stepSize(d);
        double t = startTime(d);
        for (int k = 0; k < STEPS; k++) {
            readAll(c, d, true);
            Double next = step(t, h);
            if (next == null) {
                return;
            }
            t = next;
        }
        if (d.coSimulation.flag("canGetAndSetFMUState")) {
            checkStates(t, h);
        }
        c.terminate();
    }

    /**
     * One fmi3DoStep judged by FMI 3.0 §4.2.1, with the event handled if signalled; the time the
     * FMU reached, or null after a finding or a requested end.
     */
    private Double step(double t, double h) {
        NativeFmu3.StepResult r = c.doStep(t, h);
        if (r == null) {
            return null;
        }
        String call = "fmi3DoStep(" + t + ", " + h + ")";
        if (r.earlyReturn() && !earlyReturnAllowed) {
            findings.add(Finding.error(c.where(), call + " set earlyReturn, but the instance was created with"
                    + " earlyReturnAllowed = false (FMI 3.0 §4.2.1)"));
            return null;
        }
        if (r.eventHandlingNeeded() && !eventModeUsed) {
            findings.add(Finding.error(c.where(), call + " set eventHandlingNeeded, but the instance was created"
                    + " with eventModeUsed = false (FMI 3.0 §4.2.1)"));
            return null;
        }
        if (r.earlyReturn() && !(r.lastSuccessfulTime() >= t && r.lastSuccessfulTime() <= t + h)) {
            findings.add(Finding.error(c.where(), call + " returned early at lastSuccessfulTime = "
                    + r.lastSuccessfulTime() + ", outside the step [" + t + ", " + (t + h) + "]"));
            return null;
        }
        if (r.terminateSimulation()) {
            findings.add(Finding.note(c.where(), call + " set terminateSimulation, so the run ended at "
                    + r.lastSuccessfulTime()));
            c.terminate();
            return null;
        }
        if (r.eventHandlingNeeded()) {
            if (!c.enterEventMode()) {
                return null;
            }
            c.mode("Event Mode");
            if (!handleEvent(true)) {
                return null;
            }
            c.mode("Step Mode");
        }
        return r.earlyReturn() ? r.lastSuccessfulTime() : t + h;
    }

    /** The event iteration, then fmi3EnterStepMode; false after a finding or a requested end. */
    private boolean handleEvent(boolean duringSteps) {
        NativeFmu3.Update u = settle(c, findings);
        if (u == null) {
            return false;
        }
        if (u.terminateSimulation()) {
            findings.add(Finding.note(c.where(), "fmi3UpdateDiscreteStates set terminateSimulation"
                    + (duringSteps ? "" : " at the start") + ", so the run ended there"));
            c.terminate();
            return false;
        }
        return c.enterStepMode();
    }

    /** fmi3UpdateDiscreteStates until discreteStatesNeedUpdate is false; null after a finding. */
    static NativeFmu3.Update settle(Instance3 c, List<Finding> findings) {
        for (int i = 0; i < MAX_EVENT_ITERATIONS; i++) {
            NativeFmu3.Update u = c.updateDiscreteStates();
            if (u == null || !u.discreteStatesNeedUpdate() || u.terminateSimulation()) {
                return u;
            }
        }
        findings.add(Finding.error(c.where(), "fmi3UpdateDiscreteStates still set discreteStatesNeedUpdate after "
                + MAX_EVENT_ITERATIONS + " calls at one instant: the event iteration does not settle"));
        return null;
    }

    /** Reads every variable but the clocks (in Initialization Mode also not the inputs, which are not set yet). */
    static void readAll(Instance3 c, Description3 d, boolean includeInputs) {
        for (Variable v : d.variables) {
            if ((includeInputs || !v.isInput()) && !v.type().equals("Clock")) {
                c.get(v);
            }
        }
    }

    /** A step from a restored state (directly and through serialization) gives the same outputs. */
    private void checkStates(double t, double h) {
        Pointer state = c.getState();
        if (state == null) {
            return;
        }
        List<Object> expected = stepAndRead(t, h);
        if (c.setState(state)) {
            compare("fmi3SetFMUState", expected, stepAndRead(t, h));
        }
        if (d.coSimulation.flag("canSerializeFMUState")) {
            Pointer copy = c.roundTrip(state);
            if (copy != null) {
                if (c.setState(copy)) {
                    compare("fmi3DeserializeFMUState", expected, stepAndRead(t, h));
                }
                c.freeState(copy);
            }
        }
        c.freeState(state);
    }

    private List<Object> stepAndRead(double t, double h) {
        List<Object> values = new ArrayList<>();
        if (step(t, h) != null) {
            for (Variable v : outputs()) {
                values.add(c.get(v));
            }
        }
        return values;
    }

    private void compare(String how, List<Object> expected, List<Object> actual) {
        List<Variable> outputs = outputs();
        for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
            if (!Objects.equals(expected.get(i), actual.get(i))) {
                findings.add(Finding.error(c.where(), "after " + how + ", a step gives " + outputs.get(i).name()
                        + " = " + actual.get(i) + ", but " + expected.get(i) + " from the state itself"));
            }
        }
    }

    private List<Variable> outputs() {
        return d.variables.stream().filter(v -> v.isOutput() && !v.type().equals("Clock")).toList();
    }
}
