package org.btfmu.core.tasks;

import java.util.List;
import org.btfmu.core.Status;
import org.btfmu.core.TaskContext;
import org.btfmu.core.TaskNode;

/**
 * A composite that looks at all its children in order at every evaluation (the papers'
 * Sequence and Selector; BehaviorTree.CPP's reactive ones): a child whose result its
 * {@link Polarity} passes lets it move on to the next, the first that stops it decides it,
 * and any other child is the focus, which the composite waits for. All passed gives the
 * other result. See {@link MemoryComposite} for the ones that remember what they passed.
 */
abstract class ReactiveComposite extends TaskNode {

    private final Polarity polarity;

    ReactiveComposite(String name, String typeName, List<TaskNode> children, Polarity polarity) {
        super(name, typeName, children);
        this.polarity = polarity;
        if (children.isEmpty()) {
            throw new IllegalArgumentException(typeName.toLowerCase(java.util.Locale.ROOT) + " '" + name
                    + "' needs at least one child");
        }
    }

    @Override
    protected final void evaluate(TaskContext ctx) {
        int n = ctx.childCount();
        int k = 0;
        while (k < n) {
            Status s = ctx.childStatus(k);
            if (polarity.stops(s)) {
                ctx.returns(true, polarity.stoppedResult());
                break;
            }
            if (!polarity.passes(s)) {
                break;
            }
            k++;
        }
        if (k == n) {
            ctx.returns(true, !polarity.stoppedResult());
            k = n - 1;
        }
        ctx.focus(k);
        ctx.switchingFromChildren();
    }
}
