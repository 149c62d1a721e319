package org.btfmu.core;

/** Who writes a blackboard slot: the environment (INPUT, PARAMETER) or the tasks (OUTPUT, LOCAL). */
public enum SlotKind {
    INPUT,
    OUTPUT,
    PARAMETER,
    LOCAL;

    /** Tasks may assign only outputs and locals; inputs and parameters belong to the environment. */
    public boolean writableByTasks() {
        return this == OUTPUT || this == LOCAL;
    }
}
