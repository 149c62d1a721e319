package org.btfmu.core.tasks;

import java.util.List;
import org.btfmu.core.Status;
import org.btfmu.core.TaskContext;
import org.btfmu.core.TaskNode;

/**
 * What {@link Loop} and {@link Retry} share: a run of the child that ends with a result the
 * repeater restarts on deactivates the child, and once the child has left the non-transient
 * part its subtree gets the reset signal and it is activated again, up to {@code limit} runs
 * (-1: no limit). The repeater resets its subtree and its count on its own activation and on a
 * reset signal. Subclasses say which result restarts the child and what the repeater returns.
 */
abstract class Repeater extends TaskNode {

    private static final int RUNS = 0;
    private static final int RESTART_PENDING = 1;

    private final int limit;

    /** {@code limitRule} names the parameter in the error, e.g. "count must be -1 (forever) or positive". */
    Repeater(String name, String type, TaskNode child, int limit, String limitRule) {
        super(name, type, List.of(child));
        if (limit == 0 || limit < -1) {
            throw new IllegalArgumentException(type.toLowerCase() + " '" + name + "': " + limitRule + ", got " + limit);
        }
        this.limit = limit;
    }

    /** Whether a run that ended with this child status counts and restarts the child. */
    abstract boolean restartsOn(Status child);

    /** The repeater's result and focus, given whether a restart is pending and the limit is reached. */
    abstract void decide(TaskContext ctx, Status child, boolean pending, boolean exhausted);

    @Override
    protected final int intStateSize() {
        return 2;
    }

    @Override
    protected final boolean resettable() {
        return true;
    }

    @Override
    protected final void onReset(TaskContext ctx) {
        ctx.setIntState(RUNS, 0);
        ctx.setIntState(RESTART_PENDING, 0);
    }

    @Override
    protected final void onActivate(TaskContext ctx) {
        onReset(ctx);
        ctx.resetSubtree();
    }

    @Override
    protected final void evaluate(TaskContext ctx) {
        Status self = ctx.status();
        Status child = ctx.childStatus(0);
        int runs = ctx.intState(RUNS);
        boolean pending = ctx.intState(RESTART_PENDING) != 0;
        boolean repeating = self == Status.ACTIVATING || self == Status.RUNNING;
        if (repeating && !pending && restartsOn(child)) {
            runs++;
            pending = true;
            ctx.setIntState(RUNS, runs);
            ctx.setIntState(RESTART_PENDING, 1);
        }
        boolean exhausted = limit > 0 && runs >= limit;
        if (pending && !child.isNonTransient()) {
            pending = false;
            ctx.setIntState(RESTART_PENDING, 0);
            if (!exhausted) {
                ctx.resetSubtree();
            }
        }
        decide(ctx, child, pending, exhausted);
        ctx.switchingFromChildren();
    }
}
