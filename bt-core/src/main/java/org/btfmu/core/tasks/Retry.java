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
 * Runs its child again each time it aborts, up to {@code attempts} runs (-1: until it
 * succeeds), BT.CPP's {@code RetryUntilSuccessful}. A succeeded child makes it succeed. After
 * an aborted run the retry deactivates the child, waits until it has left the non-transient
 * part, resets its subtree and activates it again. Only a run counts as an attempt: a child
 * that fails without being activated (a condition, or a subtree whose reset is still on its
 * way) is waited for, not counted. Resets its subtree and its count on its own activation;
 * resettable.
 */
public final class Retry extends Repeater {

    public static final TaskType TYPE = TaskType.of("Retry", 1, 1, List.of(
            ParameterSpec.optional("attempts", ParameterKind.INTEGER, -1, "runs of the child at most (-1: no limit)")),
            new TaskType.Factory() {
                @Override
                public TaskNode create(String name, TaskArguments args, List<TaskNode> children) {
                    return new Retry(name, children.get(0), args.integer("attempts"));
                }
            });

    public Retry(String name, TaskNode child, int attempts) {
        super(name, TYPE.name(), child, attempts, "attempts must be -1 (no limit) or positive");
    }

    @Override
    boolean restartsOn(Status child) {
        return child == Status.ABORTED;
    }

    @Override
    void decide(TaskContext ctx, Status child, boolean pending, boolean exhausted) {
        if (exhausted) {
            ctx.returns(true, false);
        } else if (!pending && child.isSucceeded()) {
            ctx.returns(true, true);
        }
        ctx.focus(pending || exhausted ? -1 : 0);
    }
}
