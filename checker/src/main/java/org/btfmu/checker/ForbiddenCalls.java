package org.btfmu.checker;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntBiFunction;
import org.btfmu.checker.Description.Variable;

/**
 * Calls that the Model Exchange state machine (FMI 2.0 §3.2.3, the table of allowed calls)
 * forbids, each made once on a new instance in that state: an FMU that returns fmi2OK or
 * fmi2Warning accepted a call it must refuse, which is an error. The one table of the
 * checker's state-machine rules is {@link #table}.
 */
final class ForbiddenCalls {

    static final String CONTEXT = "Model Exchange state machine";

    private ForbiddenCalls() {
    }

    /** A call the state machine forbids in {@code mode}. */
    record Forbidden(String mode, String function, ToIntBiFunction<NativeFmu, Pointer> call) {
    }

    /** Events and integrator steps each in the other mode; discrete inputs in Continuous-Time Mode. */
    static List<Forbidden> table(Description d) {
        List<Forbidden> table = new ArrayList<>(List.of(
                new Forbidden(ModelExchangeSequence.INITIALIZATION, "fmi2EnterContinuousTimeMode",
                        NativeFmu::enterContinuousTimeMode),
                new Forbidden(ModelExchangeSequence.EVENT, "fmi2CompletedIntegratorStep",
                        (fmu, c) -> fmu.completedIntegratorStep(c, new boolean[2])),
                new Forbidden(ModelExchangeSequence.CONTINUOUS_TIME, "fmi2NewDiscreteStates",
                        (fmu, c) -> fmu.newDiscreteStates(c, new Memory(32)))));
        // Condition 5: in Continuous-Time Mode only continuous Real inputs may be set.
        d.variables.stream().filter(v -> v.isInput() && !v.type().equals("Real")).findFirst().ifPresent(v ->
                table.add(new Forbidden(ModelExchangeSequence.CONTINUOUS_TIME,
                        "fmi2Set" + v.baseType() + "(" + v.name() + ")",
                        (fmu, c) -> fmu.set(c, v.baseType(), v.valueReference(), startValue(v)))));
        return table;
    }

    static List<Finding> run(NativeFmu fmu, Description d, String resourceLocation) {
        List<Finding> findings = new ArrayList<>();
        for (Forbidden row : table(d)) {
            Component c = ModelExchangeSequence.reach(row.mode(), fmu, d, resourceLocation, CONTEXT, Map.of(),
                    findings);
            if (c == null) {
                return findings; // the finding says why
            }
            try (c) {
                int status = c.forbidden(row.call());
                if (status == NativeFmu.OK || status == NativeFmu.WARNING) {
                    findings.add(Finding.error(c.where(), row.function() + " returned "
                            + NativeFmu.statusName(status) + ", but FMI 2.0 §3.2.3 does not allow it in "
                            + row.mode()));
                }
            }
        }
        return findings;
    }

    /** A value of the variable's type: its start value, else 0 / false / "". */
    private static Object startValue(Variable v) {
        String start = v.start();
        return switch (v.baseType()) {
            case "Boolean" -> "true".equals(start) || "1".equals(start);
            case "String" -> start == null ? "" : start;
            default -> {
                try {
                    yield start == null ? 0 : (int) Double.parseDouble(start);
                } catch (NumberFormatException e) {
                    yield 0; // the rule checks report the start value
                }
            }
        };
    }
}
