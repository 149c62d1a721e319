package org.btfmu.core;

/**
 * What the engine does when an evaluation yields NaN or an infinity that reaches a
 * predicate's result, a slot (output or local) or a parameter-derived value
 * (the mission option {@code nonFinite}).
 */
public enum NonFinite {
    /** Fail the call that computed it with a {@link NonFiniteException} (the default). */
    ERROR,
    /** Report it to the warning listeners and go on. */
    WARN,
    /** IEEE 754 behaviour: say nothing. */
    ALLOW;

    /** The option's spelling in mission files. */
    public String jsonName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
