package org.btfmu.core.blackboard;

/** Resolves slot names to indices when expressions are bound to a blackboard. */
public interface SlotIndex {
    /** The index of the named slot, or -1 if there is none. */
    int indexOf(String name);

    SlotType typeOf(int slot);
}
