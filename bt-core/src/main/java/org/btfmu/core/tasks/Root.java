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
 * The tree's top: always active, activates its child whenever the child accepts. It
 * returns only when the child returns non-transiently (FINISHED or ABORTED), which
 * latches, since the root never deactivates its child; a child that succeeds or fails
 * transiently is watched and activated again when it accepts. With
 * {@code endOnTransientResult} a child's transient SUCCESS or FAILURE (an answer given
 * without being started; once started, the child is never transient again under the root)
 * ends the tree too, as a BehaviorTree.CPP tree returns the result of its first tick.
 */
public final class Root extends TaskNode {

    public static final TaskType TYPE = TaskType.of("Root", 1, 1, List.of(
            ParameterSpec.optional("terminateWhenDone", ParameterKind.BOOLEAN, false,
                    "once the root has finished or aborted, ask the simulation to stop (FMI"
                            + " terminateSimulation)"),
            ParameterSpec.optional("endOnTransientResult", ParameterKind.BOOLEAN, false,
                    "also return when the child answers without being started (SUCCESS or FAILURE), as a"
                            + " BehaviorTree.CPP tree returns its first tick's result (set by the BT.CPP import);"
                            + " by default such a child is watched and started when it accepts")),
            new TaskType.Factory() {
                @Override
                public TaskNode create(String name, TaskArguments args, List<TaskNode> children) {
                    return new Root(name, children.get(0), args.bool("terminateWhenDone"),
                        args.bool("endOnTransientResult"));
                }
            });

    private final boolean terminateWhenDone;
    private final boolean endOnTransientResult;

    public Root(String name, TaskNode child) {
        this(name, child, false, false);
    }

    public Root(String name, TaskNode child, boolean terminateWhenDone, boolean endOnTransientResult) {
        super(name, TYPE.name(), List.of(child));
        this.terminateWhenDone = terminateWhenDone;
        this.endOnTransientResult = endOnTransientResult;
    }

    /** Whether the mission ends the simulation once the root has returned (FINISHED or ABORTED). */
    public boolean terminateWhenDone() {
        return terminateWhenDone;
    }

    @Override
    protected void evaluate(TaskContext ctx) {
        Status child = ctx.childStatus(0);
        boolean returned = child == Status.FINISHED || child == Status.ABORTED
                || endOnTransientResult && (child == Status.SUCCESS || child == Status.FAILURE);
        ctx.returns(returned, child.isSucceeded());
        ctx.switchingFromChildren();
        ctx.focus(0);
    }
}
