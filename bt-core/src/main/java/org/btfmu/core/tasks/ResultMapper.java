package org.btfmu.core.tasks;

import java.util.List;
import org.btfmu.core.Status;
import org.btfmu.core.TaskContext;
import org.btfmu.core.TaskNode;

/**
 * A decorator that returns when its child returns, with a mapped result; otherwise it
 * follows the child (the child is its focus).
 */
abstract class ResultMapper extends TaskNode {

    ResultMapper(String name, String typeName, TaskNode child) {
        super(name, typeName, List.of(child));
    }

    abstract boolean map(boolean childSucceeded);

    @Override
    protected final void evaluate(TaskContext ctx) {
        Status child = ctx.childStatus(0);
        if (child.isSucceeded() || child.isFailed()) {
            ctx.returns(true, map(child.isSucceeded()));
        }
        ctx.focus(0);
        ctx.switchingFromChildren();
    }
}
