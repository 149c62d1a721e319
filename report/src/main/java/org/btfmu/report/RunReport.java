package org.btfmu.report;

import java.util.List;
import java.util.Map;

/**
 * What report.html shows of one run.
 *
 * @param title     the mission (and scenario) name
 * @param times     the sample times (s), increasing
 * @param tasks     the tasks, depth-first, each parent before its children
 * @param statuses  each task's sampled status ({@link org.btfmu.core.Status} ordinal + 1, as the
 *                  {@code status.*} outputs give it), by task path; a task without samples has no colour
 * @param variables the recorded variables to plot
 * @param events    the status changes in time order, with their causes
 */
public record RunReport(String title, double[] times, List<ReportTask> tasks, Map<String, double[]> statuses,
        List<Variable> variables, List<StatusEvent> events) {

    /** A recorded variable: its result.csv column, its unit ("" if none) and its sampled values. */
    public record Variable(String name, String unit, double[] values) {
    }

    public RunReport {
        tasks = List.copyOf(tasks);
        statuses = Map.copyOf(statuses);
        variables = List.copyOf(variables);
        events = List.copyOf(events);
    }
}
