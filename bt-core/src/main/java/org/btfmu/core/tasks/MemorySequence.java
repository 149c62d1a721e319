package org.btfmu.core.tasks;

import java.util.List;
import org.btfmu.core.ParameterKind;
import org.btfmu.core.ParameterSpec;
import org.btfmu.core.TaskArguments;
import org.btfmu.core.TaskNode;
import org.btfmu.core.TaskType;

/**
 * A sequence that does not re-check children it has passed in the current run (BT.CPP's
 * {@code Sequence}; with {@code resumeAfterFailure} its {@code SequenceWithMemory}). A failed
 * child fails it; all succeeded: it succeeds. See {@link MemoryComposite}. The plain
 * {@link Sequence} re-checks every child all the time (BT.CPP's {@code ReactiveSequence}).
 */
public final class MemorySequence extends MemoryComposite {

    public static final TaskType TYPE = TaskType.of("MemorySequence", 1, TaskType.UNBOUNDED, List.of(
            ParameterSpec.optional("resumeAfterFailure", ParameterKind.BOOLEAN, false,
                    "after a failure, the next run starts at the child that failed, not at the first")),
            new TaskType.Factory() {
                @Override
                public TaskNode create(String name, TaskArguments args, List<TaskNode> children) {
                    return new MemorySequence(name, children, args.bool("resumeAfterFailure"));
                }
            });

    public MemorySequence(String name, List<TaskNode> children, boolean resumeAfterFailure) {
        super(name, TYPE.name(), children, Polarity.SEQUENCE, resumeAfterFailure);
    }
}
