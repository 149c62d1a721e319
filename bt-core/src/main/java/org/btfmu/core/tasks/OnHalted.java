package org.btfmu.core.tasks;

import java.util.List;
import org.btfmu.core.Assignment;
import org.btfmu.core.ParameterKind;
import org.btfmu.core.ParameterSpec;
import org.btfmu.core.Status;
import org.btfmu.core.TaskArguments;
import org.btfmu.core.TaskContext;
import org.btfmu.core.TaskNode;
import org.btfmu.core.TaskType;

/**
 * Follows its child (returns what the child returns) and runs its assignments when it is
 * deactivated while the child is still ACTIVATING or RUNNING: the child was interrupted, not
 * finished (BehaviorTree.CPP's {@code _onHalted}). A child that had FINISHED or ABORTED when the
 * deactivation came, or never was activated, runs nothing.
 */
public final class OnHalted extends ResultMapper {

    public static final TaskType TYPE = TaskType.of("OnHalted", 1, 1, List.of(
            ParameterSpec.required("code", ParameterKind.ASSIGNMENTS,
                    "assignments run in order when the task is deactivated before its child returned")),
            new TaskType.Factory() {
                @Override
                public TaskNode create(String name, TaskArguments args, List<TaskNode> children) {
                    return new OnHalted(name, children.get(0), args.assignments("code"));
                }
            });

    private final List<Assignment> code;

    public OnHalted(String name, TaskNode child, List<Assignment> code) {
        super(name, TYPE.name(), child);
        this.code = List.copyOf(code);
    }

    @Override
    boolean map(boolean childSucceeded) {
        return childSucceeded;
    }

    @Override
    protected List<Assignment> hookAssignments() {
        return code;
    }

    @Override
    protected void onDeactivate(TaskContext ctx) {
        // The child is deactivated after this task (break before make), so its status still
        // tells whether it had returned.
        Status child = ctx.childStatus(0);
        if (child == Status.ACTIVATING || child == Status.RUNNING) {
            ctx.assign(code);
        }
    }
}
