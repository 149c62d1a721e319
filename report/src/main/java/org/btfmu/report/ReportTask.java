package org.btfmu.report;

import java.util.Map;

/**
 * One task of a mission as the report shows it.
 *
 * @param path        its path, names from the root joined by "." as in its {@code status.<path>} output
 *                    (prefixed by "&lt;fmu&gt;:" when a run has several mission FMUs)
 * @param parent      index of the parent task in the report's list, -1 for a root
 * @param type        its task type ("" when the mission file could not be read)
 * @param expressions what the mission file says the task computes (predicate, done, entry, ...), by key, in
 *                    the mission file's order (kept: report.html lists them so, the same in every run)
 */
public record ReportTask(String path, String name, String type, int parent, String description,
        Map<String, String> expressions) {

    public ReportTask {
        // Not Map.copyOf: its iteration order changes from one JVM to the next, and so did report.html.
        expressions.forEach((k, v) -> java.util.Objects.requireNonNull(v, k));
        expressions = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(expressions));
    }
}
