package org.btfmu.core;

/** Whether a state machine state is final, and which result it gives its task. */
public enum FinalKind {
    NONE,
    FINISHED,
    ABORTED
}
