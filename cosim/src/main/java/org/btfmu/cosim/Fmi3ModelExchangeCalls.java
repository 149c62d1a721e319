package org.btfmu.cosim;

/**
 * {@link ModelExchangeCalls} for an FMI 3.0 Model Exchange FMU, so that {@link
 * ModelExchangeMaster} drives it as an FMI 2.0 one (FMI 3.0 §3.2 keeps the FMI 2.0 sequence):
 * fmi3SetTime, fmi3Get/SetContinuousStates, fmi3GetContinuousStateDerivatives,
 * fmi3GetEventIndicators and fmi3CompletedIntegratorStep through JNA's direct mapping ({@link
 * DirectFmi3ModelExchange}); fmi3EnterEventMode, fmi3UpdateDiscreteStates (as fmi2NewDiscreteStates)
 * and fmi3EnterContinuousTimeMode through {@link Fmi3Instance}.
 */
final class Fmi3ModelExchangeCalls implements ModelExchangeCalls {

    private final FmuInstance fmu;
    private final Fmi3Instance calls;
    private final Fmi3ModelExchange direct;
    private final long address;
    private final int states;
    private final int indicators;
    private final double[] stateValues;
    private final double[] indicatorValues;
    private final byte[] enterEventMode = new byte[1];
    private final byte[] terminate = new byte[1];

    Fmi3ModelExchangeCalls(FmuInstance fmu) {
        this.fmu = fmu;
        this.calls = fmu.fmi3();
        this.states = calls.description().states();
        this.indicators = calls.description().indicators();
        this.stateValues = new double[states];
        this.indicatorValues = new double[indicators];
        this.address = calls.address();
        try {
            this.direct = DirectBinding.bindFmi3ModelExchange(calls.nativeLibrary());
        } catch (RuntimeException | LinkageError e) {
            throw new CoSimulationException("FMU '" + fmu.name() + "' (" + fmu.source().getFileName()
                    + "): cannot bind its FMI 3.0 Model Exchange functions: " + e);
        }
    }

    @Override
    public FmuInstance fmu() {
        return fmu;
    }

    @Override
    public int states() {
        return states;
    }

    @Override
    public int indicators() {
        return indicators;
    }

    /** As the FMU declares needsCompletedIntegratorStep (false when absent: FMI 3.0 §3.4, the XSD's default). */
    @Override
    public boolean completedStepNeeded() {
        return calls.description().modelExchange().needsCompletedIntegratorStep();
    }

    @Override
    public void setTime(double time) {
        calls.check(direct.setTime(address, time), "fmi3SetTime");
        fmu.moveTo(time);
    }

    @Override
    public void enterEventMode() {
        calls.enterEventMode();
    }

    @Override
    public EventInfo newDiscreteStates() {
        Fmi3Instance.Update update = calls.updateDiscreteStates();
        return new EventInfo(update.discreteStatesNeedUpdate(), update.terminateSimulation(),
                update.valuesOfContinuousStatesChanged(), update.nextEventTime());
    }

    @Override
    public void enterContinuousTimeMode() {
        calls.enterContinuousTimeMode();
    }

    @Override
    public boolean completedIntegratorStep() {
        enterEventMode[0] = 0;
        calls.check(direct.completedIntegratorStep(address, true, enterEventMode, terminate),
                "fmi3CompletedIntegratorStep");
        return enterEventMode[0] != 0;
    }

    @Override
    public void getContinuousStates(double[] into, int offset) {
        if (states > 0) {
            calls.check(direct.getContinuousStates(address, stateValues), "fmi3GetContinuousStates");
            System.arraycopy(stateValues, 0, into, offset, states);
        }
    }

    @Override
    public void setContinuousStates(double[] from, int offset) {
        if (states > 0) {
            System.arraycopy(from, offset, stateValues, 0, states);
            calls.check(direct.setContinuousStates(address, stateValues), "fmi3SetContinuousStates");
        }
    }

    @Override
    public void getDerivatives(double[] into, int offset) {
        if (states > 0) {
            calls.check(direct.getContinuousStateDerivatives(address, stateValues),
                    "fmi3GetContinuousStateDerivatives");
            System.arraycopy(stateValues, 0, into, offset, states);
        }
    }

    @Override
    public void getEventIndicators(double[] into, int offset) {
        if (indicators > 0) {
            calls.check(direct.getEventIndicators(address, indicatorValues), "fmi3GetEventIndicators");
            System.arraycopy(indicatorValues, 0, into, offset, indicators);
        }
    }
}
