package org.btfmu.cosim;

/** {@link Fmi3ModelExchange} through JNA's direct mapping; copied per FMU library as {@link DirectFmi2} is. */
final class DirectFmi3ModelExchange implements Fmi3ModelExchange {

    private static native int fmi3SetTime(long c, double time);

    private static native int fmi3SetContinuousStates(long c, double[] x, long nx);

    private static native int fmi3GetContinuousStates(long c, double[] x, long nx);

    private static native int fmi3GetContinuousStateDerivatives(long c, double[] derivatives, long nx);

    private static native int fmi3GetEventIndicators(long c, double[] indicators, long ni);

    private static native int fmi3CompletedIntegratorStep(long c, byte noSetPrior, byte[] enterEventMode,
            byte[] terminateSimulation);

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
    public int getContinuousStateDerivatives(long instance, double[] derivatives) {
        return fmi3GetContinuousStateDerivatives(instance, derivatives, derivatives.length);
    }

    @Override
    public int getEventIndicators(long instance, double[] indicators) {
        return fmi3GetEventIndicators(instance, indicators, indicators.length);
    }

    @Override
    public int completedIntegratorStep(long instance, boolean noSetFMUStatePrior, byte[] enterEventMode,
            byte[] terminateSimulation) {
        return fmi3CompletedIntegratorStep(instance, (byte) (noSetFMUStatePrior ? 1 : 0), enterEventMode,
                terminateSimulation);
    }
}
