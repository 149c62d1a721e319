package org.btfmu.core.tasks;

import java.util.List;
import org.btfmu.core.TaskArguments;
import org.btfmu.core.TaskNode;
import org.btfmu.core.TaskType;

/** Fails whenever its child returns, whatever the child's result. */
public final class ForceFailure extends ResultMapper {

    public static final TaskType TYPE = TaskType.of("ForceFailure", 1, 1, List.of(),
            new TaskType.Factory() {
                @Override
                public TaskNode create(String name, TaskArguments args, List<TaskNode> children) {
                    return new ForceFailure(name, children.get(0));
                }
            });

    public ForceFailure(String name, TaskNode child) {
        super(name, TYPE.name(), child);
    }

    @Override
    boolean map(boolean childSucceeded) {
        return false;
    }
}
