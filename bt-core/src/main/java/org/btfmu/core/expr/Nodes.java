package org.btfmu.core.expr;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.btfmu.core.blackboard.SlotReader;
import org.btfmu.core.blackboard.SlotType;

/**
 * The evaluation tree the parser builds. Nodes are immutable; evaluating one
 * only reads slots and calls its children (no allocation, no boxing). A node
 * implements the eval method of every type it can have; the parser makes sure
 * only the method of its {@link Expression#type()} is called, after wrapping
 * Integer operands of Real operations in {@link ToReal}.
 */
final class Nodes {

    private Nodes() {
    }

    /** Depth of an expression tree; foreign expressions count as one level. */
    static int depth(Expression e) {
        return e instanceof Node node ? node.depth : 1;
    }

    abstract static class Node implements Expression {
        final SlotType type;
        final int depth;
        private final int[] reads;
        private final Expression[] children;
        /** Where the parser found the operation: 1-based column in {@link #source}; 0 if unknown. */
        int column;
        String source;

        Node(SlotType type, Expression... children) {
            this.type = type;
            this.children = children.clone();
            this.depth = 1 + maxDepth(children);
            this.reads = unionOfReads(children);
        }

        // Loops, not streams: every expression node of a mission is built on the importer's
        // thread at fmi2Instantiate, interpreted (BENCHMARKS.md section 6).
        private static int maxDepth(Expression[] children) {
            int max = 0;
            for (Expression child : children) {
                max = Math.max(max, depth(child));
            }
            return max;
        }

        /** The slots the children read, sorted, each once. */
        private static int[] unionOfReads(Expression[] children) {
            int n = 0;
            for (Expression child : children) {
                n += child.reads().length;
            }
            int[] all = new int[n];
            int at = 0;
            for (Expression child : children) {
                int[] r = child.reads();
                System.arraycopy(r, 0, all, at, r.length);
                at += r.length;
            }
            Arrays.sort(all);
            int distinct = 0;
            for (int i = 0; i < n; i++) {
                if (distinct == 0 || all[i] != all[distinct - 1]) {
                    all[distinct++] = all[i];
                }
            }
            return Arrays.copyOf(all, distinct);
        }

        /** A leaf that reads one slot. */
        Node(SlotType type, int slot) {
            this.type = type;
            this.depth = 1;
            this.reads = new int[] {slot};
            this.children = new Expression[0];
        }

        /** This node's own crossing function (a comparison's), then its operands' in order. */
        @Override
        public final List<Expression> crossings() {
            List<Expression> all = new ArrayList<>();
            if (this instanceof Compare && crossing() != null) {
                all.add(crossing());
            }
            for (Expression child : children) {
                all.addAll(child.crossings());
            }
            return all;
        }

        @Override
        public final SlotType type() {
            return type;
        }

        /** Records where the parser found this node (set once, while parsing). */
        final Node at(int column, String source) {
            if (this.source == null) {
                this.column = column;
                this.source = source;
            }
            return this;
        }

        /**
         * The operands in evaluation order (as given to the constructor), for the slow paths
         * ({@link NonFiniteTrace}, {@link RangeCheck}) and the crossings; none for a leaf.
         */
        final Expression[] operands() {
            return children.clone();
        }

        /** The operator or function name, for messages; null for nodes that are not operations. */
        String symbol() {
            return null;
        }

        @Override
        public final int[] reads() {
            return reads.clone();
        }
    }

    static Expression slot(int slot, SlotType type) {
        return new SlotRead(slot, type);
    }

    static final class SlotRead extends Node {
        final int slot;

        SlotRead(int slot, SlotType type) {
            super(type, slot);
            this.slot = slot;
        }

        @Override
        public double evalReal(SlotReader slots) {
            return slots.real(slot);
        }

        @Override
        public int evalInteger(SlotReader slots) {
            return slots.integer(slot);
        }

