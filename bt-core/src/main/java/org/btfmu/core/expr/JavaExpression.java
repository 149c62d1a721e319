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
            return new JavaExpression(SlotType.INTEGER, new int[0], null, r -> i, null, null, null, text);
        }
        if (value instanceof Number d) {
            double v = d.doubleValue();
            return new JavaExpression(SlotType.REAL, new int[0], r -> v, null, null, null, null, text);
        }
        if (value instanceof Boolean b) {
            return new JavaExpression(SlotType.BOOLEAN, new int[0], null, null, r -> b, null, null, text);
        }
        if (value instanceof String s) {
            return new JavaExpression(SlotType.STRING, new int[0], null, null, null, r -> s, null, '"' + s + '"');
        }
        throw new IllegalArgumentException("no constant expression for a " + value.getClass().getName());
    }

    /** The value of one slot of the given type. */
    public static JavaExpression slot(SlotType type, int slot) {
        String text = "slot" + slot;
        return switch (type) {
            case REAL -> new JavaExpression(type, new int[] {slot}, r -> r.real(slot), null, null, null, null, text);
            case INTEGER -> new JavaExpression(type, new int[] {slot}, null, r -> r.integer(slot), null, null, null,
                    text);
            case BOOLEAN -> new JavaExpression(type, new int[] {slot}, null, null, r -> r.bool(slot), null, null,
                    text);
            case STRING -> new JavaExpression(type, new int[] {slot}, null, null, null, r -> r.string(slot), null,
                    text);
        };
    }

    /** {@code slot >= threshold} on a Real slot, with crossing function {@code slot - threshold}. */
    public static JavaExpression atLeast(int slot, double threshold) {
        JavaExpression crossing = real(r -> r.real(slot) - threshold, slot);
        return new JavaExpression(SlotType.BOOLEAN, new int[] {slot}, null, null, r -> r.real(slot) >= threshold,
                null, crossing, "slot" + slot + " >= " + threshold);
    }

    /** {@code slot <= threshold} on a Real slot, with crossing function {@code threshold - slot}. */
    public static JavaExpression atMost(int slot, double threshold) {
        JavaExpression crossing = real(r -> threshold - r.real(slot), slot);
        return new JavaExpression(SlotType.BOOLEAN, new int[] {slot}, null, null, r -> r.real(slot) <= threshold,
                null, crossing, "slot" + slot + " <= " + threshold);
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
