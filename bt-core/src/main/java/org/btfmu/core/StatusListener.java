package org.btfmu.core;

/**
 * Observes every status change of a {@link TreeInstance}, in processing order. Listeners
 * must not call back into the instance.
 */
@FunctionalInterface
public interface StatusListener {
    void statusChanged(double time, int taskIndex, String path, Status oldStatus, Status newStatus);
}
