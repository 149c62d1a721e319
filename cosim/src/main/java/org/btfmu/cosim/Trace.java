package org.btfmu.cosim;

import java.util.ArrayList;
import java.util.List;

/**
 * Keeps chosen numeric columns of the samples in memory, for plots after the run.
 * Booleans are kept as 1/0; Strings cannot be traced.
 *
 * <p>Primitive doubles in blocks of {@value #BLOCK} rows: a day at a 1 s step (86,401 rows) is
 * kept without boxing and without copying a growing array (which made the heap, and so the
 * collector's work and the RSS, several times the data).
 */
public final class Trace implements SampleListener {

    static final int BLOCK = 4096;

    private final int[] columns;
    private final List<double[]> timeBlocks = new ArrayList<>();
    /** Per traced column, its blocks. */
    private final List<List<double[]>> valueBlocks = new ArrayList<>();
    private double[] times;
    private double[][] values;
    private int size;

    /** {@code columns}: indexes into the sampled values. */
    public Trace(int[] columns) {
        this.columns = columns.clone();
        this.values = new double[columns.length][];
        for (int c = 0; c < columns.length; c++) {
            valueBlocks.add(new ArrayList<>());
        }
    }

    @Override
    public void columns(List<String> names) {
        // the caller chose the indexes
    }

    @Override
    public void sample(double time, Object[] sample) {
        int at = size % BLOCK;
        if (at == 0) {
            times = new double[BLOCK];
            timeBlocks.add(times);
            for (int c = 0; c < columns.length; c++) {
                values[c] = new double[BLOCK];
                valueBlocks.get(c).add(values[c]);
            }
        }
        times[at] = time;
        for (int c = 0; c < columns.length; c++) {
            Object v = sample[columns[c]];
            values[c][at] = v instanceof Boolean b ? (b ? 1 : 0) : ((Number) v).doubleValue();
        }
        size++;
    }

    public int size() {
        return size;
    }

    public double[] times() {
        return join(timeBlocks);
    }

    /** The values of the c-th traced column. */
    public double[] values(int c) {
        return join(valueBlocks.get(c));
    }

    /** How often consecutive samples differ, summed over all traced columns. */
    public long changes() {
        long count = 0;
        for (int c = 0; c < columns.length; c++) {
            double previous = 0;
            for (int i = 0; i < size; i++) {
                double v = valueBlocks.get(c).get(i / BLOCK)[i % BLOCK];
                if (i > 0 && v != previous) {
                    count++;
                }
                previous = v;
            }
        }
        return count;
    }

    private double[] join(List<double[]> blocks) {
        double[] all = new double[size];
        for (int b = 0; b < blocks.size(); b++) {
            System.arraycopy(blocks.get(b), 0, all, b * BLOCK, Math.min(BLOCK, size - b * BLOCK));
        }
        return all;
    }
}
