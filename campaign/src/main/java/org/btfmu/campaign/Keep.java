package org.btfmu.campaign;

import java.util.List;

/**
 * What a run keeps of one variable: {@code {"variable": "plant.soc", "stats": ["final", "min", "max"]}}
 * (default all three), or of one task: {@code {"task": "mission/climb", "status": "SUCCESS"}}, the
 * time the task first has that status (NaN if never).
 */
record Keep(String variable, List<String> stats, String task, String status, String where) {

    static final List<String> STATS = List.of("final", "min", "max");

    /** The result columns: {@code plant.soc.final}, ...; {@code mission/climb SUCCESS at}. */
    List<String> columns() {
        if (task != null) {
            return List.of(task + " " + status + " at");
        }
        return stats.stream().map(s -> variable + "." + s).toList();
    }
}