        @Override
        public boolean evalBoolean(SlotReader slots) {
            return slots.bool(slot);
        }

        @Override
        public String evalString(SlotReader slots) {
            return slots.string(slot);
        }
    }

    static final class Constant extends Node {
        final double real;
        private final int integer;
        private final boolean bool;
        private final String string;

        private Constant(SlotType type, double real, int integer, boolean bool, String string) {
            super(type);
            this.real = real;
            this.integer = integer;
            this.bool = bool;
            this.string = string;
        }

        static Constant real(double value) {
            return new Constant(SlotType.REAL, value, 0, false, null);
        }

        static Constant integer(int value) {
            return new Constant(SlotType.INTEGER, value, value, false, null);
        }

        static Constant bool(boolean value) {
            return new Constant(SlotType.BOOLEAN, 0, 0, value, null);
        }

        static Constant string(String value) {
            return new Constant(SlotType.STRING, 0, 0, false, value);
        }

        @Override
        public double evalReal(SlotReader slots) {
            return real;
        }

        @Override
        public int evalInteger(SlotReader slots) {
            return integer;
        }

        @Override
        public boolean evalBoolean(SlotReader slots) {
            return bool;
        }

        @Override
        public String evalString(SlotReader slots) {
            return string;
        }
    }

    /** Integer → Real promotion (exact: every int is a double). */
    static final class ToReal extends Node {
        private final Expression operand;

        ToReal(Expression operand) {
            super(SlotType.REAL, operand);
            this.operand = operand;
        }


        @Override
        public double evalReal(SlotReader slots) {
            return operand.evalInteger(slots);
        }
    }

    static final class Negate extends Node {
        private final Expression operand;

        Negate(Expression operand) {
            super(operand.type(), operand);
            this.operand = operand;
        }


        @Override
        public double evalReal(SlotReader slots) {
            return -operand.evalReal(slots);
        }

        @Override
        public int evalInteger(SlotReader slots) {
            return -operand.evalInteger(slots);
        }

        @Override
        String symbol() {
            return "-";
        }
    }

    enum ArithmeticOp { ADD, SUB, MUL, DIV }

    /** + - * /; Integer arithmetic wraps around like Java's int. */
    static final class Arithmetic extends Node {
        final ArithmeticOp op;
        private final Expression left;
        private final Expression right;

        Arithmetic(SlotType type, ArithmeticOp op, Expression left, Expression right) {
            super(type, left, right);
            this.op = op;
            this.left = left;
            this.right = right;
        }


        @Override
        public double evalReal(SlotReader slots) {
            double a = left.evalReal(slots);
            double b = right.evalReal(slots);
            switch (op) {
                case ADD: return a + b;
                case SUB: return a - b;
                case MUL: return a * b;
                default: return a / b;
            }
        }

        @Override
        public int evalInteger(SlotReader slots) {
            int a = left.evalInteger(slots);
            int b = right.evalInteger(slots);
            switch (op) {
                case ADD: return a + b;
                case SUB: return a - b;
                default: return a * b;
            }
        }

        @Override
        String symbol() {
            switch (op) {
                case ADD: return "+";
                case SUB: return "-";
                case MUL: return "*";
                default: return "/";
            }
        }
    }

    enum CompareOp {
        LT("<", SlotComparison.LESS),
        LE("<=", SlotComparison.LESS | SlotComparison.EQUAL),
        GT(">", SlotComparison.GREATER),
        GE(">=", SlotComparison.GREATER | SlotComparison.EQUAL),
        EQ("==", SlotComparison.EQUAL),
        NE("!=", SlotComparison.LESS | SlotComparison.GREATER | SlotComparison.UNORDERED);

        final String symbol;
        /** The outcomes that make it true, as in {@link SlotComparison#outcomes()}. */
        final int outcomes;

        CompareOp(String symbol, int outcomes) {
            this.symbol = symbol;
            this.outcomes = outcomes;
        }

