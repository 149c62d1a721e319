package org.btfmu.cosim;

import java.util.Arrays;
import java.util.List;

/**
 * Keeps chosen numeric columns of the samples in memory, for plots after the run.
 * Booleans are kept as 1/0; Strings cannot be traced.
 */
public final class Trace implements SampleListener {

    private final int[] columns;
    private double[] times = new double[1024];
    private final double[][] values;
    private int size;

    /** {@code columns}: indexes into the sampled values. */
    public Trace(int[] columns) {
        this.columns = columns.clone();
        values = new double[columns.length][times.length];
    }

    @Override
    public void columns(List<String> names) {
        // the caller chose the indexes
    }

    @Override
    public void sample(double time, Object[] sample) {
        if (size == times.length) {
            times = Arrays.copyOf(times, size * 2);
            for (int c = 0; c < values.length; c++) {
                values[c] = Arrays.copyOf(values[c], size * 2);
            }
        }
        times[size] = time;
        for (int c = 0; c < columns.length; c++) {
            Object v = sample[columns[c]];
            values[c][size] = v instanceof Boolean b ? (b ? 1 : 0) : ((Number) v).doubleValue();
        }
        size++;
    }

    public int size() {
        return size;
    }

    public double[] times() {
        return Arrays.copyOf(times, size);
    }

    /** The values of the c-th traced column. */
    public double[] values(int c) {
        return Arrays.copyOf(values[c], size);
    }

    /** How often consecutive samples differ, summed over all traced columns. */
    public long changes() {
        long count = 0;
        for (double[] column : values) {
            for (int i = 1; i < size; i++) {
                if (column[i] != column[i - 1]) {
                    count++;
                }
            }
        }
        return count;
    }
}
