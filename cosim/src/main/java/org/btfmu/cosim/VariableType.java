package org.btfmu.cosim;

/** How a master moves a value: Enumerations travel through the Integer functions. */
public enum VariableType {
    REAL, INTEGER, BOOLEAN, STRING;

    /**
     * From the element name in modelDescription.xml: FMI 2.0's Real, Integer, Boolean, String,
     * Enumeration, and FMI 3.0's Float32/64, (U)Int8..64 (moved as 32-bit Integers: a value out
     * of that range is an error when read), Boolean, String and Binary (moved as hexadecimal text).
     */
    static VariableType of(String typeName) {
        switch (typeName) {
            case "Real", "Float64", "Float32": return REAL;
            case "Integer", "Enumeration", "Int8", "UInt8", "Int16", "UInt16", "Int32", "UInt32", "Int64", "UInt64":
                return INTEGER;
            case "Boolean": return BOOLEAN;
            case "String", "Binary": return STRING;
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
