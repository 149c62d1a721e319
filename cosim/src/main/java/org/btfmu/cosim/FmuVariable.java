package org.btfmu.cosim;

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
}
