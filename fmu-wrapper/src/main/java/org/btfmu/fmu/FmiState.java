package org.btfmu.fmu;

/**
 * The states of the FMI 2.0 Co-Simulation calling sequence (spec 4.2.4), as
 * the columns of {@link FmiFunction}'s table. "start, end" is not a state of a
 * slave: it does not exist then.
 */
public enum FmiState {
    INSTANTIATED("instantiated"),
    INITIALIZATION_MODE("Initialization Mode"),
    STEP_COMPLETE("stepComplete"),
    STEP_IN_PROGRESS("stepInProgress"),
    STEP_FAILED("stepFailed"),
    STEP_CANCELED("stepCanceled"),
    TERMINATED("terminated"),
    ERROR("error"),
    FATAL("fatal");

    private final String specName;

    FmiState(String specName) {
        this.specName = specName;
    }

    /** The state's name as the FMI specification writes it. */
    @Override
    public String toString() {
        return specName;
    }
}
