package org.btfmu.cosim;

import java.util.Arrays;

/**
 * The values of a fixed list of variables at one instant, each kept as its type's primitive: a
 * Real in a double, an Integer in an int, a Boolean as 1/0 in an int, a String as itself. A master
 * fills one in place at every step, so no value is boxed on the step path (a boxed Double per value
 * and step was a third of the master's own work and most of its garbage).
 */
public final class Values {

    private final VariableType[] types;
    final double[] reals;   // used at the REAL positions
    final int[] ints;       // used at the INTEGER and BOOLEAN positions
    final String[] strings; // used at the STRING positions
    private final int size;

    /** Room for values of {@code types}, in that order: Reals 0, Integers 0, Booleans false, Strings null. */
    Values(VariableType[] types) {
        this(types.clone(), new double[types.length], new int[types.length], new String[types.length], types.length);
    }

    private Values(VariableType[] types, double[] reals, int[] ints, String[] strings, int size) {
        this.types = types;
        this.reals = reals;
        this.ints = ints;
        this.strings = strings;
        this.size = size;
    }

    /**
     * From boxed values (Double, Integer, Boolean, String); another Number counts as a Real, anything
     * else (null too) as the String it prints as. For callers that hold boxed values, such as tests.
     */
    public static Values of(Object... boxed) {
        VariableType[] types = new VariableType[boxed.length];
        for (int i = 0; i < boxed.length; i++) {
            Object v = boxed[i];
            types[i] = v instanceof Integer ? VariableType.INTEGER : v instanceof Boolean ? VariableType.BOOLEAN
                    : v instanceof Number ? VariableType.REAL : VariableType.STRING;
        }
        Values values = new Values(types);
        for (int i = 0; i < boxed.length; i++) {
            Object v = boxed[i];
            switch (types[i]) {
                case REAL -> values.reals[i] = ((Number) v).doubleValue();
                case INTEGER -> values.ints[i] = (Integer) v;
                case BOOLEAN -> values.ints[i] = (Boolean) v ? 1 : 0;
                case STRING -> values.strings[i] = String.valueOf(v);
            }
        }
        return values;
    }

    public int size() {
        return size;
    }

    public VariableType type(int i) {
        return types[i];
    }

    /** A Real value. */
    public double real(int i) {
        return reals[i];
    }

    /** An Integer value, or a Boolean's 1/0. */
    public int integer(int i) {
        return ints[i];
    }

    public boolean bool(int i) {
        return ints[i] != 0;
    }

    public String string(int i) {
        return strings[i];
    }

    /** A Real, Integer or Boolean (1/0) as a double: every Integer exactly. */
    public double number(int i) {
        return switch (types[i]) {
            case REAL -> reals[i];
            case INTEGER, BOOLEAN -> ints[i];
            case STRING -> throw new IllegalArgumentException("value " + i + " is a String, not a number");
        };
    }

    /** Value {@code i} boxed: Double, Integer, Boolean or String. */
    public Object value(int i) {
        return switch (types[i]) {
            case REAL -> reals[i];
            case INTEGER -> ints[i];
            case BOOLEAN -> ints[i] != 0;
            case STRING -> strings[i];
        };
    }

    /** Every value boxed, in a new array (for listeners that take Object[]; costs an object per value). */
    public Object[] boxed() {
        Object[] boxed = new Object[size];
        for (int i = 0; i < size; i++) {
            boxed[i] = value(i);
        }
        return boxed;
    }

    /** The first {@code n} values: a view sharing this one's storage (made once, it follows every change). */
    public Values head(int n) {
        if (n < 0 || n > size) {
            throw new IndexOutOfBoundsException("head " + n + " of " + size + " values");
        }
        return n == size ? this : new Values(types, reals, ints, strings, n);
    }

    @Override
    public String toString() {
        return Arrays.toString(boxed());
    }

    /**
     * An array of {@code type}'s storage kind for {@code n} values: double[] for Reals, int[] for
     * Integers and Booleans (1/0), String[] for Strings (what {@link FmuInstance#get} fills).
     */
    static Object array(VariableType type, int n) {
        return switch (type) {
            case REAL -> new double[n];
            case INTEGER, BOOLEAN -> new int[n];
            case STRING -> new String[n];
        };
    }

    /** The first {@code n} values of an {@link #array} boxed, for the calls that take Object[] (FMI 3.0). */
    static Object[] box(VariableType type, Object array, int n) {
        Object[] boxed = new Object[n];
        for (int i = 0; i < n; i++) {
            boxed[i] = switch (type) {
                case REAL -> ((double[]) array)[i];
                case INTEGER -> ((int[]) array)[i];
                case BOOLEAN -> ((int[]) array)[i] != 0;
                case STRING -> ((String[]) array)[i];
            };
        }
        return boxed;
    }

    /** Boxed values (Double, Integer, Boolean, String) into an {@link #array} of {@code type}. */
    static void unbox(VariableType type, Object[] boxed, Object array) {
        for (int i = 0; i < boxed.length; i++) {
            switch (type) {
                case REAL -> ((double[]) array)[i] = ((Number) boxed[i]).doubleValue();
                case INTEGER -> ((int[]) array)[i] = ((Number) boxed[i]).intValue();
                case BOOLEAN -> ((int[]) array)[i] = (Boolean) boxed[i] ? 1 : 0;
                case STRING -> ((String[]) array)[i] = (String) boxed[i];
            }
        }
    }
}
