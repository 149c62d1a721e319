package org.btfmu.cosim;

/** {@link Fmi2ModelExchange} through JNA's direct mapping; copied per FMU library as {@link DirectFmi2} is. */
final class DirectFmi2ModelExchange implements Fmi2ModelExchange {

    private static native int fmi2SetTime(long c, double time);

    private static native int fmi2SetContinuousStates(long c, double[] x, long nx);

    private static native int fmi2GetContinuousStates(long c, double[] x, long nx);

    private static native int fmi2GetDerivatives(long c, double[] derivatives, long nx);

    private static native int fmi2GetEventIndicators(long c, double[] indicators, long ni);

    private static native int fmi2CompletedIntegratorStep(long c, int noSetPrior, int[] enterEventMode,
            int[] terminateSimulation);

    @Override
    public int setTime(long component, double time) {
        return fmi2SetTime(component, time);
    }

    @Override
    public int setContinuousStates(long component, double[] states) {
        return fmi2SetContinuousStates(component, states, states.length);
    }

    @Override
    public int getContinuousStates(long component, double[] states) {
        return fmi2GetContinuousStates(component, states, states.length);
    }

    @Override
    public int getDerivatives(long component, double[] derivatives) {
        return fmi2GetDerivatives(component, derivatives, derivatives.length);
    }

    @Override
    public int getEventIndicators(long component, double[] indicators) {
        return fmi2GetEventIndicators(component, indicators, indicators.length);
    }

    @Override
    public int completedIntegratorStep(long component, boolean noSetStatePrior, int[] enterEventMode,
            int[] terminate) {
        return fmi2CompletedIntegratorStep(component, noSetStatePrior ? 1 : 0, enterEventMode, terminate);
    }
}
