package org.btfmu.core.tasks;

import java.util.List;
import org.btfmu.core.ParameterKind;
import org.btfmu.core.ParameterSpec;
import org.btfmu.core.Status;
import org.btfmu.core.TaskArguments;
import org.btfmu.core.TaskContext;
import org.btfmu.core.TaskNode;
import org.btfmu.core.TaskType;

/**
 * Runs its child once in the instance's life (BT.CPP's {@code RunOnce}): until then it asks to
 * be activated and follows its child; the first result the child gives while the task is
 * active is latched for good (no reset signal clears it, unlike {@link Memory}). Latched, it
 * reports SUCCESS if {@code thenSkip} (BT.CPP's SKIPPED, which lets a sequence move on),
 * otherwise the latched result, and keeps its child inactive.
 */
public final class RunOnce extends TaskNode {

    public static final TaskType TYPE = TaskType.of("RunOnce", 1, 1, List.of(
            ParameterSpec.optional("thenSkip", ParameterKind.BOOLEAN, true,
                    "after the first run report SUCCESS (skipped) instead of that run's result")),
            new TaskType.Factory() {
                @Override
                public TaskNode create(String name, TaskArguments args, List<TaskNode> children) {
                    return new RunOnce(name, children.get(0), args.bool("thenSkip"));
                }
            });

    private static final int NONE = 0;
    private static final int SUCCEEDED = 1;
    private static final int FAILED = 2;

    private final boolean thenSkip;

    public RunOnce(String name, TaskNode child, boolean thenSkip) {
        super(name, TYPE.name(), List.of(child));
        this.thenSkip = thenSkip;
    }

    @Override
    protected int intStateSize() {
        return 1;
    }

    @Override
    protected void evaluate(TaskContext ctx) {
        int latch = ctx.intState(0);
        Status child = ctx.childStatus(0);
        Status self = ctx.status();
        if (latch == NONE && (self == Status.ACTIVATING || self == Status.RUNNING)
                && (child.isSucceeded() || child.isFailed())) {
            latch = child.isSucceeded() ? SUCCEEDED : FAILED;
            ctx.setIntState(0, latch);
        }
        if (latch != NONE) {
            ctx.returns(true, thenSkip || latch == SUCCEEDED);
            ctx.focus(-1);
        } else {
            ctx.focus(0);
        }
        ctx.switchingFromChildren();
    }
}
