package org.btfmu.core.expr;

import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import org.btfmu.core.blackboard.SlotReader;
import org.btfmu.core.blackboard.SlotType;

/**
 * An {@link Expression} written in Java (for tests and custom tasks): a lambda plus the
 * slots it reads. The engine trusts {@code reads}: a slot read but not declared does not
 * trigger re-evaluation.
 */
public final class JavaExpression implements Expression {

    private final SlotType type;
    private final int[] reads;
    private final ToDoubleFunction<SlotReader> real;
    private final ToIntFunction<SlotReader> integer;
    private final Predicate<SlotReader> bool;
    private final Function<SlotReader, String> string;
    private final Expression crossing;
    private final String text;

    private JavaExpression(SlotType type, int[] reads, ToDoubleFunction<SlotReader> real,
            ToIntFunction<SlotReader> integer, Predicate<SlotReader> bool, Function<SlotReader, String> string,
            Expression crossing, String text) {
        this.type = type;
        this.reads = reads.clone();
        this.real = real;
        this.integer = integer;
        this.bool = bool;
        this.string = string;
        this.crossing = crossing;
        this.text = text;
    }

    public static JavaExpression real(ToDoubleFunction<SlotReader> f, int... reads) {
        return new JavaExpression(SlotType.REAL, reads, Objects.requireNonNull(f), null, null, null, null, "real");
    }

    public static JavaExpression integer(ToIntFunction<SlotReader> f, int... reads) {
        return new JavaExpression(SlotType.INTEGER, reads, null, Objects.requireNonNull(f), null, null, null,
                "integer");
    }

    public static JavaExpression bool(Predicate<SlotReader> f, int... reads) {
        return new JavaExpression(SlotType.BOOLEAN, reads, null, null, Objects.requireNonNull(f), null, null, "bool");
    }

    public static JavaExpression string(Function<SlotReader, String> f, int... reads) {
        return new JavaExpression(SlotType.STRING, reads, null, null, null, Objects.requireNonNull(f), null,
                "string");
    }

    /** A constant: Double (or other Number, as Real), Integer, Boolean or String. */
    public static JavaExpression constant(Object value) {
        Objects.requireNonNull(value, "value");
        String text = String.valueOf(value);
        if (value instanceof Integer i) {
            Value c = new Value(0, i, false, null);
            return new JavaExpression(SlotType.INTEGER, new int[0], null, c, null, null, null, text);
        }
        if (value instanceof Number d) {
            Value c = new Value(d.doubleValue(), 0, false, null);
            return new JavaExpression(SlotType.REAL, new int[0], c, null, null, null, null, text);
        }
        if (value instanceof Boolean b) {
            Value c = new Value(0, 0, b, null);
            return new JavaExpression(SlotType.BOOLEAN, new int[0], null, null, c, null, null, text);
        }
        if (value instanceof String s) {
            Value c = new Value(0, 0, false, s);
            return new JavaExpression(SlotType.STRING, new int[0], null, null, null, c, null, '"' + s + '"');
        }
        throw new IllegalArgumentException("no constant expression for a " + value.getClass().getName());
    }

    /** The value of one slot of the given type. */
    public static JavaExpression slot(SlotType type, int slot) {
        String text = "slot" + slot;
        SlotValue v = new SlotValue(slot);
        return switch (type) {
            case REAL -> new JavaExpression(type, new int[] {slot}, v, null, null, null, null, text);
            case INTEGER -> new JavaExpression(type, new int[] {slot}, null, v, null, null, null, text);
            case BOOLEAN -> new JavaExpression(type, new int[] {slot}, null, null, v, null, null, text);
            case STRING -> new JavaExpression(type, new int[] {slot}, null, null, null, v, null, text);
        };
    }

    /** {@code slot >= threshold} on a Real slot, with crossing function {@code slot - threshold}. */
    public static JavaExpression atLeast(int slot, double threshold) {
        Threshold t = new Threshold(slot, threshold, true);
        return new JavaExpression(SlotType.BOOLEAN, new int[] {slot}, null, null, t, null,
                real(t, slot), "slot" + slot + " >= " + threshold);
    }

