package org.btfmu.demo;

import java.util.ArrayList;
import java.util.List;
import org.btfmu.cosim.SampleListener;

/** Every sample of a co-simulation kept in memory, read back by column name. */
public final class Recording implements SampleListener {

    private List<String> columns = List.of();
    private final List<Double> times = new ArrayList<>();
    private final List<Object[]> rows = new ArrayList<>();

    @Override
    public void columns(List<String> names) {
        columns = List.copyOf(names);
    }

    @Override
    public void sample(double time, Object[] values) {
        times.add(time);
        rows.add(values.clone());
    }

    public List<String> columns() {
        return columns;
    }

    public int size() {
        return times.size();
    }

    public double[] times() {
        return times.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** A numeric column; Booleans as 1/0. */
    public double[] values(String column) {
        int c = index(column);
        double[] result = new double[rows.size()];
        for (int i = 0; i < result.length; i++) {
            Object v = rows.get(i)[c];
            result[i] = v instanceof Boolean b ? (b ? 1 : 0) : ((Number) v).doubleValue();
        }
        return result;
    }

    /** An Integer column, e.g. a task's status (Status ordinal + 1). */
    public int[] integers(String column) {
        int c = index(column);
        int[] result = new int[rows.size()];
        for (int i = 0; i < result.length; i++) {
            result[i] = (Integer) rows.get(i)[c];
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
