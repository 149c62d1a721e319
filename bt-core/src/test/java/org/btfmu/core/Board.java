package org.btfmu.core;

import java.util.ArrayList;
import java.util.List;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.core.expr.Expression;
import org.btfmu.core.expr.JavaExpression;

/** Test helper: declares slots by name and builds expressions on them. */
public final class Board {

    private final List<Slot> slots = new ArrayList<>();

    public int input(String name, SlotType type) {
        return add(Slot.of(name, type, SlotKind.INPUT));
    }

    public int output(String name, SlotType type) {
        return add(Slot.of(name, type, SlotKind.OUTPUT));
    }

    public int add(Slot slot) {
        slots.add(slot);
        return slots.size() - 1;
    }

    public BlackboardDefinition definition() {
        return BlackboardDefinition.of(slots);
    }

    public TreeInstance instance(TaskNode root, ProcessingMode mode) {
        return new TreeInstance(TreeDefinition.of(definition(), root), mode);
    }

    public TreeInstance instance(TaskNode root) {
        return instance(root, ProcessingMode.EVENT_DRIVEN);
    }

    public static Expression flag(int slot) {
        return JavaExpression.slot(SlotType.BOOLEAN, slot);
    }

    public static Expression not(int slot) {
        return JavaExpression.bool(r -> !r.bool(slot), slot);
    }

    public static Expression constant(Object value) {
        return JavaExpression.constant(value);
    }

    public static Assignment set(int slot, Object value) {
        return new Assignment(slot, JavaExpression.constant(value));
    }
}
