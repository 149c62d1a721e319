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
 * once with {@code eventModeUsed} and {@code earlyReturnAllowed} as declared, to the default
 * experiment's stopTime (a note counts the early returns and events), handling each event in Event Mode ({@code fmi3EnterEventMode}, {@code fmi3UpdateDiscreteStates} until it
 * settles, {@code fmi3EnterStepMode}) and going on from {@code lastSuccessfulTime} after an
 * early return.
 */
final class CoSimulation3Sequence {

    static final String CONTEXT = "Co-Simulation calling sequence";
    static final String EVENTS_CONTEXT = "Co-Simulation calling sequence with Event Mode and early return";
    static final int STEPS = 5;
    /** The run with Event Mode goes to the default experiment's stopTime, in at most this many steps. */
    static final int MAX_EVENT_RUN_STEPS = 1000;
    /** fmi3UpdateDiscreteStates calls at one instant before the iteration counts as not settling. */
    static final int MAX_EVENT_ITERATIONS = 100;

    private final Instance3 c;
    private final Description3 d;
    private final List<Finding> findings;
    private final boolean eventModeUsed;
    private final boolean earlyReturnAllowed;
    private int earlyReturns;
    private int events;

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

    /** The default experiment's stopTime if after the start, else {@link #STEPS} steps after the start. */
    static double stopTime(Description3 d, double h) {
        double start = startTime(d);
        return d.stopTime != null && d.stopTime > start ? d.stopTime : start + STEPS * h;
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
        double stop = eventModeUsed || earlyReturnAllowed ? stopTime(d, h) : t + STEPS * h;
        int steps = 0;
        while (steps < (eventModeUsed || earlyReturnAllowed ? MAX_EVENT_RUN_STEPS : STEPS) && t < stop - h * 1e-9) {
            readAll(c, d, true);
            Double next = step(t, Math.min(h, stop - t));
            if (next == null) {
                return;
            }
            t = next;
            steps++;
        }
        if (eventModeUsed || earlyReturnAllowed) {
            findings.add(Finding.note(c.where(), steps + " steps of " + h + " to t = " + t + ": " + earlyReturns
                    + (earlyReturns == 1 ? " early return, " : " early returns, ") + events
                    + (events == 1 ? " event" : " events") + " handled in Event Mode"));
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
        // The FMU may count its time otherwise than t + h (FMI 3.0 §4.2.1): rounding is no error.
        double slack = 1e-9 * Math.max(1, Math.abs(t) + h);
        if (r.earlyReturn() && !(r.lastSuccessfulTime() >= t - slack && r.lastSuccessfulTime() <= t + h + slack)) {
            findings.add(Finding.error(c.where(), call + " returned early at lastSuccessfulTime = "
                    + r.lastSuccessfulTime() + ", outside the step [" + t + ", " + (t + h) + "]"));
            return null;
        }
        if (r.earlyReturn() && r.lastSuccessfulTime() < t + h - slack
                && !d.coSimulation.flag("mightReturnEarlyFromDoStep")) {
            findings.add(Finding.error(c.where(), call + " returned early at lastSuccessfulTime = "
                    + r.lastSuccessfulTime() + ", but <CoSimulation> does not declare mightReturnEarlyFromDoStep, so"
                    + " an importer may assume every step is completed (FMI 3.0 §4.4)"));
            return null;
        }
        if (r.terminateSimulation()) {
            findings.add(Finding.note(c.where(), call + " set terminateSimulation, so the run ended at "
                    + r.lastSuccessfulTime()));
            c.terminate();
            return null;
        }
        if (r.earlyReturn()) {
            earlyReturns++;
        }
        if (r.eventHandlingNeeded()) {
            events++;
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
