package org.btfmu.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The tree rebuilt from task paths alone, for a mission FMU whose mission file cannot be read. */
public final class ReportTasks {

    private ReportTasks() {
    }

    /**
     * One task per path (names joined by "."), in the given (depth-first) order; a task's parent is
     * the nearest earlier path that is a prefix of it.
     */
    public static List<ReportTask> fromPaths(List<String> paths) {
        List<ReportTask> tasks = new ArrayList<>();
        for (String path : paths) {
            int parent = -1;
            for (int j = tasks.size() - 1; j >= 0; j--) {
                if (path.startsWith(tasks.get(j).path() + ".")) {
                    parent = j;
                    break;
                }
            }
            String name = parent < 0 ? path : path.substring(tasks.get(parent).path().length() + 1);
            tasks.add(new ReportTask(path, name, "", parent, "", Map.of()));
        }
        return tasks;
    }
}
