package org.btfmu.fmu;

/**
 * The states of the FMI 3.0 calling sequence that a bt-fmu instance can be in (FMI 3.0 §2.3,
 * §3.2, §4.2), the columns of {@link Fmi3Function}'s table. Configuration, Reconfiguration,
 * Intermediate Update and Clock Activation Mode are never entered: the FMU declares no
 * structural parameters, no intermediate update and no clocks. A function returning
 * fmi3Error leaves the instance in Terminated (§2.3, "FMU State Settable"); after fmi3Fatal
 * only fmi3FreeInstance is allowed.
 */
public enum Fmi3State {
    INSTANTIATED("Instantiated"),
    INITIALIZATION_MODE("Initialization Mode"),
    EVENT_MODE("Event Mode"),
    STEP_MODE("Step Mode"),
    CONTINUOUS_TIME_MODE("Continuous-Time Mode"),
    TERMINATED("Terminated"),
    FATAL("fatal (only fmi3FreeInstance)");

    private final String specName;

    Fmi3State(String specName) {
        this.specName = specName;
    }

    /** The state's name as the FMI 3.0 specification writes it. */
    @Override
    public String toString() {
        return specName;
    }
}
