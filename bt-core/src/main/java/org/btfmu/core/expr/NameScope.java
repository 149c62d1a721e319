package org.btfmu.core.expr;

import org.btfmu.core.blackboard.SlotIndex;

/**
 * Resolves the names an expression mentions. The plain scope maps names to
 * blackboard slots; a sub-tree's scope first maps its ports to the
 * caller's arguments (an alias of a slot, or a read-only expression).
 */
@FunctionalInterface
public interface NameScope {

    /** The expression a name stands for, or null if the name is unknown. */
    Expression resolve(String name);

    /**
     * Names resolve to the slots of {@code slots}. An anonymous class, not a lambda: missions
     * are read at fmi2Instantiate on the importer's thread, where a lambda's first use runs its
     * bootstrap interpreted (BENCHMARKS.md section 6).
     */
    static NameScope of(SlotIndex slots) {
        return new NameScope() {
            @Override
            public Expression resolve(String name) {
                int slot = slots.indexOf(name);
                return slot < 0 ? null : Nodes.slot(slot, slots.typeOf(slot));
            }
        };
    }

    /** The slot a name is a plain alias of, or -1 if it is unknown or an expression. */
    static int slotOf(Expression resolved) {
        return resolved instanceof Nodes.SlotRead read ? read.slot : -1;
    }
}
