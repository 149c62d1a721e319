package org.btfmu.cosim;

import java.util.List;
import java.util.Objects;

/**
 * A variable of one FMU in a co-simulation, written {@code <instance>.<variable>}.
 * Variable names may contain dots themselves (e.g. {@code status.root.takeoff}), so
 * the longest instance name that prefixes the text wins. A bare variable name is
 * accepted when exactly one FMU has it.
 */
public record VariableReference(FmuInstance fmu, FmuVariable variable) {

    /** Resolves {@code text}; {@code where} names its origin for the error message. */
    public static VariableReference resolve(String text, List<FmuInstance> fmus, String where) {
        FmuInstance owner = null;
        for (FmuInstance fmu : fmus) {
            if (text.startsWith(fmu.name() + ".") && (owner == null || fmu.name().length() > owner.name().length())) {
                owner = fmu;
            }
        }
        if (owner == null) {
            // A variable name that only one FMU has needs no prefix.
            List<FmuInstance> having = fmus.stream().filter(f -> f.variable(text).isPresent()).toList();
            if (having.size() == 1) {
                return new VariableReference(having.get(0), having.get(0).variable(text).get());
            }
            throw new CoSimulationException(where + ": '" + text + "' "
                    + (having.isEmpty() ? "names no variable of any FMU" : "is ambiguous")
                    + "; write <fmu>.<variable> with <fmu> one of "
                    + String.join(", ", fmus.stream().map(FmuInstance::name).toList()));
        }
        String variableName = text.substring(owner.name().length() + 1);
        FmuInstance fmu = owner;
        FmuVariable variable = fmu.variable(variableName).orElseThrow(() -> new CoSimulationException(where
                + ": FMU '" + fmu.name() + "' has no variable '" + variableName + "' (its inputs: "
                + fmu.namesOf(FmuVariable::isInput) + "; outputs: " + fmu.namesOf(FmuVariable::isOutput) + ")"));
        return new VariableReference(fmu, variable);
    }

    // equals and hashCode written out: a record's own bootstrap java.lang.runtime.ObjectMethods at
    // their first call, some 10 ms of every start of simulate (these are map keys while loading)

    @Override
    public boolean equals(Object other) {
        return other instanceof VariableReference that && fmu == that.fmu && Objects.equals(variable, that.variable);
    }

    @Override
    public int hashCode() {
        return 31 * System.identityHashCode(fmu) + Objects.hashCode(variable);
    }

    /** {@code <instance>.<variable>}. */
    @Override
    public String toString() {
        return fmu.name() + "." + variable.name();
    }
}
