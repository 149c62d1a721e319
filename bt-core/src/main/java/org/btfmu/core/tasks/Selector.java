package org.btfmu.core.tasks;

import java.util.List;
import org.btfmu.core.TaskArguments;
import org.btfmu.core.TaskNode;
import org.btfmu.core.TaskType;

/**
 * Children by priority: a failed child passes on to the next, a succeeded one makes the
 * selector succeed, any other is the focus. A higher-priority child that starts accepting
 * takes the focus from a lower one that is running (2013 Fig. 6b). All failed: the
 * selector fails.
 */
public final class Selector extends ReactiveComposite {

    public static final TaskType TYPE = TaskType.of("Selector", 1, TaskType.UNBOUNDED, List.of(),
            new TaskType.Factory() {
                @Override
                public TaskNode create(String name, TaskArguments args, List<TaskNode> children) {
                    return new Selector(name, children);
                }
            });

    public Selector(String name, List<TaskNode> children) {
        super(name, TYPE.name(), children, Polarity.SELECTOR);
    }
}
