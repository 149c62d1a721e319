package org.btfmu.cosim;

import java.util.ArrayList;
import java.util.List;

/** Keeps every sample of a run in memory, for the tests. */
final class Rows implements SampleListener {
    final List<Double> times = new ArrayList<>();
    final List<Object[]> values = new ArrayList<>();

    @Override
    public void columns(List<String> names) {
        // the test chose them
    }

    @Override
    public void sample(double time, Object[] sample) {
        times.add(time);
        values.add(sample.clone());
    }
}
