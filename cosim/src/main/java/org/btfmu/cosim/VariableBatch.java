package org.btfmu.cosim;

import java.util.ArrayList;
import java.util.List;

/**
 * A fixed list of variables of one FMU, read with one fmi2Get call per type and
 * written with one fmi2Set call per type: every call crosses JNA, which costs
 * microseconds, so a master step must not pay it per variable.
 */
final class VariableBatch {

    private final FmuInstance fmu;
    private final List<FmuVariable> variables;
    private final int[][] refs = new int[VariableType.values().length][];
    private final int[][] positions = new int[VariableType.values().length][];

    VariableBatch(FmuInstance fmu, List<FmuVariable> variables) {
        this.fmu = fmu;
        this.variables = List.copyOf(variables);
        for (VariableType type : VariableType.values()) {
            List<Integer> at = new ArrayList<>();
            for (int i = 0; i < variables.size(); i++) {
                if (variables.get(i).type() == type) {
                    at.add(i);
                }
            }
            positions[type.ordinal()] = at.stream().mapToInt(Integer::intValue).toArray();
            refs[type.ordinal()] = at.stream().mapToInt(i -> variables.get(i).valueReference()).toArray();
        }
    }

    FmuInstance fmu() {
        return fmu;
    }

    List<FmuVariable> variables() {
        return variables;
    }

    /** Reads every variable: {@code into[slots[i]]} receives variable i as Double, Integer, Boolean or String. */
    void read(Object[] into, int[] slots) {
        for (VariableType type : VariableType.values()) {
            int[] vr = refs[type.ordinal()];
            if (vr.length > 0) {
                fmu.get(type, vr, positions[type.ordinal()], slots, into, variables);
            }
        }
    }

    /** Writes {@code values[i]} to variable i for every i where {@code changed[i]}. */
    void write(Object[] values, boolean[] changed) {
        for (VariableType type : VariableType.values()) {
            int[] at = positions[type.ordinal()];
            int n = 0;
            for (int i : at) {
                n += changed[i] ? 1 : 0;
            }
            if (n == 0) {
                continue;
            }
            int[] vr = new int[n];
            Object[] selected = new Object[n];
            List<FmuVariable> which = new ArrayList<>(n);
            int k = 0;
            for (int j = 0; j < at.length; j++) {
                if (changed[at[j]]) {
                    vr[k] = refs[type.ordinal()][j];
                    selected[k++] = values[at[j]];
                    which.add(variables.get(at[j]));
                }
            }
            fmu.set(type, vr, selected, which);
        }
    }
}
