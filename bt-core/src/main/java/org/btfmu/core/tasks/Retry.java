package org.btfmu.core.tasks;

import java.util.List;
import org.btfmu.core.ParameterKind;
import org.btfmu.core.ParameterSpec;
import org.btfmu.core.Status;
import org.btfmu.core.TaskContext;
import org.btfmu.core.TaskNode;
import org.btfmu.core.TaskType;

/**
 * Runs its child again each time it aborts, up to {@code attempts} runs (-1: until it
 * succeeds), BT.CPP's {@code RetryUntilSuccessful}. A succeeded child makes it succeed. After
 * an aborted run the retry deactivates the child, waits until it has left the non-transient
 * part, resets its subtree and activates it again. Only a run counts as an attempt: a child
 * that fails without being activated (a condition, or a subtree whose reset is still on its
 * way) is waited for, not counted. Resets its subtree and its count on its own activation;
 * resettable.
 */
public final class Retry extends TaskNode {

    public static final TaskType TYPE = TaskType.of("Retry", 1, 1, List.of(
            ParameterSpec.optional("attempts", ParameterKind.INTEGER, -1, "runs of the child at most (-1: no limit)")),
            (name, args, children) -> new Retry(name, children.get(0), args.integer("attempts")));

    private static final int FAILURES = 0;
    private static final int RESTART_PENDING = 1;

    private final int attempts;

    public Retry(String name, TaskNode child, int attempts) {
        super(name, TYPE.name(), List.of(child));
        if (attempts == 0 || attempts < -1) {
            throw new IllegalArgumentException("retry '" + name + "': attempts must be -1 (no limit) or positive, got "
                    + attempts);
        }
        this.attempts = attempts;
    }

    @Override
    protected int intStateSize() {
        return 2;
    }

    @Override
    protected boolean resettable() {
        return true;
    }

    @Override
    protected void onReset(TaskContext ctx) {
        ctx.setIntState(FAILURES, 0);
        ctx.setIntState(RESTART_PENDING, 0);
    }

    @Override
    protected void onActivate(TaskContext ctx) {
        onReset(ctx);
        ctx.resetSubtree();
    }

    @Override
    protected void evaluate(TaskContext ctx) {
        Status self = ctx.status();
        Status child = ctx.childStatus(0);
        int failures = ctx.intState(FAILURES);
        boolean pending = ctx.intState(RESTART_PENDING) != 0;
        boolean trying = self == Status.ACTIVATING || self == Status.RUNNING;
        if (trying && !pending && child == Status.ABORTED) {
            failures++;
            pending = true;
            ctx.setIntState(FAILURES, failures);
            ctx.setIntState(RESTART_PENDING, 1);
        }
        boolean exhausted = attempts > 0 && failures >= attempts;
        if (pending && !child.isNonTransient()) {
            pending = false;
            ctx.setIntState(RESTART_PENDING, 0);
            if (!exhausted) {
                ctx.resetSubtree();
            }
        }
        if (exhausted) {
            ctx.returns(true, false);
        } else if (!pending && child.isSucceeded()) {
            ctx.returns(true, true);
        }
        ctx.focus(pending || exhausted ? -1 : 0);
        ctx.switchingFromChildren();
    }
}
