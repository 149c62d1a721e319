package org.btfmu.cosim;

/**
 * The Model Exchange functions called at every integrator step, on one instance: through our JNI
 * library ({@link JniFmi2ModelExchange}, {@link JniFmi3ModelExchange}) or, where it does not load,
 * JNA's direct mapping: FMI 2.0 in {@link DirectFmi2ModelExchange}, FMI 3.0 in {@link
 * DirectFmi3ModelExchange} (a direct-mapped class names the C functions by its method names, so
 * each version has its own; the rare calls, at events, stay on JNA's generic path). Public
 * because each JNA binding is a copy of its class in a class loader of its own ({@link DirectBinding}).
 */
public interface DirectModelExchange {

    int setTime(long instance, double time);

    int setContinuousStates(long instance, double[] states);

    int getContinuousStates(long instance, double[] states);

    /** fmi2GetDerivatives, fmi3GetContinuousStateDerivatives. */
    int getDerivatives(long instance, double[] derivatives);

    int getEventIndicators(long instance, double[] indicators);

    /**
     * completedIntegratorStep with noSetFMUStatePriorToCurrentPoint = true; {@code flags[0]}
     * receives enterEventMode (whether the FMU asks for an event), {@code flags[1]}
     * terminateSimulation (each version's Boolean converted).
     */
    int completedIntegratorStep(long instance, boolean[] flags);
}
