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
 * Once activated, waits {@code duration} seconds of simulation time (a time event), then
 * activates its child and returns the child's result (BT.CPP's {@code Delay}). Idle it
 * accepts: the wait belongs to each run, not to the child's current state.
 */
public final class Delay extends TaskNode {

    public static final TaskType TYPE = TaskType.of("Delay", 1, 1, List.of(
            ParameterSpec.required("duration", ParameterKind.REAL, "seconds from activation to the child's start")),
            new TaskType.Factory() {
                @Override
                public TaskNode create(String name, TaskArguments args, List<TaskNode> children) {
                    return new Delay(name, children.get(0), args.real("duration"));
                }
            });

    private final double duration;

    public Delay(String name, TaskNode child, double duration) {
        super(name, TYPE.name(), List.of(child));
        if (!(duration >= 0) || Double.isInfinite(duration)) {
            throw new IllegalArgumentException("delay '" + name + "': duration must be finite and >= 0, got "
                    + duration);
        }
        this.duration = duration;
    }

    @Override
    protected int realStateSize() {
        return 1;
    }

    @Override
    protected void onActivate(TaskContext ctx) {
        ctx.setRealState(0, ctx.time() + duration);
    }

    @Override
    protected void evaluate(TaskContext ctx) {
        Status self = ctx.status();
        if (self.isNonTransient() && self != Status.DEACTIVATING) {
            double start = ctx.realState(0);
            if (ctx.time() < start) {
                ctx.wakeAt(start);
                ctx.focus(-1);
            } else {
                Status child = ctx.childStatus(0);
                if (child.isSucceeded() || child.isFailed()) {
                    ctx.returns(true, child.isSucceeded());
                }
                ctx.focus(0);
            }
        }
        ctx.switchingFromChildren();
    }
}
