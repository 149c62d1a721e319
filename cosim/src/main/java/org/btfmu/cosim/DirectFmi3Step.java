package org.btfmu.cosim;

/** fmi3DoStep through JNA's direct mapping; copied per FMU library as {@link DirectFmi2} is. */
final class DirectFmi3Step implements Fmi3Step {

    private static native int fmi3DoStep(long c, double currentCommunicationPoint, double step, byte noSetPrior,
            byte[] eventHandlingNeeded, byte[] terminateSimulation, byte[] earlyReturn, double[] lastSuccessfulTime);

    private final byte[] eventHandlingNeeded = new byte[1];
    private final byte[] terminate = new byte[1];
    private final byte[] earlyReturn = new byte[1];

    @Override
    public int doStep(long instance, double currentCommunicationPoint, double step, boolean noSetFMUStatePrior,
            byte[] flags, double[] lastSuccessfulTime) {
        int status = fmi3DoStep(instance, currentCommunicationPoint, step, (byte) (noSetFMUStatePrior ? 1 : 0),
                eventHandlingNeeded, terminate, earlyReturn, lastSuccessfulTime);
        flags[0] = eventHandlingNeeded[0];
        flags[1] = terminate[0];
        flags[2] = earlyReturn[0];
        return status;
    }
}
