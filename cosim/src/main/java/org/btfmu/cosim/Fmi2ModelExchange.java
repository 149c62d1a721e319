package org.btfmu.cosim;

/**
 * The Model Exchange functions called at every integrator step, on one instance (the rare
 * ones, at events, stay on JNA's generic path in {@link Fmi2ModelExchangeCalls}). Public for the
 * same reason as {@link Fmi2Calls}.
 */
public interface Fmi2ModelExchange {

    int setTime(long component, double time);

    int setContinuousStates(long component, double[] states);

    int getContinuousStates(long component, double[] states);

    int getDerivatives(long component, double[] derivatives);

    int getEventIndicators(long component, double[] indicators);

    /** {@code flags[0]}: enterEventMode, {@code flags[1]}: terminateSimulation (fmi2Boolean). */
    int completedIntegratorStep(long component, boolean noSetStatePrior, int[] enterEventMode, int[] terminate);
}
