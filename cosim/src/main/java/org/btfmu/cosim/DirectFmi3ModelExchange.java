package org.btfmu.cosim;

/** {@link DirectModelExchange} for FMI 3.0; copied per FMU library as {@link DirectFmi2} is. */
final class DirectFmi3ModelExchange implements DirectModelExchange {

    private static native int fmi3SetTime(long c, double time);

    private static native int fmi3SetContinuousStates(long c, double[] x, long nx);

    private static native int fmi3GetContinuousStates(long c, double[] x, long nx);

    private static native int fmi3GetContinuousStateDerivatives(long c, double[] derivatives, long nx);

    private static native int fmi3GetEventIndicators(long c, double[] indicators, long ni);

    private static native int fmi3CompletedIntegratorStep(long c, byte noSetPrior, byte[] enterEventMode,
            byte[] terminateSimulation);

    /** fmi3Boolean outputs: single bytes. */
    private final byte[] enterEventMode = new byte[1];
    private final byte[] terminate = new byte[1];

    @Override
    public int setTime(long instance, double time) {
        return fmi3SetTime(instance, time);
    }

    @Override
    public int setContinuousStates(long instance, double[] states) {
        return fmi3SetContinuousStates(instance, states, states.length);
    }

    @Override
    public int getContinuousStates(long instance, double[] states) {
        return fmi3GetContinuousStates(instance, states, states.length);
    }

    @Override
    public int getDerivatives(long instance, double[] derivatives) {
        return fmi3GetContinuousStateDerivatives(instance, derivatives, derivatives.length);
    }

    @Override
    public int getEventIndicators(long instance, double[] indicators) {
        return fmi3GetEventIndicators(instance, indicators, indicators.length);
    }

    @Override
    public int completedIntegratorStep(long instance, boolean[] flags) {
        enterEventMode[0] = 0;
        terminate[0] = 0;
        int status = fmi3CompletedIntegratorStep(instance, (byte) 1, enterEventMode, terminate);
        flags[0] = enterEventMode[0] != 0;
        flags[1] = terminate[0] != 0;
        return status;
    }
}
