package org.btfmu.core.blackboard;

/**
 * Read access to slot values by slot index, as expressions see the blackboard
 * while they are evaluated. Indices come from {@link SlotIndex}.
 */
public interface SlotReader {
    double real(int slot);

    int integer(int slot);

    boolean bool(int slot);

    String string(int slot);

    /**
     * Called by a comparison whose Real operands are not both finite (NaN or an infinity
     * reached a predicate's result): the engine's cue to report it. Ignored by default.
     */
    default void nonFinite(org.btfmu.core.expr.Expression comparison) {
    }
}