        boolean ordering() {
            return this != EQ && this != NE;
        }

        /** Whether it holds for a comparison whose sign (as of {@code Integer.compare}) is given. */
        boolean test(int sign) {
            return (outcomes >> (Integer.signum(sign) + 1) & 1) != 0;
        }
    }

    /** A comparison of two operands of one type (numbers already promoted alike). */
    static final class Compare extends Node {
        private final CompareOp op;
        private final SlotType operands;
        private final boolean real;
        /**
         * For the common Real form {@code slot op constant}: the slot (else -1) and the
         * constant, kept here so that evaluating it touches this node only.
         */
        private final int leftSlot;
        private final double rightConstant;
        private final Expression left;
        private final Expression right;
        private final Expression crossing;

        Compare(CompareOp op, Expression left, Expression right, Expression crossing) {
            super(SlotType.BOOLEAN, left, right);
            this.op = op;
            this.operands = left.type();
            this.real = operands == SlotType.REAL;
            boolean simple = real && left instanceof SlotRead && right instanceof Constant;
            this.leftSlot = simple ? ((SlotRead) left).slot : -1;
            this.rightConstant = simple ? ((Constant) right).real : 0;
            this.left = left;
            this.right = right;
            this.crossing = crossing;
        }


        @Override
        public boolean evalBoolean(SlotReader slots) {
            if (real) { // the common case first, without the enum switch
                double a = leftSlot >= 0 ? slots.real(leftSlot) : left.evalReal(slots);
                double b = leftSlot >= 0 ? rightConstant : right.evalReal(slots);
                if (!(Double.isFinite(a) && Double.isFinite(b))) {
                    slots.nonFinite(this); // the slow path: the engine decides what it means
                }
                return SlotComparison.holds(op.outcomes, a, b);
            }
            switch (operands) {
                case INTEGER:
                    return op.test(Integer.compare(left.evalInteger(slots), right.evalInteger(slots)));
                case BOOLEAN:
                    return (left.evalBoolean(slots) == right.evalBoolean(slots)) == (op == CompareOp.EQ);
                default:
                    return left.evalString(slots).equals(right.evalString(slots)) == (op == CompareOp.EQ);
            }
        }

        @Override
        public Expression crossing() {
            return crossing;
        }

        @Override
        public SlotComparison slotComparison() {
            return leftSlot >= 0 && Double.isFinite(rightConstant)
                    ? new SlotComparison(leftSlot, rightConstant, op.outcomes) : null;
        }

        @Override
        String symbol() {
            return op.symbol;
        }
    }

    static final class And extends Node {
        private final Expression left;
        private final Expression right;

        And(Expression left, Expression right) {
            super(SlotType.BOOLEAN, left, right);
            this.left = left;
            this.right = right;
        }


        @Override
        public boolean evalBoolean(SlotReader slots) {
            return left.evalBoolean(slots) && right.evalBoolean(slots);
        }
    }

    static final class Or extends Node {
        private final Expression left;
        private final Expression right;

        Or(Expression left, Expression right) {
            super(SlotType.BOOLEAN, left, right);
            this.left = left;
            this.right = right;
        }


        @Override
        public boolean evalBoolean(SlotReader slots) {
            return left.evalBoolean(slots) || right.evalBoolean(slots);
        }
    }

    /** Negation negates the operand's crossing function: same switching point, positive while true. */
    static final class Not extends Node {
        private final Expression operand;
        private final Expression crossing;

        Not(Expression operand) {
            super(SlotType.BOOLEAN, operand);
            this.operand = operand;
            this.crossing = operand.crossing() == null ? null : new Negate(operand.crossing());
        }


        @Override
        public boolean evalBoolean(SlotReader slots) {
            return !operand.evalBoolean(slots);
        }

        @Override
        public Expression crossing() {
            return crossing;
        }
    }

    static final class Conditional extends Node {
        private final Expression condition;
        private final Expression then;
        private final Expression otherwise;

