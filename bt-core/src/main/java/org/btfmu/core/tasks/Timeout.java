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
 * Follows its child, but if the child has not returned {@code duration} seconds after the
 * timeout's activation, the timeout aborts and deactivates the child. A child result in
 * the same instant as the deadline wins. Once expired it reports FAILURE while idle (it
 * does not start a new timer on its own) until a reset signal clears that.
 */
public final class Timeout extends TaskNode {

    public static final TaskType TYPE = TaskType.of("Timeout", 1, 1, List.of(
            ParameterSpec.required("duration", ParameterKind.REAL, "seconds the child may take")),
            new TaskType.Factory() {
                @Override
                public TaskNode create(String name, TaskArguments args, List<TaskNode> children) {
                    return new Timeout(name, children.get(0), args.real("duration"));
                }
            });

    private final double duration;

    public Timeout(String name, TaskNode child, double duration) {
        super(name, TYPE.name(), List.of(child));
        if (!(duration >= 0) || Double.isInfinite(duration)) {
            throw new IllegalArgumentException("timeout '" + name + "': duration must be finite and >= 0, got "
                    + duration);
        }
        this.duration = duration;
    }

    @Override
    protected int realStateSize() {
        return 1;
    }

    @Override
    protected int intStateSize() {
        return 1; // 1 once expired
    }

    @Override
    protected boolean resettable() {
        return true;
    }

    @Override
    protected void onReset(TaskContext ctx) {
        ctx.setIntState(0, 0);
    }

    @Override
    protected void onActivate(TaskContext ctx) {
        ctx.setRealState(0, ctx.time() + duration);
    }

    @Override
    protected void evaluate(TaskContext ctx) {
        Status self = ctx.status();
        Status child = ctx.childStatus(0);
        boolean timing = self.isNonTransient() && self != Status.DEACTIVATING;
        double deadline = ctx.realState(0);
        if (child.isSucceeded() || child.isFailed()) {
            ctx.returns(true, child.isSucceeded());
            ctx.focus(0);
        } else if (ctx.intState(0) == 1 || (timing && ctx.time() >= deadline)) {
            ctx.setIntState(0, 1);
            ctx.returns(true, false);
            ctx.focus(-1);
        } else {
            ctx.focus(0);
            if (timing) {
                ctx.wakeAt(deadline);
            }
        }
        ctx.switchingFromChildren();
    }
}
