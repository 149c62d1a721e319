package org.btfmu.core;

/**
 * The eight task statuses of the 2014 paper (Sec. 4). The first three form the
 * transient part (the task is not activated); the other five the non-transient
 * part (the parent has activated it).
 */
public enum Status {
    SUCCESS,
    FAILURE,
    ACCEPT,
    ACTIVATING,
    RUNNING,
    FINISHED,
    ABORTED,
    DEACTIVATING;

    /** True for the statuses of an activated task (entry, running, result, exit). */
    public boolean isNonTransient() {
        return ordinal() >= ACTIVATING.ordinal();
    }

    /** SUCCESS or FINISHED: the task has produced a positive result. */
    public boolean isSucceeded() {
        return this == SUCCESS || this == FINISHED;
    }

    /** FAILURE or ABORTED: the task has produced a negative result. */
    public boolean isFailed() {
        return this == FAILURE || this == ABORTED;
    }
}
