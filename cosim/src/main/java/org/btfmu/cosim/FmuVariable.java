package org.btfmu.cosim;

import java.util.Objects;

/**
 * One scalar variable of an FMU as its modelDescription.xml declares it.
 *
 * @param typeName the declared element (Real, Integer, Boolean, String, Enumeration)
 */
public record FmuVariable(String name, int valueReference, VariableType type, String typeName,
        String causality, String variability) {

    public boolean isInput() {
        return causality.equals("input");
    }

    public boolean isOutput() {
        return causality.equals("output");
    }

    public boolean isParameter() {
        return causality.equals("parameter");
    }

    // equals and hashCode written out: a record's own bootstrap java.lang.runtime.ObjectMethods at
    // their first call, some 5 ms of every start of simulate (variables are map keys while loading)

    @Override
    public boolean equals(Object other) {
        return other instanceof FmuVariable that && valueReference == that.valueReference
                && Objects.equals(name, that.name) && type == that.type && Objects.equals(typeName, that.typeName)
                && Objects.equals(causality, that.causality) && Objects.equals(variability, that.variability);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, valueReference, type, typeName, causality, variability);
    }
}
