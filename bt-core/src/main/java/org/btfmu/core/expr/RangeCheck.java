package org.btfmu.core.expr;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.btfmu.core.blackboard.SlotType;

/**
 * Static warnings for operations whose operands can reach their bad domain: a division
 * whose divisor can be 0, {@code sqrt} of a possibly negative number, {@code log} of a
 * possibly non-positive one, {@code atan2(0, 0)}. Works by interval evaluation: every
 * slot ranges over its declared [min, max] (unbounded where not declared), constants are
 * points, and each operation maps operand intervals to an interval that contains every
 * result. Conservative: it may warn about a case the mission's logic excludes (e.g. a
 * division guarded by an {@code if}), never misses one within the declared ranges.
 */
public final class RangeCheck {

    /** A closed interval [lo, hi]; infinite ends for unbounded. */
    public record Interval(double lo, double hi) {

        public static final Interval ALL = new Interval(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);

        public Interval {
            if (Double.isNaN(lo) || Double.isNaN(hi)) { // e.g. 0 * infinity: know nothing
                lo = Double.NEGATIVE_INFINITY;
                hi = Double.POSITIVE_INFINITY;
            }
        }

        boolean contains(double x) {
            return lo <= x && x <= hi;
        }

        @Override
        public String toString() {
            return "[" + lo + ", " + hi + "]";
        }
    }

    private final IntFunction<Interval> slotRange;
    private final List<String> warnings = new ArrayList<>();

    private RangeCheck(IntFunction<Interval> slotRange) {
        this.slotRange = slotRange;
    }

    /** The warnings for {@code e}, each starting with the operation and its column. */
    public static List<String> warnings(Expression e, IntFunction<Interval> slotRange) {
        RangeCheck check = new RangeCheck(slotRange);
        check.range(e);
        return check.warnings;
    }

    /** The interval of a numeric expression (null for Boolean and String), warning on the way. */
    private Interval range(Expression e) {
        if (!(e instanceof Nodes.Node node)) {
            return Interval.ALL;
        }
        Expression[] operands = node.operands();
        Interval[] args = new Interval[operands.length];
        for (int i = 0; i < args.length; i++) {
            args[i] = range(operands[i]);
        }
        if (node.type != SlotType.REAL && node.type != SlotType.INTEGER) {
            return null;
        }
        if (node instanceof Nodes.SlotRead read) {
            return slotRange.apply(read.slot);
        } else if (node instanceof Nodes.Constant constant) {
            double v = node.type == SlotType.REAL ? constant.real : constant.evalInteger(null);
            return new Interval(v, v);
        } else if (node instanceof Nodes.ToReal) {
            return args[0];
        } else if (node instanceof Nodes.Negate) {
            return new Interval(-args[0].hi(), -args[0].lo());
        } else if (node instanceof Nodes.Arithmetic arithmetic) {
            return arithmetic(node, arithmetic.op, args[0], args[1]);
        } else if (node instanceof Nodes.Call1 call) {
            return call1(node, call.function, args[0]);
        } else if (node instanceof Nodes.Call2 call) {
            return call2(node, call.function, args[0], args[1]);
        } else if (node instanceof Nodes.Clamp) {
            return new Interval(Math.min(Math.max(args[0].lo(), args[1].lo()), args[2].lo()),
                    Math.min(Math.max(args[0].hi(), args[1].hi()), args[2].hi()));
        } else if (node instanceof Nodes.Conditional) {
            return new Interval(Math.min(args[1].lo(), args[2].lo()), Math.max(args[1].hi(), args[2].hi()));
        }
        return Interval.ALL;
    }

    private Interval arithmetic(Nodes.Node node, Nodes.ArithmeticOp op, Interval a, Interval b) {
        switch (op) {
            case ADD:
                return new Interval(a.lo() + b.lo(), a.hi() + b.hi());
            case SUB:
                return new Interval(a.lo() - b.hi(), a.hi() - b.lo());
            case MUL:
                return hull(a.lo() * b.lo(), a.lo() * b.hi(), a.hi() * b.lo(), a.hi() * b.hi());
            default:
                if (b.contains(0)) {
                    warn(node, "the divisor can be 0 (its range is " + b + ")");
                    return Interval.ALL;
                }
                return hull(a.lo() / b.lo(), a.lo() / b.hi(), a.hi() / b.lo(), a.hi() / b.hi());
        }
    }

    private Interval call1(Nodes.Node node, Nodes.Function1 function, Interval x) {
        switch (function) {
            case ABS:
                return new Interval(x.contains(0) ? 0 : Math.min(Math.abs(x.lo()), Math.abs(x.hi())),
                        Math.max(Math.abs(x.lo()), Math.abs(x.hi())));
            case SQRT:
                if (x.lo() < 0) {
                    warn(node, "the argument can be negative (its range is " + x + ")");
                }
                return new Interval(Math.sqrt(Math.max(0, x.lo())), Math.sqrt(Math.max(0, x.hi())));
            case LOG:
                if (x.lo() <= 0) {
                    warn(node, "the argument can be 0 or negative (its range is " + x + ")");
                }
                return new Interval(Math.log(Math.max(0, x.lo())), Math.log(Math.max(0, x.hi())));
            case EXP:
                return new Interval(Math.exp(x.lo()), Math.exp(x.hi()));
            case SIN:
            case COS:
                return new Interval(-1, 1);
            case FLOOR:
                return new Interval(Math.floor(x.lo()), Math.floor(x.hi()));
            case CEIL:
                return new Interval(Math.ceil(x.lo()), Math.ceil(x.hi()));
            default:
                return Interval.ALL; // tan
        }
    }

    private Interval call2(Nodes.Node node, Nodes.Function2 function, Interval a, Interval b) {
        switch (function) {
            case MIN:
                return new Interval(Math.min(a.lo(), b.lo()), Math.min(a.hi(), b.hi()));
            case MAX:
                return new Interval(Math.max(a.lo(), b.lo()), Math.max(a.hi(), b.hi()));
            case ATAN2:
                if (a.contains(0) && b.contains(0)) {
                    warn(node, "both arguments can be 0 at once, where the angle is undefined (their ranges are "
                            + a + " and " + b + ")");
                }
                return new Interval(-Math.PI, Math.PI);
            default:
                return new Interval(0, Double.POSITIVE_INFINITY); // hypot
        }
    }

    private static Interval hull(double... values) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (double v : values) {
            if (Double.isNaN(v)) {
                return Interval.ALL;
            }
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        return new Interval(lo, hi);
    }

    private void warn(Nodes.Node node, String why) {
        warnings.add("'" + node.symbol() + "'" + (node.column > 0 ? " at column " + node.column : "") + ": " + why);
    }
}
