package org.btfmu.core.tasks;

import java.util.List;
import org.btfmu.core.TaskArguments;
import org.btfmu.core.TaskNode;
import org.btfmu.core.TaskType;

/**
 * A selector that does not re-check children that failed in the current run (BT.CPP's
 * {@code Fallback}): a succeeded child makes it succeed, all failed: it fails. See
 * {@link MemoryComposite}. The plain {@link Selector} re-checks higher-priority children all
 * the time (BT.CPP's {@code ReactiveFallback}).
 */
public final class MemorySelector extends MemoryComposite {

    public static final TaskType TYPE = TaskType.of("MemorySelector", 1, TaskType.UNBOUNDED, List.of(),
            new TaskType.Factory() {
                @Override
                public TaskNode create(String name, TaskArguments args, List<TaskNode> children) {
                    return new MemorySelector(name, children);
                }
            });

    public MemorySelector(String name, List<TaskNode> children) {
        super(name, TYPE.name(), children, Polarity.SELECTOR, false);
    }
}
