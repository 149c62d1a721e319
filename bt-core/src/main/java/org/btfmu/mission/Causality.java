package org.btfmu.mission;

/** What a mission variable is to the FMU's environment (FMI 2.0 causality). */
public enum Causality {
    /** Written by the environment, read by tasks. */
    INPUT,
    /** Written by tasks, read by the environment. */
    OUTPUT,
    /** Set by the environment before (fixed) or between steps (tunable); read by tasks. */
    PARAMETER,
    /** Tasks' own blackboard slot, not exposed as an FMU variable's input or output. */
    LOCAL
}
