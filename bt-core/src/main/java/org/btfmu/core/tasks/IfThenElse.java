package org.btfmu.core.tasks;

import java.util.List;
import org.btfmu.core.Status;
import org.btfmu.core.TaskArguments;
import org.btfmu.core.TaskContext;
import org.btfmu.core.TaskNode;
import org.btfmu.core.TaskType;

/**
 * BT.CPP's {@code IfThenElse}: the first child is the condition, checked once per run; its
 * success runs the second child, its failure the third (or fails, with two children). The
 * branch's result is the task's. The choice is latched from activation until deactivation:
 * the condition is not re-checked while the branch runs (that is {@link WhileDoElse}). Idle,
 * it shows what a run would give now if the condition and the branch can answer without
 * activation, else it accepts.
 */
public final class IfThenElse extends TaskNode {

    public static final TaskType TYPE = TaskType.of("IfThenElse", 2, 3, List.of(),
            new TaskType.Factory() {
                @Override
                public TaskNode create(String name, TaskArguments args, List<TaskNode> children) {
                    return new IfThenElse(name, children);
                }
            });

    private static final int UNDECIDED = 0;
    private static final int NO_BRANCH = 3;

    public IfThenElse(String name, List<TaskNode> children) {
        super(name, TYPE.name(), children);
        if (children.size() < 2 || children.size() > 3) {
            throw new IllegalArgumentException("IfThenElse '" + name + "' needs 2 or 3 children");
        }
    }

    @Override
    protected int intStateSize() {
        return 1;
    }

    @Override
    protected void onActivate(TaskContext ctx) {
        // The condition's result in the evaluation that starts the run decides it: the branch may
        // start before this task is evaluated again and change what the condition reads.
        ctx.setIntState(0, branchFor(ctx.childStatus(0), ctx.childCount()));
    }

    @Override
    protected void evaluate(TaskContext ctx) {
        Status self = ctx.status();
        boolean started = self.isNonTransient() && self != Status.DEACTIVATING;
        int branch = started ? ctx.intState(0) : UNDECIDED;
        if (branch == UNDECIDED) {
            branch = branchFor(ctx.childStatus(0), ctx.childCount());
            if (started) {
                ctx.setIntState(0, branch);
            }
        }
        if (branch == NO_BRANCH) {
            ctx.returns(true, false);
            ctx.focus(-1);
        } else if (branch == UNDECIDED) {
            ctx.focus(0);
        } else {
            Status s = ctx.childStatus(branch);
            if (s.isSucceeded() || s.isFailed()) {
                ctx.returns(true, s.isSucceeded());
            }
            ctx.focus(branch);
        }
        ctx.switchingFromChildren();
    }

    /** The branch the condition's status selects (UNDECIDED while it has no result). */
    static int branchFor(Status condition, int children) {
        if (condition.isSucceeded()) {
            return 1;
        }
        if (condition.isFailed()) {
            return children == 3 ? 2 : NO_BRANCH;
        }
        return UNDECIDED;
    }
}
