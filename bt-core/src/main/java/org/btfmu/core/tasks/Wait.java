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
 * Accepts while idle; once activated it finishes {@code duration} seconds later (a time
 * event). It remembers that its time has elapsed: idle again, it reports SUCCESS instead
 * of waiting anew, until a reset signal (Reset or Loop above) clears that. Without the
 * memory, a sequence would re-activate a finished wait as soon as it was deactivated.
 */
public final class Wait extends TaskNode {

    public static final TaskType TYPE = TaskType.of("Wait", 0, 0, List.of(
            ParameterSpec.required("duration", ParameterKind.REAL, "seconds from activation to FINISHED")),
            new TaskType.Factory() {
                @Override
                public TaskNode create(String name, TaskArguments args, List<TaskNode> children) {
                    return new Wait(name, args.real("duration"));
                }
            });

    private final double duration;

    public Wait(String name, double duration) {
        super(name, TYPE.name(), List.of());
        if (!(duration >= 0) || Double.isInfinite(duration)) {
            throw new IllegalArgumentException("wait '" + name + "': duration must be finite and >= 0, got "
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
        return 1; // 1 once the time has elapsed
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
        Status s = ctx.status();
        if (s.isNonTransient() && s != Status.DEACTIVATING) {
            double end = ctx.realState(0);
            if (ctx.time() >= end) {
                ctx.setIntState(0, 1);
            } else {
                ctx.wakeAt(end);
            }
        }
        ctx.returns(ctx.intState(0) == 1, true);
    }
}
