package org.btfmu.core.tasks;

import java.util.List;
import org.btfmu.core.ParameterKind;
import org.btfmu.core.ParameterSpec;
import org.btfmu.core.Status;
import org.btfmu.core.TaskContext;
import org.btfmu.core.TaskNode;
import org.btfmu.core.TaskType;

/**
 * The tree's top: always active, activates its child whenever the child accepts. It
 * returns only when the child returns non-transiently (FINISHED or ABORTED), which
 * latches, since the root never deactivates its child; a child that succeeds or fails
 * transiently is watched and activated again when it accepts.
 */
public final class Root extends TaskNode {

    public static final TaskType TYPE = TaskType.of("Root", 1, 1, List.of(
            ParameterSpec.optional("terminateWhenDone", ParameterKind.BOOLEAN, false,
                    "once the root has finished or aborted, ask the simulation to stop (FMI"
                            + " terminateSimulation)")),
            (name, args, children) -> new Root(name, children.get(0), args.bool("terminateWhenDone")));

    private final boolean terminateWhenDone;

    public Root(String name, TaskNode child) {
        this(name, child, false);
    }

    public Root(String name, TaskNode child, boolean terminateWhenDone) {
        super(name, TYPE.name(), List.of(child));
        this.terminateWhenDone = terminateWhenDone;
    }

    /** Whether the mission ends the simulation once the root has returned (FINISHED or ABORTED). */
    public boolean terminateWhenDone() {
        return terminateWhenDone;
    }

    @Override
    protected void evaluate(TaskContext ctx) {
        Status child = ctx.childStatus(0);
        ctx.returns(child == Status.FINISHED || child == Status.ABORTED, child == Status.FINISHED);
        ctx.switchingFromChildren();
        ctx.focus(0);
    }
}
