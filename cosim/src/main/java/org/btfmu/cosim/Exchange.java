package org.btfmu.cosim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Copies connected outputs to inputs at a communication point, in the order the
 * FMUs' declared dependencies require (see {@link ExchangeOrder}): connections
 * are grouped into levels, and a level is copied only after every level whose
 * inputs can change its outputs at once (direct feedthrough). So one pass settles
 * every value without iteration. A level costs one fmi2Get per source FMU and type
 * and one fmi2Set per target FMU and type for the inputs whose value changed (an
 * input keeps its value in FMI 2.0).
 */
final class Exchange {

    private final List<Level> levels = new ArrayList<>();

    Exchange(List<FmuInstance> fmus, List<Connection> connections, ModelStructure.Mode mode) {
        List<List<Connection>> ordered = ExchangeOrder.levels(connections, mode);
        for (List<Connection> level : ordered) {
            levels.add(new Level(fmus, level));
        }
    }

    /** Copies every level in order; true if any input received a new value. */
    boolean run() {
        boolean any = false;
        for (Level level : levels) {
            any |= level.copy();
        }
        return any;
    }

    /**
     * Forgets the values copied last, so the next {@link #run} writes every input: needed
     * when another exchange over the same inputs may have written them since (Model
     * Exchange copies continuous values between events and everything at events).
     */
    void forget() {
        for (Level level : levels) {
            Arrays.fill(level.last, null);
        }
    }

    /** Connections whose sources do not depend on each other's targets: read all, then write all. */
    private static final class Level {
        private final List<Integer> sources = new ArrayList<>();
        private final VariableBatch[] outputs;  // per FMU: its outputs that feed this level
        private final int[][] outputSlots;
        private final Object[][] outputValues;
        private final VariableBatch[] inputs;   // per FMU: its inputs fed by this level
        private final Object[][] inputValues;
        private final boolean[][] inputChanged;
        private final int[] sourceFmu, sourceIndex, targetFmu, targetIndex; // per connection
        private final Object[] last;            // per connection: the value copied last
        private final boolean[] targetChanged;  // per FMU, during one copy (no set allocated per step)

        Level(List<FmuInstance> fmus, List<Connection> connections) {
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
            targetChanged = new boolean[n];
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
                if (!out.isEmpty()) {
                    sources.add(f);
                }
                outputs[f] = new VariableBatch(fmus.get(f), out);
                outputSlots[f] = java.util.stream.IntStream.range(0, out.size()).toArray();
                outputValues[f] = new Object[out.size()];
                inputs[f] = new VariableBatch(fmus.get(f), in);
                inputValues[f] = new Object[in.size()];
                inputChanged[f] = new boolean[in.size()];
            }
        }

        boolean copy() {
            for (int f : sources) {
                outputs[f].read(outputValues[f], outputSlots[f]);
            }
            boolean any = false;
            for (int i = 0; i < last.length; i++) {
                Object value = outputValues[sourceFmu[i]][sourceIndex[i]];
                if (!Objects.equals(last[i], value)) {
                    last[i] = value;
                    inputValues[targetFmu[i]][targetIndex[i]] = value;
                    inputChanged[targetFmu[i]][targetIndex[i]] = true;
                    targetChanged[targetFmu[i]] = true;
                    any = true;
                }
            }
            for (int f = 0; f < targetChanged.length; f++) {
                if (targetChanged[f]) {
                    targetChanged[f] = false;
                    inputs[f].write(inputValues[f], inputChanged[f]);
                    Arrays.fill(inputChanged[f], false);
                }
            }
            return any;
        }
    }
}