        Conditional(Expression condition, Expression then, Expression otherwise) {
            super(then.type(), condition, then, otherwise);
            this.condition = condition;
            this.then = then;
            this.otherwise = otherwise;
        }


        @Override
        public double evalReal(SlotReader slots) {
            return condition.evalBoolean(slots) ? then.evalReal(slots) : otherwise.evalReal(slots);
        }

        @Override
        public int evalInteger(SlotReader slots) {
            return condition.evalBoolean(slots) ? then.evalInteger(slots) : otherwise.evalInteger(slots);
        }

        @Override
        public boolean evalBoolean(SlotReader slots) {
            return condition.evalBoolean(slots) ? then.evalBoolean(slots) : otherwise.evalBoolean(slots);
        }

        @Override
        public String evalString(SlotReader slots) {
            return condition.evalBoolean(slots) ? then.evalString(slots) : otherwise.evalString(slots);
        }
    }

    enum Function1 { ABS, SQRT, EXP, LOG, SIN, COS, TAN, FLOOR, CEIL }

    /** One-argument functions; for Integer only abs, floor and ceil (the last two: identity). */
    static final class Call1 extends Node {
        final Function1 function;
        private final Expression argument;

        Call1(SlotType type, Function1 function, Expression argument) {
            super(type, argument);
            this.function = function;
            this.argument = argument;
        }


        @Override
        public double evalReal(SlotReader slots) {
            double x = argument.evalReal(slots);
            switch (function) {
                case ABS: return Math.abs(x);
                case SQRT: return Math.sqrt(x);
                case EXP: return Math.exp(x);
                case LOG: return Math.log(x);
                case SIN: return Math.sin(x);
                case COS: return Math.cos(x);
                case TAN: return Math.tan(x);
                case FLOOR: return Math.floor(x);
                default: return Math.ceil(x);
            }
        }

        @Override
        public int evalInteger(SlotReader slots) {
            int x = argument.evalInteger(slots);
            return function == Function1.ABS ? Math.abs(x) : x;
        }

        @Override
        String symbol() {
            return function.name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    enum Function2 { MIN, MAX, ATAN2, HYPOT }

    /** Two-argument functions; for Integer only min and max. */
    static final class Call2 extends Node {
        final Function2 function;
        private final Expression first;
        private final Expression second;

        Call2(SlotType type, Function2 function, Expression first, Expression second) {
            super(type, first, second);
            this.function = function;
            this.first = first;
            this.second = second;
        }


        @Override
        public double evalReal(SlotReader slots) {
            double a = first.evalReal(slots);
            double b = second.evalReal(slots);
            switch (function) {
                case MIN: return Math.min(a, b);
                case MAX: return Math.max(a, b);
                case ATAN2: return Math.atan2(a, b);
                default: return Math.hypot(a, b);
            }
        }

        @Override
        public int evalInteger(SlotReader slots) {
            int a = first.evalInteger(slots);
            int b = second.evalInteger(slots);
            return function == Function2.MIN ? Math.min(a, b) : Math.max(a, b);
        }

        @Override
        String symbol() {
            return function.name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** clamp(x, lo, hi) = min(max(x, lo), hi): hi wins if lo > hi. */
    static final class Clamp extends Node {
        private final Expression value;
        private final Expression low;
        private final Expression high;

        Clamp(SlotType type, Expression value, Expression low, Expression high) {
            super(type, value, low, high);
            this.value = value;
            this.low = low;
            this.high = high;
        }


        @Override
        public double evalReal(SlotReader slots) {
            return Math.min(Math.max(value.evalReal(slots), low.evalReal(slots)), high.evalReal(slots));
        }

        @Override
        public int evalInteger(SlotReader slots) {
            return Math.min(Math.max(value.evalInteger(slots), low.evalInteger(slots)), high.evalInteger(slots));
        }

        @Override
        String symbol() {
            return "clamp";
        }
    }
}
