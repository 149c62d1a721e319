package org.btfmu.core.tasks;

import java.util.List;
import org.btfmu.core.Status;
import org.btfmu.core.TaskContext;
import org.btfmu.core.TaskNode;
import org.btfmu.core.TaskType;

/**
 * Children by priority: a failed child passes on to the next, a succeeded one makes the
 * selector succeed, any other is the focus. A higher-priority child that starts accepting
 * takes the focus from a lower one that is running (2013 Fig. 6b). All failed: the
 * selector fails.
 */
public final class Selector extends TaskNode {

    public static final TaskType TYPE = TaskType.of("Selector", 1, TaskType.UNBOUNDED, List.of(),
            (name, args, children) -> new Selector(name, children));

    public Selector(String name, List<TaskNode> children) {
        super(name, TYPE.name(), children);
        if (children.isEmpty()) {
            throw new IllegalArgumentException("selector '" + name + "' needs at least one child");
        }
    }

    @Override
    protected void evaluate(TaskContext ctx) {
        int n = ctx.childCount();
        int k = 0;
        while (k < n) {
            Status s = ctx.childStatus(k);
            if (s.isSucceeded()) {
                ctx.returns(true, true);
                break;
            }
            if (!s.isFailed()) {
                break;
            }
            k++;
        }
        if (k == n) {
            ctx.returns(true, false);
            k = n - 1;
        }
        ctx.focus(k);
        ctx.switchingFromChildren();
    }
}
