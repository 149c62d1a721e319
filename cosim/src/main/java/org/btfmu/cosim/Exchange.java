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
        for (int i = 0; i < levels.size(); i++) { // indexed: no iterator per step
            any |= levels.get(i).copy();
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
            Arrays.fill(level.copied, false);
        }
    }

    /** Connections whose sources do not depend on each other's targets: read all, then write all. */
    private static final class Level {
        private final int[] sources;            // the FMUs with outputs in this level
        private final VariableBatch[] outputs;  // per FMU: its outputs that feed this level
        private final int[][] outputSlots;
        private final Values[] outputValues;
        private final VariableBatch[] inputs;   // per FMU: its inputs fed by this level
        private final Values[] inputValues;
        private final boolean[][] inputChanged;
        private final int[] sourceFmu, sourceIndex, targetFmu, targetIndex; // per connection
        private final Values last;              // per connection: the value copied last
        private final boolean[] copied;         // per connection: whether last holds one
        private final boolean[] targetChanged;  // per FMU, during one copy (no set allocated per step)

        Level(List<FmuInstance> fmus, List<Connection> connections) {
            int n = fmus.size();
            outputs = new VariableBatch[n];
            outputSlots = new int[n][];
            outputValues = new Values[n];
            inputs = new VariableBatch[n];
            inputValues = new Values[n];
            inputChanged = new boolean[n][];
            int c = connections.size();
            sourceFmu = new int[c];
            sourceIndex = new int[c];
            targetFmu = new int[c];
            targetIndex = new int[c];
            last = new Values(connections.stream().map(k -> k.to().variable().type()).toArray(VariableType[]::new));
            copied = new boolean[c];
            targetChanged = new boolean[n];
            List<Integer> withOutputs = new ArrayList<>();
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
                    withOutputs.add(f);
                }
                outputs[f] = new VariableBatch(fmus.get(f), out);
                outputSlots[f] = java.util.stream.IntStream.range(0, out.size()).toArray();
                outputValues[f] = new Values(out.stream().map(FmuVariable::type).toArray(VariableType[]::new));
                inputs[f] = new VariableBatch(fmus.get(f), in);
                inputValues[f] = new Values(in.stream().map(FmuVariable::type).toArray(VariableType[]::new));
                inputChanged[f] = new boolean[in.size()];
            }
            sources = withOutputs.stream().mapToInt(Integer::intValue).toArray();
        }

        boolean copy() {
            for (int f : sources) {
                outputs[f].read(outputValues[f], outputSlots[f]);
            }
            boolean any = false;
            for (int i = 0; i < copied.length; i++) {
                Values from = outputValues[sourceFmu[i]];
                int at = sourceIndex[i];
                if (copied[i] && same(from, at, i)) {
                    continue;
                }
                copied[i] = true;
                Values to = inputValues[targetFmu[i]];
                int into = targetIndex[i];
                switch (last.type(i)) { // a connection joins variables of one type (Connection checks)
                    case REAL -> {
                        last.reals[i] = from.reals[at];
                        to.reals[into] = from.reals[at];
                    }
                    case INTEGER, BOOLEAN -> {
                        last.ints[i] = from.ints[at];
                        to.ints[into] = from.ints[at];
                    }
                    case STRING -> {
                        last.strings[i] = from.strings[at];
                        to.strings[into] = from.strings[at];
                    }
                }
                inputChanged[targetFmu[i]][into] = true;
                targetChanged[targetFmu[i]] = true;
                any = true;
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

        /** Whether output {@code at} equals what connection {@code i} copied last, as Double.equals did (NaN equals NaN, 0.0 not -0.0). */
        private boolean same(Values from, int at, int i) {
            return switch (last.type(i)) {
                case REAL -> Double.doubleToLongBits(from.reals[at]) == Double.doubleToLongBits(last.reals[i]);
                case INTEGER, BOOLEAN -> from.ints[at] == last.ints[i];
                case STRING -> Objects.equals(from.strings[at], last.strings[i]);
            };
        }
    }
}
