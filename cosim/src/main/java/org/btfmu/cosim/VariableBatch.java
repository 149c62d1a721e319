package org.btfmu.cosim;

import java.util.ArrayList;
import java.util.List;

/**
 * A fixed list of variables of one FMU, read with one fmi2Get call per type and
 * written with one fmi2Set call per type: every call crosses into native code, so a
 * master step must not pay it per variable. The arrays the calls fill or take are made
 * once (for a write of some of the variables, once per count), so a step allocates nothing.
 */
final class VariableBatch {

    private static final VariableType[] TYPES = VariableType.values();

    private final FmuInstance fmu;
    private final List<FmuVariable> variables;
    private final int[][] refs = new int[TYPES.length][];
    private final int[][] positions = new int[TYPES.length][];
    /** Per type: its variables in the order of {@link #refs} (errors name them). */
    private final List<List<FmuVariable>> named = new ArrayList<>();
    /** Per type: the array a call fills or takes, one per count of values (index: the count). */
    private final Object[][] arrays = new Object[TYPES.length][];
    /** Per type: value references for a write of some of them, one per count. */
    private final int[][][] someRefs = new int[TYPES.length][][];

    VariableBatch(FmuInstance fmu, List<FmuVariable> variables) {
        this.fmu = fmu;
        this.variables = List.copyOf(variables);
        for (VariableType type : TYPES) {
            List<Integer> at = new ArrayList<>();
            for (int i = 0; i < variables.size(); i++) {
                if (variables.get(i).type() == type) {
                    at.add(i);
                }
            }
            int t = type.ordinal();
            positions[t] = at.stream().mapToInt(Integer::intValue).toArray();
            refs[t] = at.stream().mapToInt(i -> variables.get(i).valueReference()).toArray();
            named.add(at.stream().map(variables::get).toList());
            arrays[t] = new Object[at.size() + 1];
            someRefs[t] = new int[at.size() + 1][];
        }
    }

    FmuInstance fmu() {
        return fmu;
    }

    List<FmuVariable> variables() {
        return variables;
    }

    /** Reads every variable: {@code into} receives variable i at position {@code slots[i]}. */
    void read(Values into, int[] slots) {
        for (VariableType type : TYPES) {
            int t = type.ordinal();
            int[] vr = refs[t];
            int n = vr.length;
            if (n == 0) {
                continue;
            }
            Object array = array(t, n);
            fmu.get(type, vr, array, named.get(t));
            int[] at = positions[t];
            switch (type) {
                case REAL -> {
                    double[] v = (double[]) array;
                    for (int i = 0; i < n; i++) {
                        into.reals[slots[at[i]]] = v[i];
                    }
                }
                case INTEGER, BOOLEAN -> {
                    int[] v = (int[]) array;
                    for (int i = 0; i < n; i++) {
                        into.ints[slots[at[i]]] = v[i];
                    }
                }
                case STRING -> {
                    String[] v = (String[]) array;
                    for (int i = 0; i < n; i++) {
                        into.strings[slots[at[i]]] = v[i];
                    }
                }
            }
        }
    }

    /** Writes variable i's value from {@code values} (position i) for every i where {@code changed[i]}. */
    void write(Values values, boolean[] changed) {
        for (VariableType type : TYPES) {
            int t = type.ordinal();
            int[] at = positions[t];
            int n = 0;
            for (int i : at) {
                n += changed[i] ? 1 : 0;
            }
            if (n == 0) {
                continue;
            }
            int[] vr = n == at.length ? refs[t] : someRefs(t, n);
            Object array = array(t, n);
            int k = 0;
            for (int j = 0; j < at.length; j++) {
                int i = at[j];
                if (!changed[i]) {
                    continue;
                }
                vr[k] = refs[t][j]; // for all of them it is already so
                switch (type) {
                    case REAL -> ((double[]) array)[k] = values.reals[i];
                    case INTEGER, BOOLEAN -> ((int[]) array)[k] = values.ints[i];
                    case STRING -> ((String[]) array)[k] = values.strings[i];
                }
                k++;
            }
            fmu.set(type, vr, array, named.get(t));
        }
    }

    private Object array(int t, int n) {
        Object array = arrays[t][n];
        if (array == null) {
            array = Values.array(TYPES[t], n);
            arrays[t][n] = array;
        }
        return array;
    }

    private int[] someRefs(int t, int n) {
        int[] vr = someRefs[t][n];
        if (vr == null) {
            vr = new int[n];
            someRefs[t][n] = vr;
        }
        return vr;
    }
}
