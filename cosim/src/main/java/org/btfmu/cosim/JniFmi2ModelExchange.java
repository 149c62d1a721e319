package org.btfmu.cosim;

import com.sun.jna.NativeLibrary;

/** {@link DirectModelExchange} for FMI 2.0 through our JNI library, for any FMU library (see {@link JniFmi2Calls}). */
final class JniFmi2ModelExchange implements DirectModelExchange {

    private final NativeLibrary library; // keeps the addresses below valid
    private final long setTime;
    private final long setContinuousStates;
    private final long getContinuousStates;
    private final long getDerivatives;
    private final long getEventIndicators;
    private final long completedIntegratorStep;

    JniFmi2ModelExchange(NativeLibrary library) {
        this.library = library;
        this.setTime = JniFmi2Calls.address(library, "fmi2SetTime");
        this.setContinuousStates = JniFmi2Calls.address(library, "fmi2SetContinuousStates");
        this.getContinuousStates = JniFmi2Calls.address(library, "fmi2GetContinuousStates");
        this.getDerivatives = JniFmi2Calls.address(library, "fmi2GetDerivatives");
        this.getEventIndicators = JniFmi2Calls.address(library, "fmi2GetEventIndicators");
        this.completedIntegratorStep = JniFmi2Calls.address(library, "fmi2CompletedIntegratorStep");
    }

    private static native int setTime(long function, long component, double time);

    /** fmi2SetContinuousStates: (component, const fmi2Real[], size_t). */
    private static native int setVector(long function, long component, double[] values, int n);

    /** fmi2GetContinuousStates, fmi2GetDerivatives, fmi2GetEventIndicators: (component, fmi2Real[], size_t). */
    private static native int getVector(long function, long component, double[] values, int n);

    /** With noSetFMUStatePriorToCurrentPoint = true; flags[0] enterEventMode, flags[1] terminateSimulation. */
    private static native int completedIntegratorStep(long function, long component, boolean[] flags);

    @Override
    public int setTime(long component, double time) {
        return setTime(setTime, component, time);
    }

    @Override
    public int setContinuousStates(long component, double[] states) {
        return setVector(setContinuousStates, component, states, states.length);
    }

    @Override
    public int getContinuousStates(long component, double[] states) {
        return getVector(getContinuousStates, component, states, states.length);
    }

    @Override
    public int getDerivatives(long component, double[] derivatives) {
        return getVector(getDerivatives, component, derivatives, derivatives.length);
    }

    @Override
    public int getEventIndicators(long component, double[] indicators) {
        return getVector(getEventIndicators, component, indicators, indicators.length);
    }

    @Override
    public int completedIntegratorStep(long component, boolean[] flags) {
        if (flags.length < 2) {
            throw new IllegalArgumentException("completedIntegratorStep: room for 2 flags needed, not " + flags.length);
        }
        return completedIntegratorStep(completedIntegratorStep, component, flags);
    }
}
