package org.btfmu.core.tasks;

import java.util.List;
import org.btfmu.core.TaskArguments;
import org.btfmu.core.TaskNode;
import org.btfmu.core.TaskType;

/**
 * Children in order: a succeeded child (SUCCESS/FINISHED) passes on to the next, a
 * failed one (FAILURE/ABORTED) makes the sequence fail, any other is the focus and the
 * sequence waits for it. All succeeded: the sequence succeeds.
 */
public final class Sequence extends ReactiveComposite {

    public static final TaskType TYPE = TaskType.of("Sequence", 1, TaskType.UNBOUNDED, List.of(),
            new TaskType.Factory() {
                @Override
                public TaskNode create(String name, TaskArguments args, List<TaskNode> children) {
                    return new Sequence(name, children);
                }
            });

    public Sequence(String name, List<TaskNode> children) {
        super(name, TYPE.name(), children, Polarity.SEQUENCE);
    }
}
