package org.btfmu.cosim;

import java.util.Arrays;
import java.util.List;

/**
 * Keeps chosen numeric columns of the samples in memory, for plots after the run.
 * Booleans are kept as 1/0; Strings cannot be traced.
 *
 * <p>Primitive doubles, one array per column sized for the rows the caller expects (a day at a
 * 1 s step is 86,401): no boxing, and once the expected rows are in, {@link #values} hands out the
 * array itself instead of a copy. More rows than expected grow the arrays by half.
 */
public final class Trace implements SampleListener {

    private final int[] columns;
    private double[] times;
    private final double[][] values;
    private int size;

    /** {@code columns}: indexes into the sampled values. */
    public Trace(int[] columns) {
        this(columns, 1024);
    }

    /** {@code expectedRows}: how many samples the run will most likely give (a hint, not a limit). */
    public Trace(int[] columns, int expectedRows) {
        this.columns = columns.clone();
        int capacity = Math.max(1, expectedRows);
        times = new double[capacity];
        values = new double[columns.length][capacity];
    }

    @Override
    public void columns(List<String> names) {
        // the caller chose the indexes
    }

    @Override
    public void sample(double time, Object[] sample) {
        sample(time, Values.of(sample));
    }

    @Override
    public void sample(double time, Values sample) {
        if (size == times.length) {
            int capacity = size + Math.max(16, size / 2);
            times = Arrays.copyOf(times, capacity);
            for (int c = 0; c < values.length; c++) {
                values[c] = Arrays.copyOf(values[c], capacity);
            }
        }
        times[size] = time;
        for (int c = 0; c < columns.length; c++) {
            values[c][size] = sample.number(columns[c]);
        }
        size++;
    }

    public int size() {
        return size;
    }

    /** The sample times; the array may be shared with the trace: do not change it. */
    public double[] times() {
        return exact(times);
    }

    /** The values of the c-th traced column; the array may be shared with the trace: do not change it. */
    public double[] values(int c) {
        return exact(values[c]);
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

    /** The array itself when it holds exactly the samples (a later sample grows a new one), else a copy. */
    private double[] exact(double[] array) {
        return array.length == size ? array : Arrays.copyOf(array, size);
    }
}
