package org.btfmu.report;

import org.btfmu.core.Status;

/**
 * One status change of a task: at {@code time} (s), task {@code task} (a {@link ReportTask#path()})
 * went from {@code from} to {@code to}; {@code cause} says what made it, as far as the run
 * shows ({@link EventCauses}), empty when not yet derived.
 */
public record StatusEvent(double time, String task, Status from, Status to, String cause) {

    public StatusEvent withCause(String text) {
        return new StatusEvent(time, task, from, to, text);
    }
}
