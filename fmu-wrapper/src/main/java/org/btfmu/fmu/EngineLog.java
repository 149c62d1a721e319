package org.btfmu.fmu;

import static org.btfmu.fmu.ImporterLog.OK;
import static org.btfmu.fmu.ImporterLog.WARNING;

import java.util.function.Consumer;
import org.btfmu.core.Status;
import org.btfmu.core.StatusListener;

/**
 * An instance's engine talking to the importer's log: status changes (under
 * {@code logTaskStatus}, when enabled) and the engine's warnings. A class, not lambdas: each
 * lambda's first use runs its bootstrap on the importer's thread at fmi2Instantiate,
 * interpreted (BENCHMARKS.md section 6, "The start without lambdas").
 */
final class EngineLog implements StatusListener, Consumer<String> {

    private final ImporterLog log;

    EngineLog(ImporterLog log) {
        this.log = log;
    }

    @Override
    public void statusChanged(double time, int taskIndex, String path, Status old, Status now) {
        if (log.enabled(LogCategory.TASK_STATUS)) {
            log.log(OK, LogCategory.TASK_STATUS, "t=" + time + " " + path + ": " + old + " -> " + now);
        }
    }

    /** A warning of the engine. */
    @Override
    public void accept(String message) {
        log.log(WARNING, LogCategory.STATUS_WARNING, message);
    }
}
