package org.btfmu.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What caused each status change, as far as a run shows it. A mission FMU changes a task's
 * status only when its inputs change (at a communication point, where the master sets them)
 * or at a time event of its own (a wait, a timeout, a hold, a tick). So:
 * <ul>
 * <li>at the start time: "start";</li>
 * <li>at a communication point where an input that the task's expressions name changed since the
 *     previous point: "input x: a → b";</li>
 * <li>else at a communication point where such an input of another task that changed in the same
 *     instant changed: "input x: a → b (via task)", the tree passing the change on;</li>
 * <li>between communication points: "time event" in Co-Simulation, where inputs hold still within a
 *     step; in Model Exchange, where inputs move continuously, "state event (input crossing)" for a
 *     task that reads inputs, else "time event";</li>
 * <li>at a communication point without a changed input: "time event" (one that falls on the grid).</li>
 * </ul>
 * Without recorded input values, a change at a communication point is "input change or time event".
 */
public final class EventCauses {

    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private EventCauses() {
    }

    /**
     * The names among {@code inputs} that a task's expressions mention, by task path; an input of a
     * mission FMU in a run with several is "&lt;prefix&gt;&lt;name&gt;", like its tasks' paths.
     */
    public static Map<String, Set<String>> reads(List<ReportTask> tasks, Set<String> inputs) {
        Map<String, Set<String>> reads = new HashMap<>();
        for (ReportTask task : tasks) {
            String prefix = task.path().contains(":") ? task.path().substring(0, task.path().indexOf(':') + 1) : "";
            Set<String> names = new LinkedHashSet<>();
            for (String expression : task.expressions().values()) {
                Matcher m = NAME.matcher(expression);
                while (m.find()) {
                    if (inputs.contains(prefix + m.group())) {
                        names.add(prefix + m.group());
                    }
                }
            }
            reads.put(task.path(), names);
        }
        return reads;
    }

    /**
     * {@code events} in time order with their causes. {@code times} are the communication (output)
     * points, {@code inputs} the mission inputs' values there (may be empty), {@code reads} what
     * {@link #reads} gives.
     */
    public static List<StatusEvent> derive(List<StatusEvent> events, double[] times, Map<String, double[]> inputs,
            Map<String, Set<String>> reads, boolean modelExchange) {
        List<StatusEvent> result = new ArrayList<>();
        double step = times.length > 1 ? (times[times.length - 1] - times[0]) / (times.length - 1) : 1;
        int i = 0;
        while (i < events.size()) {
            int end = i;
            double t = events.get(i).time();
            while (end < events.size() && events.get(end).time() == t) {
                end++;
            }
            List<StatusEvent> instant = events.subList(i, end);
            int point = gridIndex(times, t, step);
            for (StatusEvent e : instant) {
                result.add(e.withCause(cause(e, instant, point, times, inputs, reads, modelExchange)));
            }
            i = end;
        }
        return result;
    }

    private static String cause(StatusEvent e, List<StatusEvent> instant, int point, double[] times,
            Map<String, double[]> inputs, Map<String, Set<String>> reads, boolean modelExchange) {
        Set<String> own = reads.getOrDefault(e.task(), Set.of());
        if (point == 0) {
            return "start";
        }
        if (point < 0) {
            return modelExchange && !own.isEmpty() ? "state event (input crossing: " + String.join(", ", own) + ")"
                    : "time event";
        }
        if (inputs.isEmpty()) {
            return "input change or time event";
        }
        String direct = changed(own, point, inputs);
        if (direct != null) {
            return direct;
        }
        for (StatusEvent other : instant) {
            String via = changed(reads.getOrDefault(other.task(), Set.of()), point, inputs);
            if (via != null && !other.task().equals(e.task())) {
                return via + " (via " + other.task() + ")";
            }
        }
        return "time event";
    }

    /** "input x: a → b" for the first of {@code names} whose value changed into point {@code k}, else null. */
    private static String changed(Set<String> names, int k, Map<String, double[]> inputs) {
        for (String name : names) {
            double[] values = inputs.get(name);
            if (values != null && k < values.length && values[k] != values[k - 1]) {
                return "input " + name + ": " + number(values[k - 1]) + " → " + number(values[k]);
            }
        }
        return null;
    }

    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.valueOf((long) v)
                : String.format(Locale.ROOT, "%.6g", v).replaceAll("(\\.\\d*?)0+(e|$)", "$1$2").replace(".e", "e")
                        .replaceAll("\\.$", "");
    }

    /** The index of the communication point at {@code t}, or -1 when {@code t} falls between points. */
    static int gridIndex(double[] times, double t, double step) {
        int k = Arrays.binarySearch(times, t);
        if (k >= 0) {
            return k;
        }
        int after = -k - 1;
        double tolerance = 1e-9 * Math.max(Math.abs(t), step);
        if (after < times.length && times[after] - t <= tolerance) {
            return after;
        }
        if (after > 0 && t - times[after - 1] <= tolerance) {
            return after - 1;
        }
        return -1;
    }
}
