package org.btfmu.core.tasks;

import java.util.List;
import org.btfmu.core.Status;
import org.btfmu.core.TaskContext;
import org.btfmu.core.TaskNode;

/**
 * A composite that remembers which children it has passed while it runs (BehaviorTree.CPP's
 * non-reactive {@code Sequence} and {@code Fallback}): a child is looked at once; after it
 * passed, the composite moves on and never re-checks it during this run. The first child
 * whose result stops the composite ({@link Polarity}) decides it; all passed gives the
 * other result.
 * The result is held until the composite is deactivated; then it starts again from the first
 * child, or, with {@code resume}, from the child that stopped it when that result was the
 * stopping one (BT.CPP's {@code SequenceWithMemory}, which does not restart after a failure).
 * After each run, once every child has left the non-transient part, it resets its subtree, so
 * the next run finds its children fresh, as BT.CPP finds them IDLE (a Script runs again, a
 * Sleep sleeps again). The reset waits for the children to be deactivated (an active task
 * that is reset may latch again), and the composite stays DEACTIVATING for two more
 * evaluations after it, until the reset children have been evaluated again: a parent that
 * activated it at once would have it pass children on their stale results. Idle, it shows the live
 * results of its children from where it would start, without latching anything.
 */
abstract class MemoryComposite extends TaskNode {

    private final Polarity polarity;

    private static final int NEXT = 0;
    private static final int RESULT = 1; // 0 none, 1 passed all, 2 stopped
    private static final int RESET_PENDING = 2; // WAITING for the children to leave, then SETTLING, SETTLING - 1
    private static final int WAITING = 3;
    private static final int SETTLING = 2;

    private final boolean resume;

    MemoryComposite(String name, String typeName, List<TaskNode> children, Polarity polarity, boolean resume) {
        super(name, typeName, children);
        this.polarity = polarity;
        if (children.isEmpty()) {
            throw new IllegalArgumentException(typeName + " '" + name + "' needs at least one child");
        }
        this.resume = resume;
    }

    @Override
    protected int intStateSize() {
        return 4;
    }

    /** Where a run starts: the child at position 0 of the run ({@link RoundRobin} turns it). */
    int first(TaskContext ctx) {
        return 0;
    }

    /** How many children a run may look at, from {@link #first}. */
    int span(TaskContext ctx, int n) {
        return n;
    }

    /**
     * At the end of a run: {@code result} 0 (halted before a result), 1 (every child passed) or
     * 2 (the child at run position {@code position} stopped it).
     */
    void runEnded(TaskContext ctx, int result, int position) {
    }

    /** The persistent state a subclass may keep across runs. */
    static final int SUBCLASS_STATE = 3;

    private int child(TaskContext ctx, int position) {
        return (first(ctx) + position) % ctx.childCount();
    }

    @Override
    protected void evaluate(TaskContext ctx) {
        int n = span(ctx, ctx.childCount());
        int next = ctx.intState(NEXT);
        int result = ctx.intState(RESULT);
        if (result != 0) {
            ctx.returns(true, result == 2 ? polarity.stoppedResult() : !polarity.stoppedResult());
            ctx.focus(n == 0 ? -1 : child(ctx, Math.min(next, n - 1)));
            ctx.switchingFromChildren();
            return;
        }
        Status self = ctx.status();
        int reset = ctx.intState(RESET_PENDING);
        if (reset != 0 && (self == Status.DEACTIVATING || !self.isNonTransient())) {
            if (reset == WAITING && !childrenActive(ctx)) {
                ctx.resetSubtree();
                reset = SETTLING;
            } else if (reset != WAITING) {
                reset--;
            }
            ctx.setIntState(RESET_PENDING, reset);
            if (reset != 0) {
                // Stay DEACTIVATING until the reset children have been evaluated again (a sweep each way).
                ctx.switching(true);
                ctx.focus(-1);
                return;
            }
        }
        boolean running = self == Status.ACTIVATING || self == Status.RUNNING;
        int k = next;
        while (k < n) {
            Status s = ctx.childStatus(child(ctx, k));
            if (polarity.stops(s)) {
                result = 2;
                break;
            }
            if (!polarity.passes(s)) {
                break;
            }
            k++;
        }
        if (k == n) {
            result = 1;
        }
        if (result != 0) {
            ctx.returns(true, result == 2 ? polarity.stoppedResult() : !polarity.stoppedResult());
        }
        if (running) {
            ctx.setIntState(NEXT, k);
            ctx.setIntState(RESULT, result);
        }
        ctx.focus(n == 0 ? -1 : child(ctx, Math.min(k, n - 1)));
        ctx.switchingFromChildren();
    }

    private static boolean childrenActive(TaskContext ctx) {
        for (int k = 0, n = ctx.childCount(); k < n; k++) {
            if (ctx.childStatus(k).isNonTransient()) {
                return true;
            }
        }
        return false;
    }

    @Override
    protected void onActivate(TaskContext ctx) {
        ctx.setIntState(RESULT, 0);
        // The children passed in the evaluation that started this run are passed for the run
        // (BT.CPP ticks them once): the focus child may be started before this composite is
        // evaluated again, and what it does must not make them count again.
        int n = span(ctx, ctx.childCount());
        int k = ctx.intState(NEXT);
        while (k < n - 1 && polarity.passes(ctx.childStatus(child(ctx, k)))) {
            k++;
        }
        ctx.setIntState(NEXT, k);
    }

    @Override
    protected void onDeactivate(TaskContext ctx) {
        runEnded(ctx, ctx.intState(RESULT), ctx.intState(NEXT));
        boolean keep = resume && ctx.intState(RESULT) != 1;
        ctx.setIntState(RESULT, 0);
        ctx.setIntState(RESET_PENDING, WAITING);
        if (!keep) {
            ctx.setIntState(NEXT, 0);
        }
    }
}
