package org.btfmu.cosim;

import com.sun.jna.NativeLibrary;

/** fmi2DoStep through our JNI library, for any FMU library (see {@link JniFmi2Calls}). */
final class JniFmi2Step implements Fmi2Step {

    private final NativeLibrary library; // keeps the address below valid
    private final long doStep;

    JniFmi2Step(NativeLibrary library) {
        this.library = library;
        this.doStep = JniFmi2Calls.address(library, "fmi2DoStep");
    }

    private static native int doStep(long function, long component, double currentCommunicationPoint, double step,
            boolean noSetPrior);

    @Override
    public int doStep(long component, double currentCommunicationPoint, double step, boolean noSetStatePrior) {
        return doStep(doStep, component, currentCommunicationPoint, step, noSetStatePrior);
    }
}
