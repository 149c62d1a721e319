package org.btfmu.cosim;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads the recorded variables at a communication point, one batch per FMU, and hands them on. */
final class Sampler {

    private final List<VariableBatch> batches = new ArrayList<>();
    private final List<int[]> slots = new ArrayList<>();
    private final Object[] values;

    Sampler(List<VariableReference> recorded) {
        values = new Object[recorded.size()];
        Map<FmuInstance, List<Integer>> columnsByFmu = new LinkedHashMap<>();
        for (int c = 0; c < recorded.size(); c++) {
            columnsByFmu.computeIfAbsent(recorded.get(c).fmu(), f -> new ArrayList<>()).add(c);
        }
        columnsByFmu.forEach((fmu, columns) -> {
            batches.add(new VariableBatch(fmu, columns.stream().map(c -> recorded.get(c).variable()).toList()));
            slots.add(columns.stream().mapToInt(Integer::intValue).toArray());
        });
    }

    void sample(double time, List<SampleListener> listeners) {
        for (int b = 0; b < batches.size(); b++) {
            batches.get(b).read(values, slots.get(b));
        }
        for (SampleListener l : listeners) {
            l.sample(time, values);
        }
    }
}
