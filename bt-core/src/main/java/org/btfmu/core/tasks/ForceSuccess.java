package org.btfmu.core.tasks;

import java.util.List;
import org.btfmu.core.TaskArguments;
import org.btfmu.core.TaskNode;
import org.btfmu.core.TaskType;

/** Succeeds whenever its child returns, whatever the child's result. */
public final class ForceSuccess extends ResultMapper {

    public static final TaskType TYPE = TaskType.of("ForceSuccess", 1, 1, List.of(),
            new TaskType.Factory() {
                @Override
                public TaskNode create(String name, TaskArguments args, List<TaskNode> children) {
                    return new ForceSuccess(name, children.get(0));
                }
            });

    public ForceSuccess(String name, TaskNode child) {
        super(name, TYPE.name(), child);
    }

    @Override
    boolean map(boolean childSucceeded) {
        return true;
    }
}
