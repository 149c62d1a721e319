package org.btfmu.core.tasks;

import java.util.List;
import org.btfmu.core.ParameterKind;
import org.btfmu.core.ParameterSpec;
import org.btfmu.core.Status;
import org.btfmu.core.TaskContext;
import org.btfmu.core.TaskNode;
import org.btfmu.core.TaskType;

/** Accepts while idle; once activated it finishes {@code duration} seconds later (a time event). */
public final class Wait extends TaskNode {

    public static final TaskType TYPE = TaskType.of("Wait", 0, 0, List.of(
            ParameterSpec.required("duration", ParameterKind.REAL, "seconds from activation to FINISHED")),
            (name, args, children) -> new Wait(name, args.real("duration")));

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
    protected void onActivate(TaskContext ctx) {
        ctx.setRealState(0, ctx.time() + duration);
    }

    @Override
    protected void evaluate(TaskContext ctx) {
        Status s = ctx.status();
        if (s.isNonTransient() && s != Status.DEACTIVATING) {
            double end = ctx.realState(0);
            ctx.returns(ctx.time() >= end, true);
            ctx.wakeAt(end);
        }
    }
}
