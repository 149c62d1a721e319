package org.btfmu.core.tasks;

import java.util.List;
import org.btfmu.core.TaskArguments;
import org.btfmu.core.TaskNode;
import org.btfmu.core.TaskType;

/** Swaps its child's result: SUCCESS↔FAILURE, FINISHED↔ABORTED. */
public final class Inverter extends ResultMapper {

    public static final TaskType TYPE = TaskType.of("Inverter", 1, 1, List.of(),
            new TaskType.Factory() {
                @Override
                public TaskNode create(String name, TaskArguments args, List<TaskNode> children) {
                    return new Inverter(name, children.get(0));
                }
            });

    public Inverter(String name, TaskNode child) {
        super(name, TYPE.name(), child);
    }

    @Override
    boolean map(boolean childSucceeded) {
        return !childSucceeded;
    }
}
