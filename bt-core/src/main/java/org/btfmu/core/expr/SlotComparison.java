package org.btfmu.core.expr;

/**
 * The most common predicate, a Real slot compared with a finite constant
 * ({@code altitude >= 300}), reduced to three numbers the engine can keep in flat arrays
 * and test without the expression's nodes: the slot, the constant, and which outcomes of
 * comparing the slot's value with the constant make it true, as bits: {@link #LESS},
 * {@link #EQUAL}, {@link #GREATER} and {@link #UNORDERED} (the value is NaN).
 *
 * @see Expression#slotComparison()
 */
public record SlotComparison(int slot, double constant, int outcomes) {

    public static final int LESS = 1;
    public static final int EQUAL = 2;
    public static final int GREATER = 4;
    public static final int UNORDERED = 8;

    /**
     * Whether {@code a op b} holds, for the op whose true outcomes are {@code outcomes}
     * (IEEE 754: with a NaN operand only {@code !=} holds). Every Real comparison is
     * decided here.
     */
    public static boolean holds(int outcomes, double a, double b) {
        int bit = a < b ? 0 : a > b ? 2 : a == b ? 1 : 3;
        return (outcomes >> bit & 1) != 0;
    }

    /** Whether the comparison holds for this value of the slot (IEEE 754: NaN only satisfies !=). */
    public boolean holds(double value) {
        return holds(outcomes, value, constant);
    }
}
