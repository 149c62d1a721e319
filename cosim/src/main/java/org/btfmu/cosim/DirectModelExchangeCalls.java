package org.btfmu.cosim;

/**
 * The Model Exchange calls made at every integrator step, for one instance of either FMI
 * version, through its {@link DirectModelExchange} binding: the states and indicators copied to
 * and from the master's arrays at an offset, every status checked by the instance under the
 * version's function name.
 */
final class DirectModelExchangeCalls {

    /** The functions' names in one FMI version, for the errors. */
    record Names(String setTime, String setContinuousStates, String getContinuousStates, String getDerivatives,
            String getEventIndicators, String completedIntegratorStep) {
    }

    static final Names FMI2 = new Names("fmi2SetTime", "fmi2SetContinuousStates", "fmi2GetContinuousStates",
            "fmi2GetDerivatives", "fmi2GetEventIndicators", "fmi2CompletedIntegratorStep");
    static final Names FMI3 = new Names("fmi3SetTime", "fmi3SetContinuousStates", "fmi3GetContinuousStates",
            "fmi3GetContinuousStateDerivatives", "fmi3GetEventIndicators", "fmi3CompletedIntegratorStep");

    /** The instance's check of a status: a failing one becomes a {@link CoSimulationException}. */
    interface Check {
        void check(int status, String function);
    }

    private final DirectModelExchange direct;
    private final long address;
    private final Names names;
    private final Check check;
    private final double[] stateValues;
    private final double[] derivativeValues;
    private final double[] indicatorValues;
    private final boolean[] stepFlags = new boolean[2];

    DirectModelExchangeCalls(DirectModelExchange direct, long address, Names names, Check check, int states,
            int indicators) {
        this.direct = direct;
        this.address = address;
        this.names = names;
        this.check = check;
        this.stateValues = new double[states];
        this.derivativeValues = new double[states];
        this.indicatorValues = new double[indicators];
    }

    void setTime(double time) {
        check.check(direct.setTime(address, time), names.setTime());
    }

    /** Sets the states from {@code from[offset..]}. */
    void setContinuousStates(double[] from, int offset) {
        System.arraycopy(from, offset, stateValues, 0, stateValues.length);
        check.check(direct.setContinuousStates(address, stateValues), names.setContinuousStates());
    }

    /** Writes the states into {@code into} from {@code offset}. */
    void getContinuousStates(double[] into, int offset) {
        check.check(direct.getContinuousStates(address, stateValues), names.getContinuousStates());
        System.arraycopy(stateValues, 0, into, offset, stateValues.length);
    }

    void getDerivatives(double[] into, int offset) {
        check.check(direct.getDerivatives(address, derivativeValues), names.getDerivatives());
        System.arraycopy(derivativeValues, 0, into, offset, derivativeValues.length);
    }

    void getEventIndicators(double[] into, int offset) {
        check.check(direct.getEventIndicators(address, indicatorValues), names.getEventIndicators());
        System.arraycopy(indicatorValues, 0, into, offset, indicatorValues.length);
    }

    /** Whether the FMU asks for an event (a step event), and whether it asks to end the simulation. */
    ModelExchangeCalls.StepEnd completedIntegratorStep() {
        stepFlags[0] = false;
        stepFlags[1] = false;
        check.check(direct.completedIntegratorStep(address, stepFlags), names.completedIntegratorStep());
        return ModelExchangeCalls.StepEnd.of(stepFlags[0], stepFlags[1]);
    }
}
