package org.btfmu.core;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.btfmu.core.blackboard.SlotIndex;
import org.btfmu.core.blackboard.SlotType;

/** The immutable list of blackboard slots of a tree; a slot's index is its position. */
public final class BlackboardDefinition implements SlotIndex {

    private final List<Slot> slots;
    private final Map<String, Integer> indexByName;

    private BlackboardDefinition(List<Slot> slots) {
        this.slots = List.copyOf(slots);
        this.indexByName = new HashMap<>();
        for (int i = 0; i < this.slots.size(); i++) {
            Slot slot = this.slots.get(i);
            if (indexByName.putIfAbsent(slot.name(), i) != null) {
                throw new IllegalArgumentException("duplicate slot name '" + slot.name() + "'");
            }
        }
    }

    /** @throws IllegalArgumentException on duplicate slot names */
    public static BlackboardDefinition of(List<Slot> slots) {
        return new BlackboardDefinition(slots);
    }

    public List<Slot> slots() {
        return slots;
    }

    public Slot slot(int index) {
        return slots.get(index);
    }

    public int size() {
        return slots.size();
    }

    @Override
    public int indexOf(String name) {
        Integer index = indexByName.get(name);
        return index == null ? -1 : index;
    }

    @Override
    public SlotType typeOf(int slot) {
        return slots.get(slot).type();
    }
}
