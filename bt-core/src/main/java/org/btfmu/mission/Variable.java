package org.btfmu.mission;

import org.btfmu.core.blackboard.SlotType;

/**
 * A declared mission variable: one blackboard slot and one FMU variable.
 *
 * @param start       the start value (Double, Integer, Boolean or String matching {@code type});
 *                    never null (an absent start is the type's zero)
 * @param unit        the unit (Real only), or null
 * @param description free text, or null
 * @param min         lower bound (Real and Integer only), or null
 * @param max         upper bound (Real and Integer only), or null
 * @param slot        the blackboard slot index (variables keep the file's order)
 */
public record Variable(String name, SlotType type, Causality causality, Variability variability,
        Object start, String unit, String description, Double min, Double max, int slot) {
}
