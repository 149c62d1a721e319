package org.btfmu.fmu;

/**
 * The states of the FMI 2.0 Model Exchange calling sequence (spec 3.2.3), as the
 * columns of {@link ModelExchangeFunction}'s table. "start, end" is not a state of an
 * instance: it does not exist then.
 */
public enum ModelExchangeState {
    INSTANTIATED("instantiated"),
    INITIALIZATION_MODE("Initialization Mode"),
    EVENT_MODE("Event Mode"),
    CONTINUOUS_TIME_MODE("Continuous-Time Mode"),
    TERMINATED("terminated"),
    ERROR("error"),
    FATAL("fatal");

    private final String specName;

    ModelExchangeState(String specName) {
        this.specName = specName;
    }

    /** The state's name as the FMI specification writes it. */
    @Override
    public String toString() {
        return specName;
    }
}
