package org.btfmu.cosim;

/**
 * The FMI 3.0 Model Exchange functions called at every integrator step, on one instance, as
 * {@link Fmi2ModelExchange} for FMI 2.0 (a Co-Simulation-only FMU need not export them, so they
 * are bound apart from {@link Fmi3Calls}). fmi3Boolean outputs are single bytes.
 */
public interface Fmi3ModelExchange {

    int setTime(long instance, double time);

    int setContinuousStates(long instance, double[] states);

    int getContinuousStates(long instance, double[] states);

    int getContinuousStateDerivatives(long instance, double[] derivatives);

    int getEventIndicators(long instance, double[] indicators);

    int completedIntegratorStep(long instance, boolean noSetFMUStatePrior, byte[] enterEventMode,
            byte[] terminateSimulation);
}
