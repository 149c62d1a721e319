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
 * BT.CPP's {@code ParallelAll}: runs all children at once (activation as {@link Parallel})
 * and returns only when every child has a result: FAILURE if at least {@code maxFailures}
 * children failed (-1: all), else SUCCESS.
 */
public final class ParallelAll extends TaskNode {

    public static final TaskType TYPE = TaskType.of("ParallelAll", 1, TaskType.UNBOUNDED, List.of(
            ParameterSpec.optional("maxFailures", ParameterKind.INTEGER, 1,
                    "failed children that make it fail once all have a result (-1: all)")),
            new TaskType.Factory() {
                @Override
                public TaskNode create(String name, TaskArguments args, List<TaskNode> children) {
                    return new ParallelAll(name, children, args.integer("maxFailures"));
                }
            });

    private final int maxFailures;

    public ParallelAll(String name, List<TaskNode> children, int maxFailures) {
        super(name, TYPE.name(), children);
        int n = children.size();
        if (n == 0) {
            throw new IllegalArgumentException("ParallelAll '" + name + "' needs at least one child");
        }
        if (maxFailures != -1 && (maxFailures < 1 || maxFailures > n)) {
            throw new IllegalArgumentException("ParallelAll '" + name + "': maxFailures must be -1 or 1.." + n
                    + ", got " + maxFailures);
        }
        this.maxFailures = maxFailures == -1 ? n : maxFailures;
    }

    @Override
    protected void evaluate(TaskContext ctx) {
        int n = ctx.childCount();
        int succeeded = 0;
        int failed = 0;
        for (int k = 0; k < n; k++) {
            Status s = ctx.childStatus(k);
            if (s.isSucceeded()) {
                succeeded++;
            } else if (s.isFailed()) {
                failed++;
            }
        }
        if (succeeded + failed == n) {
            ctx.returns(true, failed < maxFailures);
        }
        ctx.switchingFromChildren();
    }

    @Override
    protected void activateChildren(TaskContext ctx) {
        Parallel.activateAll(ctx);
    }
}
