package org.btfmu.cosim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Copies connected outputs to inputs at a communication point: one fmi2Get per
 * source FMU and type, and one fmi2Set per target FMU and type for the inputs whose
 * value changed (an input keeps its value in FMI 2.0). An FMU that received new
 * values may show new outputs at once (direct feedthrough), so its outputs are
 * copied again, until nothing changes or every FMU has had its turn.
 */
final class Exchange {

    private final List<FmuInstance> fmus;
    private final VariableBatch[] outputs;  // per FMU: its outputs that feed connections
    private final int[][] outputSlots;
    private final Object[][] outputValues;
    private final VariableBatch[] inputs;   // per FMU: its connected inputs
    private final Object[][] inputValues;
    private final boolean[][] inputChanged;
    private final int[] sourceFmu, sourceIndex, targetFmu, targetIndex; // per connection
    private final Object[] last;            // per connection: the value copied last

    Exchange(List<FmuInstance> fmus, List<Connection> connections) {
        this.fmus = fmus;
        int n = fmus.size();
        outputs = new VariableBatch[n];
        outputSlots = new int[n][];
        outputValues = new Object[n][];
        inputs = new VariableBatch[n];
        inputValues = new Object[n][];
        inputChanged = new boolean[n][];
        int c = connections.size();
        sourceFmu = new int[c];
        sourceIndex = new int[c];
        targetFmu = new int[c];
        targetIndex = new int[c];
        last = new Object[c];
        for (int f = 0; f < n; f++) {
            List<FmuVariable> out = new ArrayList<>();
            List<FmuVariable> in = new ArrayList<>();
            for (int i = 0; i < c; i++) {
                Connection connection = connections.get(i);
                if (connection.from().fmu() == fmus.get(f)) {
                    if (!out.contains(connection.from().variable())) {
                        out.add(connection.from().variable());
                    }
                    sourceFmu[i] = f;
                    sourceIndex[i] = out.indexOf(connection.from().variable());
                }
                if (connection.to().fmu() == fmus.get(f)) {
                    targetFmu[i] = f;
                    targetIndex[i] = in.size();
                    in.add(connection.to().variable());
                }
            }
            outputs[f] = new VariableBatch(fmus.get(f), out);
            outputSlots[f] = java.util.stream.IntStream.range(0, out.size()).toArray();
            outputValues[f] = new Object[out.size()];
            inputs[f] = new VariableBatch(fmus.get(f), in);
            inputValues[f] = new Object[in.size()];
            inputChanged[f] = new boolean[in.size()];
        }
    }

    /** Copies until nothing changes; true if any input received a new value. */
    boolean run() {
        boolean any = false;
        Set<Integer> sources = new LinkedHashSet<>();
        for (int f = 0; f < fmus.size(); f++) {
            sources.add(f);
        }
        for (int pass = 0; pass <= fmus.size() && !sources.isEmpty(); pass++) {
            for (int f : sources) {
                outputs[f].read(outputValues[f], outputSlots[f]);
            }
            Set<Integer> changed = new LinkedHashSet<>();
            for (int i = 0; i < last.length; i++) {
                if (!sources.contains(sourceFmu[i])) {
                    continue;
                }
                Object value = outputValues[sourceFmu[i]][sourceIndex[i]];
                if (!Objects.equals(last[i], value)) {
                    last[i] = value;
                    inputValues[targetFmu[i]][targetIndex[i]] = value;
                    inputChanged[targetFmu[i]][targetIndex[i]] = true;
                    changed.add(targetFmu[i]);
                }
            }
            for (int f : changed) {
                inputs[f].write(inputValues[f], inputChanged[f]);
                Arrays.fill(inputChanged[f], false);
            }
            any |= !changed.isEmpty();
            sources = changed;
        }
        return any;
    }
}
