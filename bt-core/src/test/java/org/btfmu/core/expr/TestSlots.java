package org.btfmu.core.expr;

import java.util.ArrayList;
import java.util.List;
import org.btfmu.core.blackboard.SlotIndex;
import org.btfmu.core.blackboard.SlotReader;
import org.btfmu.core.blackboard.SlotType;

/** A small blackboard for expression tests: named, typed slots with values. */
final class TestSlots implements SlotIndex, SlotReader {
    private final List<String> names = new ArrayList<>();
    private final List<SlotType> types = new ArrayList<>();
    private final List<Object> values = new ArrayList<>();

    TestSlots add(String name, SlotType type, Object value) {
        names.add(name);
        types.add(type);
        values.add(value);
        return this;
    }

    void set(String name, Object value) {
        values.set(indexOf(name), value);
    }

    @Override
    public int indexOf(String name) {
        return names.indexOf(name);
    }

    @Override
    public SlotType typeOf(int slot) {
        return types.get(slot);
    }

    @Override
    public double real(int slot) {
        return (Double) values.get(slot);
    }

    @Override
    public int integer(int slot) {
        return (Integer) values.get(slot);
    }

    @Override
    public boolean bool(int slot) {
        return (Boolean) values.get(slot);
    }

    @Override
    public String string(int slot) {
        return (String) values.get(slot);
    }
}
