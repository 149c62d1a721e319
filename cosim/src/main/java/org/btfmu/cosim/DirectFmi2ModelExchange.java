package org.btfmu.cosim;

/** {@link DirectModelExchange} for FMI 2.0; copied per FMU library as {@link DirectFmi2} is. */
final class DirectFmi2ModelExchange implements DirectModelExchange {

    private static native int fmi2SetTime(long c, double time);

    private static native int fmi2SetContinuousStates(long c, double[] x, long nx);

    private static native int fmi2GetContinuousStates(long c, double[] x, long nx);

    private static native int fmi2GetDerivatives(long c, double[] derivatives, long nx);

    private static native int fmi2GetEventIndicators(long c, double[] indicators, long ni);

    private static native int fmi2CompletedIntegratorStep(long c, int noSetPrior, int[] enterEventMode,
            int[] terminateSimulation);

    /** fmi2Boolean outputs: C ints. */
    private final int[] enterEventMode = new int[1];
    private final int[] terminate = new int[1];

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
    public int completedIntegratorStep(long component, boolean[] flags) {
        enterEventMode[0] = 0;
        terminate[0] = 0;
        int status = fmi2CompletedIntegratorStep(component, 1, enterEventMode, terminate);
        flags[0] = enterEventMode[0] != 0;
        flags[1] = terminate[0] != 0;
        return status;
    }
}
