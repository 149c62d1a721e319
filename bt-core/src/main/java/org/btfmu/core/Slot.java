package org.btfmu.core;

import java.util.Objects;
import org.btfmu.core.blackboard.SlotType;

/**
 * One named, typed blackboard slot.
 *
 * @param defaultValue the value shown while no task writes the slot: a Double, Integer,
 *                     Boolean or String matching {@code type}
 * @param holdLast     when the last active writer stops, keep its last value instead of
 *                     falling back to the stored value
 */
public record Slot(String name, SlotType type, SlotKind kind, Object defaultValue, boolean holdLast) {

    public Slot {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(kind, "kind");
        if (name.isEmpty()) {
            throw new IllegalArgumentException("slot name is empty");
        }
        if (defaultValue == null) {
            defaultValue = zero(type);
        }
        if (!fits(type, defaultValue)) {
            throw new IllegalArgumentException("slot '" + name + "': default value " + defaultValue
                    + " (" + defaultValue.getClass().getSimpleName() + ") is not a " + type);
        }
    }

    /** A slot with the type's zero value (0, 0, false, "") and no hold-last. */
    public static Slot of(String name, SlotType type, SlotKind kind) {
        return new Slot(name, type, kind, null, false);
    }

    static Object zero(SlotType type) {
        return switch (type) {
            case REAL -> 0.0;
            case INTEGER -> 0;
            case BOOLEAN -> false;
            case STRING -> "";
        };
    }

    static boolean fits(SlotType type, Object value) {
        return switch (type) {
            case REAL -> value instanceof Double;
            case INTEGER -> value instanceof Integer;
            case BOOLEAN -> value instanceof Boolean;
            case STRING -> value instanceof String;
        };
    }
}
