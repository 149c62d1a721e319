package org.btfmu.core.tasks;

import java.util.List;
import org.btfmu.core.ParameterSpec;
import org.btfmu.core.Status;
import org.btfmu.core.TaskArguments;
import org.btfmu.core.TaskContext;
import org.btfmu.core.TaskNode;
import org.btfmu.core.TaskType;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.core.expr.Expression;

/**
 * Lets its child run again only after an interval (Nav2's RateController, DistanceController and
 * SpeedController). Unlatched, it asks to be activated and, once active, runs its child; it latches
 * the first result it sees while active. A success stands (SUCCESS, FINISHED while still active)
 * with the child kept inactive until {@code measure} has grown by {@code interval} since the
 * success (the interval is evaluated at the success); then, once the child has left the
 * non-transient part, the throttle resets its subtree and asks to be activated again, so a
 * reactive parent runs the child once more. Without {@code measure} the interval is simulation
 * time (a time event); with it, any Real expression of the blackboard (a travelled distance),
 * checked whenever what it reads changes (and an event indicator in Model Exchange). A failure is latched until a reset signal, which also
 * clears a standing success (the next activation runs the child at once).
 */
public final class Throttle extends TaskNode {

    public static final TaskType TYPE = TaskType.of("Throttle", 1, 1, List.of(
            ParameterSpec.expression("interval", SlotType.REAL, true, null,
                    "how much measure must pass after a success before the child runs again (evaluated at the"
                            + " success; seconds without measure)"),
            ParameterSpec.expression("measure", SlotType.REAL, false, 0.0,
                    "what the interval is counted in (a travelled distance); absent: simulation time")),
            new TaskType.Factory() {
                @Override
                public TaskNode create(String name, TaskArguments args, List<TaskNode> children) {
                    return new Throttle(name, children.get(0), args.expression("interval"),
                        args.has("measure") ? args.expression("measure") : null);
                }
            });

    private static final int NONE = 0;
    private static final int STANDING = 1;
    private static final int EXPIRED = 2;
    private static final int FAILED = 3;

    private final Expression interval;
    private final Expression measure;
    private final int[] reads;

    /** {@code measure} null: simulation time. */
    public Throttle(String name, TaskNode child, Expression interval, Expression measure) {
        super(name, TYPE.name(), List.of(child));
        this.interval = interval;
        this.measure = measure;
        this.reads = measure == null ? new int[0] : measure.reads();
    }

    @Override
    protected int[] reads() {
        return reads;
    }

    /** With a measure: one event indicator, where a standing success expires (Model Exchange). */
    @Override
    protected List<Expression> crossings() {
        return measure == null ? List.of() : List.of(measure);
    }

    /** {@code measure - expiry} while a success stands (it crosses zero when it expires), else 1. */
    @Override
    protected double crossingValue(TaskContext ctx, int k, Expression function) {
        return ctx.intState(0) == STANDING ? function.evalReal(ctx.slots()) - ctx.realState(0) : 1.0;
    }

    @Override
    protected int intStateSize() {
        return 1;
    }

    @Override
    protected int realStateSize() {
        return 1; // the measure at which a standing success expires
    }

    @Override
    protected boolean resettable() {
        return true;
    }

    @Override
    protected void onReset(TaskContext ctx) {
        ctx.setIntState(0, NONE);
    }

    private double now(TaskContext ctx) {
        return measure == null ? ctx.time() : measure.evalReal(ctx.slots());
    }

    @Override
    protected void evaluate(TaskContext ctx) {
        int latch = ctx.intState(0);
        Status child = ctx.childStatus(0);
        Status self = ctx.status();
        if (latch == NONE && (self == Status.ACTIVATING || self == Status.RUNNING)) {
            if (child.isSucceeded()) {
                double iv = interval.evalReal(ctx.slots());
                if (!(iv >= 0) || Double.isInfinite(iv)) {
                    throw new IllegalArgumentException("throttle '" + name() + "': interval must be finite and >= 0,"
                            + " got " + iv);
                }
                latch = STANDING;
                ctx.setRealState(0, now(ctx) + iv);
            } else if (child.isFailed()) {
                latch = FAILED;
            }
            ctx.setIntState(0, latch);
        }
        if (latch == STANDING) {
            double end = ctx.realState(0);
            if (now(ctx) < end) {
                if (measure == null) {
                    ctx.wakeAt(end);
                }
                ctx.returns(true, true);
                ctx.focus(-1);
                ctx.switchingFromChildren();
                return;
            }
            latch = EXPIRED;
            ctx.setIntState(0, latch);
        }
        boolean leaving = !self.isNonTransient() || self == Status.DEACTIVATING;
        if (latch == EXPIRED && leaving && !child.isNonTransient()) {
            // The success has expired: the child starts afresh when the parent activates this again.
            ctx.resetSubtree();
            latch = NONE;
            ctx.setIntState(0, latch);
        }
        if (latch == EXPIRED) {
            ctx.returns(true, true); // still FINISHED under a parent that keeps it active
            ctx.focus(-1);
        } else if (latch == FAILED) {
            ctx.returns(true, false);
            ctx.focus(-1);
        } else {
            ctx.focus(0);
        }
        ctx.switchingFromChildren();
    }
}
