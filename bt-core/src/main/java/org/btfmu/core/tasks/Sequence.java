package org.btfmu.core.tasks;

import java.util.List;
import org.btfmu.core.Status;
import org.btfmu.core.TaskContext;
import org.btfmu.core.TaskNode;
import org.btfmu.core.TaskType;

/**
 * Children in order: a succeeded child (SUCCESS/FINISHED) passes on to the next, a
 * failed one (FAILURE/ABORTED) makes the sequence fail, any other is the focus and the
 * sequence waits for it. All succeeded: the sequence succeeds.
 */
public final class Sequence extends TaskNode {

    public static final TaskType TYPE = TaskType.of("Sequence", 1, TaskType.UNBOUNDED, List.of(),
            (name, args, children) -> new Sequence(name, children));

    public Sequence(String name, List<TaskNode> children) {
        super(name, TYPE.name(), children);
        if (children.isEmpty()) {
            throw new IllegalArgumentException("sequence '" + name + "' needs at least one child");
        }
    }

    @Override
    protected void evaluate(TaskContext ctx) {
        int n = ctx.childCount();
        int k = 0;
        while (k < n) {
            Status s = ctx.childStatus(k);
            if (s.isFailed()) {
                ctx.returns(true, false);
                break;
            }
            if (!s.isSucceeded()) {
                break;
            }
            k++;
        }
        if (k == n) {
            ctx.returns(true, true);
            k = n - 1;
        }
        ctx.focus(k);
        ctx.switchingFromChildren();
    }
}
