package org.btfmu.core.tasks;

import java.util.List;
import org.btfmu.core.ParameterSpec;
import org.btfmu.core.TaskArguments;
import org.btfmu.core.TaskContext;
import org.btfmu.core.TaskNode;
import org.btfmu.core.TaskType;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.core.expr.Expression;

/**
 * A predicate: always returns (so it is never activated: transient by construction),
 * SUCCESS while the predicate holds, else FAILURE. With a hysteresis h &gt; 0 and a
 * predicate that is a comparison, the result is held while the comparison's crossing
 * function lies within [-h, h] and follows the predicate outside that band (so
 * {@code altitude >= 1000} with h = 50 turns true above 1050 and false below 950).
 */
public final class Condition extends TaskNode {

    public static final TaskType TYPE = TaskType.of("Condition", 0, 0, List.of(
            ParameterSpec.expression("predicate", SlotType.BOOLEAN, true, null, "the condition to test"),
            ParameterSpec.optional("hysteresis", org.btfmu.core.ParameterKind.REAL, 0.0,
                    "half width of the band around the comparison's switching point in which the result is held")),
            new TaskType.Factory() {
                @Override
                public TaskNode create(String name, TaskArguments args, List<TaskNode> children) {
                    return new Condition(name, args.expression("predicate"), args.real("hysteresis"));
                }
            });

    private final Expression predicate;
    private final Expression crossing;
    private final double hysteresis;
    private final int[] reads;

    public Condition(String name, Expression predicate) {
        this(name, predicate, 0);
    }

    public Condition(String name, Expression predicate, double hysteresis) {
        super(name, TYPE.name(), List.of());
        if (predicate.type() != SlotType.BOOLEAN) {
            throw new IllegalArgumentException("condition '" + name + "': predicate must be Boolean, is "
                    + predicate.type());
        }
        if (!(hysteresis >= 0) || Double.isInfinite(hysteresis)) {
            throw new IllegalArgumentException("condition '" + name + "': hysteresis must be finite and >= 0, got "
                    + hysteresis);
        }
        Expression c = hysteresis > 0 ? predicate.crossing() : null;
        if (hysteresis > 0 && c == null) {
            throw new IllegalArgumentException("condition '" + name + "': hysteresis needs a comparison as"
                    + " predicate (it has no crossing function)");
        }
        this.predicate = predicate;
        this.crossing = c;
        this.hysteresis = hysteresis;
        this.reads = c == null ? predicate.reads()
                : union(predicate.reads(), c.reads());
    }

    @Override
    protected int[] reads() {
        return reads;
    }

    /** The predicate's comparisons; with hysteresis the first is the held comparison. */
    @Override
    protected List<Expression> crossings() {
        return predicate.crossings();
    }

    /**
     * With hysteresis, the held comparison's crossing function shifted to the point where the
     * result switches next: c + h while true (it turns false below -h), c - h while false.
     */
    @Override
    protected double crossingValue(TaskContext ctx, int k, Expression function) {
        if (k > 0 || crossing == null) {
            return super.crossingValue(ctx, k, function);
        }
        double c = crossing.evalReal(ctx.slots());
        return switch (ctx.intState(0)) {
            case 2 -> c + hysteresis;
            case 1 -> c - hysteresis;
            default -> c;
        };
    }

    /** Without hysteresis the predicate alone decides: returns, success = its value. */
    @Override
    protected Expression plainPredicate() {
        return crossing == null ? predicate : null;
    }

    @Override
    protected int intStateSize() {
        return 1; // last result: 0 unknown, 1 false, 2 true
    }

    @Override
    protected void evaluate(TaskContext ctx) {
        boolean value = value(ctx);
        if (crossing != null) {
            ctx.setIntState(0, value ? 2 : 1);
        }
        ctx.returns(true, value);
    }

    @Override
    protected int inputFlags(TaskContext ctx) {
        return value(ctx) ? 3 : 1;
    }

    private boolean value(TaskContext ctx) {
        boolean value = predicate.evalBoolean(ctx.slots());
        if (crossing != null) {
            int last = ctx.intState(0);
            if (last != 0 && Math.abs(crossing.evalReal(ctx.slots())) <= hysteresis) {
                value = last == 2;
            }
        }
        return value;
    }
}
