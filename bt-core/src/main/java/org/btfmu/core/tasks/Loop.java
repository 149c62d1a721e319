package org.btfmu.core.tasks;

import java.util.List;
import org.btfmu.core.ParameterKind;
import org.btfmu.core.ParameterSpec;
import org.btfmu.core.Status;
import org.btfmu.core.TaskContext;
import org.btfmu.core.TaskNode;
import org.btfmu.core.TaskType;

/**
 * Runs its child again each time it finishes. An iteration is complete when the active
 * child reaches FINISHED (or ABORTED, with {@code continueOnFailure}); the loop then
 * deactivates the child and, once the child has left the non-transient part, sends the
 * reset signal to its subtree (that is how the loop restarts a sequence* from its first
 * child, 2015 Fig. 8) and activates it again when it accepts. A child that succeeds
 * transiently is not an iteration: the loop waits instead of spinning. The loop also
 * resets its subtree and its counter on its own activation. With {@code count} &gt; 0 it
 * succeeds after that many iterations; a failing child makes it fail unless
 * {@code continueOnFailure}. Resettable: a reset clears the iteration counter.
 */
public final class Loop extends TaskNode {

    public static final TaskType TYPE = TaskType.of("Loop", 1, 1, List.of(
            ParameterSpec.optional("count", ParameterKind.INTEGER, -1, "iterations (-1: forever)"),
            ParameterSpec.optional("continueOnFailure", ParameterKind.BOOLEAN, false,
                    "an aborted child counts as an iteration instead of failing the loop")),
            (name, args, children) -> new Loop(name, children.get(0), args.integer("count"),
                    args.bool("continueOnFailure")));

    private static final int ITERATIONS = 0;
    private static final int RESTART_PENDING = 1;

    private final int count;
    private final boolean continueOnFailure;

    public Loop(String name, TaskNode child, int count, boolean continueOnFailure) {
        super(name, TYPE.name(), List.of(child));
        if (count == 0 || count < -1) {
            throw new IllegalArgumentException("loop '" + name + "': count must be -1 (forever) or positive, got "
                    + count);
        }
        this.count = count;
        this.continueOnFailure = continueOnFailure;
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
        ctx.setIntState(ITERATIONS, 0);
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
        int iterations = ctx.intState(ITERATIONS);
        boolean pending = ctx.intState(RESTART_PENDING) != 0;
        boolean looping = self == Status.ACTIVATING || self == Status.RUNNING;
        if (looping && !pending
                && (child == Status.FINISHED || (continueOnFailure && child == Status.ABORTED))) {
            iterations++;
            pending = true;
            ctx.setIntState(ITERATIONS, iterations);
            ctx.setIntState(RESTART_PENDING, 1);
        }
        boolean done = count > 0 && iterations >= count;
        if (pending && !child.isNonTransient()) {
            pending = false;
            ctx.setIntState(RESTART_PENDING, 0);
            if (!done) {
                ctx.resetSubtree();
            }
        }
        if (done) {
            ctx.returns(true, true);
        } else if (!continueOnFailure && child.isFailed()) {
            ctx.returns(true, false);
        }
        ctx.focus(pending ? -1 : 0);
        ctx.switchingFromChildren();
    }
}
