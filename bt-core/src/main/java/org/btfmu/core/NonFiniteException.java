package org.btfmu.core;

import java.util.List;

/**
 * A NaN or an infinity reached a predicate's result, an output, a local or a
 * parameter-derived value while the mission's {@code nonFinite} option is
 * {@link NonFinite#ERROR}. The message names the time, the task, what was reached and
 * the operation that produced the value, with its operands and column.
 */
public final class NonFiniteException extends EngineException {

    public NonFiniteException(String message, String taskPath) {
        super(message, List.of(taskPath));
    }
}
