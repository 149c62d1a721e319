package org.btfmu.core.tasks;

import java.util.List;
import org.btfmu.core.Status;
import org.btfmu.core.TaskContext;
import org.btfmu.core.TaskNode;

/**
 * A composite that looks at all its children in order at every evaluation (the papers'
 * Sequence and Selector; BehaviorTree.CPP's reactive ones): a child whose result
 * {@link #passes} lets it move on to the next, the first that {@link #stops} it decides it,
 * and any other child is the focus, which the composite waits for. All passed gives the
 * other result. See {@link MemoryComposite} for the ones that remember what they passed.
 */
abstract class ReactiveComposite extends TaskNode {

    ReactiveComposite(String name, String typeName, List<TaskNode> children) {
        super(name, typeName, children);
        if (children.isEmpty()) {
            throw new IllegalArgumentException(typeName.toLowerCase(java.util.Locale.ROOT) + " '" + name
                    + "' needs at least one child");
        }
    }

    /** True if a child with this status decides the composite (a failure for a sequence). */
    abstract boolean stops(Status child);

    /** True if a child with this status lets the composite move on (a success for a sequence). */
    abstract boolean passes(Status child);

    /** The composite's success flag when a child stopped it. */
    abstract boolean stoppedResult();

    @Override
    protected final void evaluate(TaskContext ctx) {
        int n = ctx.childCount();
        int k = 0;
        while (k < n) {
            Status s = ctx.childStatus(k);
            if (stops(s)) {
                ctx.returns(true, stoppedResult());
                break;
            }
            if (!passes(s)) {
                break;
            }
            k++;
        }
        if (k == n) {
            ctx.returns(true, !stoppedResult());
            k = n - 1;
        }
        ctx.focus(k);
        ctx.switchingFromChildren();
    }
}
