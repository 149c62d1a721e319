package org.btfmu.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.btfmu.core.Status;

/**
 * Status changes read off sampled statuses, where no log of them exists (a result.csv): each at
 * the first sample that shows it, so changes within one instant or one step collapse into one.
 */
public final class SampledEvents {

    private SampledEvents() {
    }

    /** The changes of every task in {@code statuses} (path → Status ordinal + 1 at {@code times}), by time. */
    public static List<StatusEvent> of(double[] times, Map<String, double[]> statuses, List<ReportTask> order) {
        List<StatusEvent> events = new ArrayList<>();
        Status[] all = Status.values();
        for (ReportTask task : order) {
            double[] v = statuses.get(task.path());
            if (v == null) {
                continue;
            }
            for (int i = 1; i < v.length; i++) {
                if (v[i] != v[i - 1] && valid(v[i]) && valid(v[i - 1])) {
                    events.add(new StatusEvent(times[i], task.path(), all[(int) v[i - 1] - 1], all[(int) v[i] - 1], ""));
                }
            }
        }
        events.sort(Comparator.comparingDouble(StatusEvent::time)); // stable: tasks in tree order within a time
        return events;
    }

    private static boolean valid(double value) {
        return value >= 1 && value <= Status.values().length && value == Math.rint(value);
    }
}