    /** {@code slot <= threshold} on a Real slot, with crossing function {@code threshold - slot}. */
    public static JavaExpression atMost(int slot, double threshold) {
        Threshold t = new Threshold(slot, threshold, false);
        return new JavaExpression(SlotType.BOOLEAN, new int[] {slot}, null, null, t, null,
                real(t, slot), "slot" + slot + " <= " + threshold);
    }

    /*
     * The expressions made here are plain classes, not lambdas: a lambda's first use bootstraps
     * java.lang.invoke (LambdaMetafactory, ASM), about 5 ms of interpreted code on an importer's
     * thread at the FMU's first fmi2Instantiate (an Action without done or fail is a constant).
     */

    /** A constant's value, in the field of its type. */
    private static final class Value implements ToDoubleFunction<SlotReader>, ToIntFunction<SlotReader>,
            Predicate<SlotReader>, Function<SlotReader, String> {

        private final double real;
        private final int integer;
        private final boolean bool;
        private final String string;

        Value(double real, int integer, boolean bool, String string) {
            this.real = real;
            this.integer = integer;
            this.bool = bool;
            this.string = string;
        }

        @Override
        public double applyAsDouble(SlotReader slots) {
            return real;
        }

        @Override
        public int applyAsInt(SlotReader slots) {
            return integer;
        }

        @Override
        public boolean test(SlotReader slots) {
            return bool;
        }

        @Override
        public String apply(SlotReader slots) {
            return string;
        }
    }

    /** One slot's value, read as its type. */
    private static final class SlotValue implements ToDoubleFunction<SlotReader>, ToIntFunction<SlotReader>,
            Predicate<SlotReader>, Function<SlotReader, String> {

        private final int slot;

        SlotValue(int slot) {
            this.slot = slot;
        }

        @Override
        public double applyAsDouble(SlotReader slots) {
            return slots.real(slot);
        }

        @Override
        public int applyAsInt(SlotReader slots) {
            return slots.integer(slot);
        }

        @Override
        public boolean test(SlotReader slots) {
            return slots.bool(slot);
        }

        @Override
        public String apply(SlotReader slots) {
            return slots.string(slot);
        }
    }

    /** A Real slot against a threshold: at least (crossing slot - threshold) or at most (threshold - slot). */
    private static final class Threshold implements ToDoubleFunction<SlotReader>, Predicate<SlotReader> {

        private final int slot;
        private final double threshold;
        private final boolean atLeast;

        Threshold(int slot, double threshold, boolean atLeast) {
            this.slot = slot;
            this.threshold = threshold;
            this.atLeast = atLeast;
        }

        @Override
        public double applyAsDouble(SlotReader slots) {
            return atLeast ? slots.real(slot) - threshold : threshold - slots.real(slot);
        }

        @Override
        public boolean test(SlotReader slots) {
            return atLeast ? slots.real(slot) >= threshold : slots.real(slot) <= threshold;
        }
    }

    /** The same expression with a description for messages. */
    public JavaExpression named(String description) {
        return new JavaExpression(type, reads, real, integer, bool, string, crossing, description);
    }

    @Override
    public SlotType type() {
        return type;
    }

    @Override
    public int[] reads() {
        return reads.clone();
    }

    @Override
    public double evalReal(SlotReader slots) {
        if (real != null) {
            return real.applyAsDouble(slots);
        }
        return Expression.super.evalReal(slots);
    }

    @Override
    public int evalInteger(SlotReader slots) {
        if (integer != null) {
            return integer.applyAsInt(slots);
        }
        return Expression.super.evalInteger(slots);
    }

    @Override
    public boolean evalBoolean(SlotReader slots) {
        if (bool != null) {
            return bool.test(slots);
        }
        return Expression.super.evalBoolean(slots);
    }

    @Override
    public String evalString(SlotReader slots) {
        if (string != null) {
            return string.apply(slots);
        }
        return Expression.super.evalString(slots);
    }

    @Override
    public Expression crossing() {
        return crossing;
    }

    @Override
    public String toString() {
        return text;
    }
}
