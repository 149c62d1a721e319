package org.btfmu.checker;

import com.sun.jna.Pointer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntBiFunction;

/**
 * Calls that the FMI 3.0 state machine (FMI 3.0 §2.3, §3.2, §4.2) does not allow, each made
 * once on a new instance brought into that state, as {@link ForbiddenCalls} does for FMI 2.0
 * Model Exchange. FMI 3.0 §2.2.4 asks for fmi3Error "when detecting" such a call, and the
 * Reference FMUs 3.0 accept some of them (fmi3EnterEventMode and fmi3UpdateDiscreteStates
 * outside Event Mode), so an accepted call is a note here, not an error as in FMI 2.0. The one
 * table of the checker's FMI 3.0 state-machine rules is {@link #table}.
 */
final class ForbiddenCalls3 {

    static final String CONTEXT = "FMI 3.0 state machine";
    static final String CO_SIMULATION = "Co-Simulation";
    static final String MODEL_EXCHANGE = "Model Exchange";
    static final String INITIALIZATION = "Initialization Mode";
    static final String STEP = "Step Mode (eventModeUsed = false)";
    static final String EVENT = "Event Mode";
    static final String CONTINUOUS_TIME = "Continuous-Time Mode";

    private ForbiddenCalls3() {
    }

    /** A call the state machine forbids in {@code mode} of the interface. */
    record Forbidden(String interfaceType, String mode, String function, ToIntBiFunction<NativeFmu3, Pointer> call) {
    }

    /**
     * Steps and event handling where they do not belong: fmi3DoStep before Step Mode,
     * fmi3EnterEventMode and fmi3UpdateDiscreteStates in Step Mode when the importer said it uses
     * no Event Mode (FMI 3.0 §4.2.1), fmi3EnterContinuousTimeMode in Initialization Mode,
     * fmi3CompletedIntegratorStep in Event Mode, fmi3UpdateDiscreteStates and a discrete input in
     * Continuous-Time Mode (FMI 3.0 §3.2: only continuous inputs change there).
     */
    static List<Forbidden> table(Description3 d) {
        double start = CoSimulation3Sequence.startTime(d);
        double h = CoSimulation3Sequence.stepSize(d);
        List<Forbidden> table = new ArrayList<>(List.of(
                new Forbidden(CO_SIMULATION, INITIALIZATION, "fmi3DoStep",
                        (fmu, c) -> fmu.doStep(c, start, h, new NativeFmu3.StepResult[1])),
                new Forbidden(CO_SIMULATION, STEP, "fmi3EnterEventMode", NativeFmu3::enterEventMode),
                new Forbidden(CO_SIMULATION, STEP, "fmi3UpdateDiscreteStates",
                        (fmu, c) -> fmu.updateDiscreteStates(c, new NativeFmu3.Update[1])),
                new Forbidden(MODEL_EXCHANGE, INITIALIZATION, "fmi3EnterContinuousTimeMode",
                        NativeFmu3::enterContinuousTimeMode),
                new Forbidden(MODEL_EXCHANGE, EVENT, "fmi3CompletedIntegratorStep",
                        (fmu, c) -> fmu.completedIntegratorStep(c, new boolean[2])),
                new Forbidden(MODEL_EXCHANGE, CONTINUOUS_TIME, "fmi3UpdateDiscreteStates",
                        (fmu, c) -> fmu.updateDiscreteStates(c, new NativeFmu3.Update[1]))));
        d.variables.stream().filter(v -> v.isInput() && v.variability().equals("discrete") && !v.isClocked()
                && !v.type().equals("Clock") && d.size(v) > 0).findFirst().ifPresent(v ->
                table.add(new Forbidden(MODEL_EXCHANGE, CONTINUOUS_TIME, "fmi3Set" + v.apiType() + "(" + v.name()
                        + ")", (fmu, c) -> {
                            List<Object> value = fmu.get(c, v.apiType(), v.valueReference(), d.size(v));
                            return value == null ? NativeFmu3.ERROR
                                    : fmu.set(c, v.apiType(), v.valueReference(), value);
                        })));
        return table;
    }

    /** The rows of one interface; {@code fmu} is its binary. */
    static List<Finding> run(NativeFmu3 fmu, String interfaceType, Description3 d, String resourcePath) {
        List<Finding> findings = new ArrayList<>();
        for (Forbidden row : table(d)) {
            if (!row.interfaceType().equals(interfaceType)) {
                continue;
            }
            String context = CONTEXT + ", " + interfaceType;
            Instance3 c = reach(fmu, row, d, resourcePath, context, findings);
            if (c == null) {
                return findings; // the finding says why
            }
            try (c) {
                int status = c.forbidden(row.call());
                if (status == NativeFmu3.OK || status == NativeFmu3.WARNING) {
                    findings.add(Finding.note(c.where(), row.function() + " returned "
                            + NativeFmu3.statusName(status) + ": the state machine does not allow it in " + row.mode()
                            + ", and FMI 3.0 §2.2.4 asks for fmi3Error when the FMU detects that"));
                }
            }
        }
        return findings;
    }

    /** A new instance in the row's mode; null after a finding. */
    private static Instance3 reach(NativeFmu3 fmu, Forbidden row, Description3 d, String resourcePath, String context,
            List<Finding> findings) {
        if (row.mode().equals(CONTINUOUS_TIME)) {
            return ModelExchange3Sequence.reachContinuousTime(fmu, d, resourcePath, context, Map.of(),
                    findings);
        }
        Instance3 c = row.interfaceType().equals(CO_SIMULATION)
                ? Instance3.coSimulation(fmu, d, resourcePath, false, false, context, findings)
                : Instance3.modelExchange(fmu, d, resourcePath, context, findings);
        if (c == null) {
            return null;
        }
        c.mode("Instantiated");
        boolean reached = c.enterInitializationMode(CoSimulation3Sequence.startTime(d));
        c.mode(INITIALIZATION);
        if (reached && !row.mode().equals(INITIALIZATION)) {
            reached = c.exitInitializationMode();
            c.mode(row.mode());
        }
        if (!reached) {
            c.close();
            return null;
        }
        return c;
    }
}
