package org.btfmu.core;

import java.util.Objects;
import org.btfmu.core.blackboard.SlotType;

/**
 * One entry of a task type's manifest.
 *
 * @param exprType     the expression's type for {@link ParameterKind#EXPRESSION}, else null
 * @param defaultValue the value of an absent optional parameter (for an expression: the
 *                     constant it stands for, e.g. {@code false}); null for required ones
 */
public record ParameterSpec(String name, ParameterKind kind, SlotType exprType, boolean required,
        Object defaultValue, String description) {

    public ParameterSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        if ((kind == ParameterKind.EXPRESSION) != (exprType != null)) {
            throw new IllegalArgumentException("parameter '" + name + "': exprType is required for"
                    + " EXPRESSION parameters and only for them");
        }
    }

    public static ParameterSpec required(String name, ParameterKind kind, String description) {
        return new ParameterSpec(name, kind, null, true, null, description);
    }

    public static ParameterSpec optional(String name, ParameterKind kind, Object defaultValue,
            String description) {
        return new ParameterSpec(name, kind, null, false, defaultValue, description);
    }

    public static ParameterSpec expression(String name, SlotType type, boolean required,
            Object defaultValue, String description) {
        return new ParameterSpec(name, ParameterKind.EXPRESSION, type, required, defaultValue,
                description);
    }
}
