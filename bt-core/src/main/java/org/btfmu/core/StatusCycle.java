package org.btfmu.core;

/**
 * The one status-cycle function shared by every task (DESIGN.md §3.1, 2014 paper
 * Fig. 4). Tasks only compute their trigger flags; this function alone decides the
 * next status, so no task type can break the cycle.
 */
public final class StatusCycle {

    private StatusCycle() {
    }

    /**
     * {@link #next} as a table, for the engine's per-evaluation path: indexed by
     * {@code previous.ordinal() << 4 | active << 3 | success << 2 | returns << 1 | switching},
     * holding the next status's ordinal. Built from {@link #next}, so the two cannot disagree.
     */
    static final byte[] TABLE = new byte[Status.values().length << 4];

    static {
        for (Status previous : Status.values()) {
            for (int flags = 0; flags < 16; flags++) {
                TABLE[previous.ordinal() << 4 | flags] = (byte) next(previous, (flags & 8) != 0, (flags & 2) != 0,
                        (flags & 4) != 0, (flags & 1) != 0).ordinal();
            }
        }
    }

    /**
     * One step of the cycle. Chained transitions within one instant (ACCEPT to
     * ACTIVATING to RUNNING to FINISHED) come from applying it again in the next
     * event iteration.
     *
     * @param previous  the current status
     * @param active    the parent keeps this task activated
     * @param returns   the task can give a result (without activation when idle)
     * @param success   which result, when {@code returns}
     * @param switching an entry or exit procedure is still in progress
     */
    public static Status next(Status previous, boolean active, boolean returns, boolean success,
            boolean switching) {
        switch (previous) {
            case SUCCESS, FAILURE, ACCEPT -> {
                // A parent activates only an accepting child; an active flag on a
                // returning task is ignored, which keeps conditions transient.
                if (active && previous == Status.ACCEPT) {
                    return Status.ACTIVATING;
                }
                return transientStatus(returns, success);
            }
            case ACTIVATING -> {
                if (!active) {
                    return Status.DEACTIVATING;
                }
                return switching ? Status.ACTIVATING : Status.RUNNING;
            }
            case RUNNING -> {
                if (!active) {
                    return Status.DEACTIVATING;
                }
                if (!returns) {
                    return Status.RUNNING;
                }
                return success ? Status.FINISHED : Status.ABORTED;
            }
            case FINISHED, ABORTED -> {
                // Only the parent ends a result: it stays until deactivation.
                return active ? previous : Status.DEACTIVATING;
            }
            case DEACTIVATING -> {
                return switching ? Status.DEACTIVATING : transientStatus(returns, success);
            }
            default -> throw new IllegalArgumentException("unknown status " + previous);
        }
    }

    private static Status transientStatus(boolean returns, boolean success) {
        if (!returns) {
            return Status.ACCEPT;
        }
        return success ? Status.SUCCESS : Status.FAILURE;
    }
}
