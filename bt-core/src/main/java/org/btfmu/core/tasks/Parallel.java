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
 * Runs all children at once: while active it activates every accepting child. It
 * succeeds when {@code successThreshold} children have succeeded (-1: all) and fails
 * when {@code failureThreshold} have failed (-1: all) or success can no longer be
 * reached; failure is checked first. Once it returns, children still running are
 * deactivated; children that finished or aborted stay active until the parallel is
 * deactivated.
 */
public final class Parallel extends TaskNode {

    public static final TaskType TYPE = TaskType.of("Parallel", 1, TaskType.UNBOUNDED, List.of(
            ParameterSpec.optional("successThreshold", ParameterKind.INTEGER, -1,
                    "succeeded children needed to succeed (-1: all)"),
            ParameterSpec.optional("failureThreshold", ParameterKind.INTEGER, 1,
                    "failed children that make it fail (-1: all)")),
            new TaskType.Factory() {
                @Override
                public TaskNode create(String name, TaskArguments a, List<TaskNode> children) {
                    return new Parallel(name, children, a.integer("successThreshold"),
                        a.integer("failureThreshold"));
                }
            });

    private final int successThreshold;
    private final int failureThreshold;

    public Parallel(String name, List<TaskNode> children, int successThreshold, int failureThreshold) {
        super(name, TYPE.name(), children);
        int n = children.size();
        if (n == 0) {
            throw new IllegalArgumentException("parallel '" + name + "' needs at least one child");
        }
        this.successThreshold = threshold(name, "successThreshold", successThreshold, n);
        this.failureThreshold = threshold(name, "failureThreshold", failureThreshold, n);
    }

    private static int threshold(String name, String what, int value, int n) {
        if (value == -1) {
            return n;
        }
        if (value < 1 || value > n) {
            throw new IllegalArgumentException("parallel '" + name + "': " + what + " must be -1 or 1.." + n
                    + ", got " + value);
        }
        return value;
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
        if (failed >= failureThreshold || n - failed < successThreshold) {
            ctx.returns(true, false);
        } else if (succeeded >= successThreshold) {
            ctx.returns(true, true);
        }
        ctx.switchingFromChildren();
    }

    @Override
    protected void activateChildren(TaskContext ctx) {
        activateAll(ctx);
    }

    /** While running and not returning, every accepting child is activated (also for {@link ParallelAll}). */
    static void activateAll(TaskContext ctx) {
        Status s = ctx.status();
        boolean on = s == Status.ACTIVATING || s == Status.RUNNING || s == Status.FINISHED || s == Status.ABORTED;
        boolean mayStart = (s == Status.ACTIVATING || s == Status.RUNNING) && !ctx.returning();
        for (int k = 0, n = ctx.childCount(); k < n; k++) {
            Status c = ctx.childStatus(k);
            boolean want;
            if (mayStart) {
                want = c == Status.ACCEPT || (c.isNonTransient() && c != Status.DEACTIVATING);
            } else {
                want = on && (c == Status.FINISHED || c == Status.ABORTED);
            }
            ctx.activateChild(k, want);
        }
    }
}
