package org.btfmu.core.expr;

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
     * For a comparison, the Real function whose sign change is the comparison's
     * switching point ({@code altitude >= 1000} gives {@code altitude - 1000});
     * null for any other expression. Hysteresis bands and event indicators use it.
     */
    default Expression crossing() {
        return null;
    }
}
