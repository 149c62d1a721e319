package org.btfmu.cosim;

/**
 * The Model Exchange functions of one instance, as {@link ModelExchangeMaster} and {@link
 * ContinuousSystem} call them: FMI 2.0 in {@link Fmi2ModelExchangeCalls}, FMI 3.0 (whose §3.2
 * keeps the FMI 2.0 sequence) in {@link Fmi3ModelExchangeCalls}. Every failing call becomes a
 * {@link CoSimulationException}.
 */
interface ModelExchangeCalls {

    /** fmi2EventInfo as fmi2NewDiscreteStates fills it (FMI 3.0: fmi3UpdateDiscreteStates). */
    record EventInfo(boolean newDiscreteStatesNeeded, boolean terminateSimulation,
            boolean valuesOfContinuousStatesChanged, double nextEventTime) {
    }

    /** What completedIntegratorStep returns: enterEventMode and terminateSimulation. */
    enum StepEnd {
        GO_ON(false, false), EVENT(true, false), TERMINATE(false, true), EVENT_AND_TERMINATE(true, true);

        private final boolean enterEventMode;
        private final boolean terminateSimulation;

        StepEnd(boolean enterEventMode, boolean terminateSimulation) {
            this.enterEventMode = enterEventMode;
            this.terminateSimulation = terminateSimulation;
        }

        private static final StepEnd[] BY_FLAGS = values(); // values() copies its array on every call

        static StepEnd of(boolean enterEventMode, boolean terminateSimulation) {
            return BY_FLAGS[(enterEventMode ? 1 : 0) + (terminateSimulation ? 2 : 0)];
        }

        boolean enterEventMode() {
            return enterEventMode;
        }

        boolean terminateSimulation() {
            return terminateSimulation;
        }
    }

    /** The calls of {@code fmu}, by its FMI version. */
    static ModelExchangeCalls of(FmuInstance fmu) {
        return fmu.fmi3() != null ? new Fmi3ModelExchangeCalls(fmu) : new Fmi2ModelExchangeCalls(fmu);
    }

    FmuInstance fmu();

    int states();

    int indicators();

    /** Sets the time, unless the FMU has this time already. */
    void setTime(double time);

    /** Whether the FMU wants completedIntegratorStep after each integrator step. */
    boolean completedStepNeeded();

    /** Event Mode; the FMU may change its states there. */
    void enterEventMode();

    EventInfo newDiscreteStates();

    void enterContinuousTimeMode();

    /** completedIntegratorStep: whether the FMU asks for an event (a step event) or for the end. */
    StepEnd completedIntegratorStep();

    /** Writes the states into {@code into} from {@code offset}. */
    void getContinuousStates(double[] into, int offset);

    /** Sets the states from {@code from[offset..]}, unless the FMU has these states already. */
    void setContinuousStates(double[] from, int offset);

    void getDerivatives(double[] into, int offset);

    void getEventIndicators(double[] into, int offset);
}
