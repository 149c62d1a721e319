package org.btfmu.demo;

import java.util.List;
import java.util.stream.IntStream;
import org.btfmu.cosim.SampleListener;
import org.btfmu.cosim.Trace;
import org.btfmu.cosim.VariableType;

/**
 * Every sample of a co-simulation kept in memory, read back by column name. The numeric
 * columns (Real, Integer, Boolean) are kept as primitive doubles ({@link Trace}), which hold
 * every Integer and 1/0 exactly; String columns are not kept (nothing reads them back).
 */
public final class Recording implements SampleListener {

    /** Beyond this the arrays grow as rows come, rather than being reserved up front (and zeroed). */
    private static final int MOST_RESERVED_ROWS = 1 << 17;

    private final int expectedRows;
    private List<String> columns = List.of();
    private Trace numbers;
    /** Per column: its index in {@link #numbers}, or -1 for a String column; set by the first sample. */
    private int[] traced;
    private boolean[] integer;
    /** Columns read since the last sample, shared by every reader (a report reads each several times, on two threads). */
    private final java.util.Map<Integer, double[]> read = new java.util.concurrent.ConcurrentHashMap<>();

    public Recording() {
        this(1024);
    }

    /** {@code expectedRows}: how many samples the run will most likely give (a hint: a run may give more or fewer). */
    public Recording(long expectedRows) {
        this.expectedRows = (int) Math.max(1, Math.min(expectedRows, MOST_RESERVED_ROWS));
    }

    @Override
    public void columns(List<String> names) {
        columns = List.copyOf(names);
        numbers = null;
    }

    @Override
    public void sample(double time, Object[] values) {
        sample(time, org.btfmu.cosim.Values.of(values));
    }

    @Override
    public void sample(double time, org.btfmu.cosim.Values values) {
        if (numbers == null) {
            int n = values.size();
            traced = new int[n];
            integer = new boolean[n];
            int[] numeric = IntStream.range(0, n).filter(c -> values.type(c) != VariableType.STRING).toArray();
            java.util.Arrays.fill(traced, -1);
            for (int i = 0; i < numeric.length; i++) {
                traced[numeric[i]] = i;
            }
            for (int c = 0; c < n; c++) {
                integer[c] = values.type(c) == VariableType.INTEGER;
            }
            numbers = new Trace(numeric, expectedRows);
        }
        numbers.sample(time, values);
        if (!read.isEmpty()) {
            read.clear();
        }
    }

    public List<String> columns() {
        return columns;
    }

    public int size() {
        return numbers == null ? 0 : numbers.size();
    }

    public double[] times() {
        return numbers == null ? new double[0] : numbers.times();
    }

    /** A numeric column; Booleans as 1/0. The array is shared with other readers: do not change it. */
    public double[] values(String column) {
        int c = index(column);
        if (numbers == null) {
            return new double[0];
        }
        if (traced[c] < 0) {
            throw new IllegalArgumentException("column '" + column + "' holds Strings, not numbers");
        }
        return read.computeIfAbsent(c, k -> numbers.values(traced[k]));
    }

    /** An Integer column, e.g. a task's status (Status ordinal + 1). */
    public int[] integers(String column) {
        int c = index(column);
        if (numbers == null) {
            return new int[0];
        }
        if (!integer[c]) {
            throw new IllegalArgumentException("column '" + column + "' holds no Integers");
        }
        double[] values = values(column);
        int[] result = new int[values.length];
        for (int i = 0; i < result.length; i++) {
            result[i] = (int) values[i];
        }
        return result;
    }

    private int index(String column) {
        int c = columns.indexOf(column);
        if (c < 0) {
            throw new IllegalArgumentException("no column '" + column + "' (have " + columns + ")");
        }
        return c;
    }
}
