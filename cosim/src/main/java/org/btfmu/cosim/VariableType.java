package org.btfmu.cosim;

/** How a master moves a value: Enumerations travel through the Integer functions. */
public enum VariableType {
    REAL, INTEGER, BOOLEAN, STRING;

    /** From the element name in modelDescription.xml (Real, Integer, Boolean, String, Enumeration). */
    static VariableType of(String typeName) {
        switch (typeName) {
            case "Real": return REAL;
            case "Integer":
            case "Enumeration": return INTEGER;
            case "Boolean": return BOOLEAN;
            case "String": return STRING;
            default: throw new IllegalArgumentException("unknown variable type " + typeName);
        }
    }

    /** Parses a value written in a connections or input file, or on the command line. */
    Object parse(String text) {
        String t = text.strip();
        switch (this) {
            case REAL: return Double.parseDouble(t);
            case INTEGER: return Integer.parseInt(t);
            case BOOLEAN:
                if (t.equals("1") || t.equalsIgnoreCase("true")) {
                    return Boolean.TRUE;
                }
                if (t.equals("0") || t.equalsIgnoreCase("false")) {
                    return Boolean.FALSE;
                }
                throw new NumberFormatException("not a Boolean: " + text);
            default: return text;
        }
    }
}
