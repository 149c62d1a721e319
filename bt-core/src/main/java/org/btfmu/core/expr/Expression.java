package org.btfmu.core.expr;

import java.util.List;
import org.btfmu.core.blackboard.SlotReader;
import org.btfmu.core.blackboard.SlotType;

/**
 * A typed expression bound to blackboard slot indices: a task's predicate, an
 * output value, an assignment. Immutable and shared by all instances of a tree.
 * Only the eval method of its own {@link #type()} needs to be supported.
 */
public interface Expression {

    SlotType type();

    /** Indices of the slots it reads; the engine re-evaluates it when one changes. */
    int[] reads();

    default double evalReal(SlotReader slots) {
        throw new UnsupportedOperationException("not a Real expression: " + type());
    }

    default int evalInteger(SlotReader slots) {
        throw new UnsupportedOperationException("not an Integer expression: " + type());
    }

    default boolean evalBoolean(SlotReader slots) {
        throw new UnsupportedOperationException("not a Boolean expression: " + type());
    }

    default String evalString(SlotReader slots) {
        throw new UnsupportedOperationException("not a String expression: " + type());
    }

    /**
     * For a comparison (or the negation of one), the Real function whose sign change is
     * its switching point, positive while it holds ({@code altitude >= 1000} gives
     * {@code altitude - 1000}, {@code altitude < 1000} gives {@code 1000 - altitude});
     * null for any other expression. Hysteresis bands and event indicators use it.
     */
    default Expression crossing() {
        return null;
    }

    /**
     * This expression as a {@link SlotComparison} if it is a Real slot compared with a
     * finite constant ({@code altitude >= 300}); null for any other expression.
     */
    default SlotComparison slotComparison() {
        return null;
    }

    /**
     * The crossing functions of every numeric ordering comparison in the expression
     * (its own first, then its operands' in order): a value computed from slots that
     * vary continuously can change only where one of them changes sign. These are the
     * event indicators of a predicate; their polarity is unspecified.
     */
    default List<Expression> crossings() {
        return crossing() == null ? List.of() : List.of(crossing());
    }
}
