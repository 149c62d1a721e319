package org.btfmu.cosim;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads the recorded variables at a communication point, one batch per FMU, and hands them on. */
final class Sampler {

    private final VariableBatch[] batches;
    private final int[][] slots;
    private final Values values;

    Sampler(List<VariableReference> recorded) {
        values = new Values(recorded.stream().map(r -> r.variable().type()).toArray(VariableType[]::new));
        Map<FmuInstance, List<Integer>> columnsByFmu = new LinkedHashMap<>();
        for (int c = 0; c < recorded.size(); c++) {
            columnsByFmu.computeIfAbsent(recorded.get(c).fmu(), f -> new ArrayList<>()).add(c);
        }
        List<VariableBatch> batchList = new ArrayList<>();
        List<int[]> slotList = new ArrayList<>();
        columnsByFmu.forEach((fmu, columns) -> {
            batchList.add(new VariableBatch(fmu, columns.stream().map(c -> recorded.get(c).variable()).toList()));
            slotList.add(columns.stream().mapToInt(Integer::intValue).toArray());
        });
        batches = batchList.toArray(VariableBatch[]::new);
        slots = slotList.toArray(int[][]::new);
    }

    /** Reads and hands on the values at {@code time}; with no listener nothing is read (nobody would see it). */
    void sample(double time, List<SampleListener> listeners) {
        if (listeners.isEmpty()) {
            return;
        }
        for (int b = 0; b < batches.length; b++) {
            batches[b].read(values, slots[b]);
        }
        for (int l = 0; l < listeners.size(); l++) { // indexed: no iterator per step
            listeners.get(l).sample(time, values);
        }
    }
}
