package org.btfmu.cosim;

import com.sun.jna.NativeLibrary;

/** fmi3DoStep through our JNI library, for any FMU library (see {@link JniFmi2Calls}). */
final class JniFmi3Step implements Fmi3Step {

    private final NativeLibrary library; // keeps the address below valid
    private final long doStep;

    JniFmi3Step(NativeLibrary library) {
        this.library = library;
        this.doStep = JniFmi2Calls.address(library, "fmi3DoStep");
    }

    private static native int doStep(long function, long instance, double currentCommunicationPoint, double step,
            boolean noSetPrior, byte[] flags, double[] lastSuccessfulTime);

    @Override
    public int doStep(long instance, double currentCommunicationPoint, double step, boolean noSetFMUStatePrior,
            byte[] flags, double[] lastSuccessfulTime) {
        if (flags.length < 3 || lastSuccessfulTime.length < 1) {
            throw new IllegalArgumentException("fmi3DoStep: room for 3 flags and a time needed");
        }
        return doStep(doStep, instance, currentCommunicationPoint, step, noSetFMUStatePrior, flags,
                lastSuccessfulTime);
    }
}
