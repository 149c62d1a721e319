package org.btfmu.core;

import java.util.Objects;
import org.btfmu.core.expr.Expression;

/**
 * {@code slot := value}. In an entry or exit hook it is evaluated once, when the hook
 * runs, and the slot keeps the value; as an output it is held while the task is active
 * and re-evaluated whenever a slot the expression reads changes.
 */
public record Assignment(int slot, Expression value) {
    public Assignment {
        Objects.requireNonNull(value, "value");
    }
}
