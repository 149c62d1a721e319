package org.btfmu.cosim;

/**
 * {@link ModelExchangeCalls} for an FMI 3.0 Model Exchange FMU, so that {@link
 * ModelExchangeMaster} drives it as an FMI 2.0 one (FMI 3.0 §3.2 keeps the FMI 2.0 sequence):
 * fmi3SetTime, fmi3Get/SetContinuousStates, fmi3GetContinuousStateDerivatives,
 * fmi3GetEventIndicators and fmi3CompletedIntegratorStep through {@link DirectModelExchangeCalls}
 * (our JNI library, else JNA's direct mapping: {@link FmiCallBindings}); fmi3EnterEventMode, fmi3UpdateDiscreteStates (as fmi2NewDiscreteStates)
 * and fmi3EnterContinuousTimeMode through {@link Fmi3Instance}.
 */
final class Fmi3ModelExchangeCalls implements ModelExchangeCalls {

    private final FmuInstance fmu;
    private final Fmi3Instance calls;
    private final DirectModelExchangeCalls direct;
    private final int states;
    private final int indicators;

    Fmi3ModelExchangeCalls(FmuInstance fmu) {
        this.fmu = fmu;
        this.calls = fmu.fmi3();
        this.states = calls.description().states();
        this.indicators = calls.description().indicators();
        try {
            this.direct = new DirectModelExchangeCalls(FmiCallBindings.fmi3ModelExchange(calls.nativeLibrary()),
                    calls.address(), DirectModelExchangeCalls.FMI3, calls::check, states, indicators);
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
        direct.setTime(time);
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
    public StepEnd completedIntegratorStep() {
        return direct.completedIntegratorStep();
    }

    @Override
    public void getContinuousStates(double[] into, int offset) {
        if (states > 0) {
            direct.getContinuousStates(into, offset);
        }
    }

    @Override
    public void setContinuousStates(double[] from, int offset) {
        if (states > 0) {
            direct.setContinuousStates(from, offset);
        }
    }

    @Override
    public void getDerivatives(double[] into, int offset) {
        if (states > 0) {
            direct.getDerivatives(into, offset);
        }
    }

    @Override
    public void getEventIndicators(double[] into, int offset) {
        if (indicators > 0) {
            direct.getEventIndicators(into, offset);
        }
    }
}
