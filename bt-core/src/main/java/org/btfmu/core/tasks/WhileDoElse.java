package org.btfmu.core.tasks;

import java.util.List;
import org.btfmu.core.Status;
import org.btfmu.core.TaskArguments;
import org.btfmu.core.TaskContext;
import org.btfmu.core.TaskNode;
import org.btfmu.core.TaskType;

/**
 * BT.CPP's {@code WhileDoElse}: the reactive {@link IfThenElse}. The first child (the
 * condition) is watched all the time: while it succeeds the second child is the focus, while
 * it fails the third (with two children the task fails); when it changes, the running branch
 * is deactivated and the other one activated. The branch's result is the task's.
 */
public final class WhileDoElse extends TaskNode {

    public static final TaskType TYPE = TaskType.of("WhileDoElse", 2, 3, List.of(),
            new TaskType.Factory() {
                @Override
                public TaskNode create(String name, TaskArguments args, List<TaskNode> children) {
                    return new WhileDoElse(name, children);
                }
            });

    public WhileDoElse(String name, List<TaskNode> children) {
        super(name, TYPE.name(), children);
        if (children.size() < 2 || children.size() > 3) {
            throw new IllegalArgumentException("WhileDoElse '" + name + "' needs 2 or 3 children");
        }
    }

    @Override
    protected void evaluate(TaskContext ctx) {
        int branch = IfThenElse.branchFor(ctx.childStatus(0), ctx.childCount());
        if (branch == 3) {
            ctx.returns(true, false);
            ctx.focus(-1);
        } else {
            if (branch != 0) {
                Status s = ctx.childStatus(branch);
                if (s.isSucceeded() || s.isFailed()) {
                    ctx.returns(true, s.isSucceeded());
                }
            }
            ctx.focus(branch);
        }
        ctx.switchingFromChildren();
    }
}
