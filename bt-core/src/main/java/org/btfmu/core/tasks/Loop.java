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
public final class Loop extends Repeater {

    public static final TaskType TYPE = TaskType.of("Loop", 1, 1, List.of(
            ParameterSpec.optional("count", ParameterKind.INTEGER, -1, "iterations (-1: forever)"),
            ParameterSpec.optional("continueOnFailure", ParameterKind.BOOLEAN, false,
                    "an aborted child counts as an iteration instead of failing the loop")),
            new TaskType.Factory() {
                @Override
                public TaskNode create(String name, TaskArguments args, List<TaskNode> children) {
                    return new Loop(name, children.get(0), args.integer("count"),
                        args.bool("continueOnFailure"));
                }
            });

    private final boolean continueOnFailure;

    public Loop(String name, TaskNode child, int count, boolean continueOnFailure) {
        super(name, TYPE.name(), child, count, "count must be -1 (forever) or positive");
        this.continueOnFailure = continueOnFailure;
    }

    @Override
    boolean restartsOn(Status child) {
        return child == Status.FINISHED || (continueOnFailure && child == Status.ABORTED);
    }

    @Override
    void decide(TaskContext ctx, Status child, boolean pending, boolean exhausted) {
        if (exhausted) {
            ctx.returns(true, true);
        } else if (!continueOnFailure && child.isFailed()) {
            ctx.returns(true, false);
        }
        ctx.focus(pending ? -1 : 0);
    }
}
