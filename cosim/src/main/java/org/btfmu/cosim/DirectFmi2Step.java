package org.btfmu.cosim;

/** fmi2DoStep through JNA's direct mapping; copied per FMU library as {@link DirectFmi2} is. */
final class DirectFmi2Step implements Fmi2Step {

    private static native int fmi2DoStep(long c, double currentCommunicationPoint, double step, int noSetPrior);

    @Override
    public int doStep(long component, double currentCommunicationPoint, double step, boolean noSetStatePrior) {
        return fmi2DoStep(component, currentCommunicationPoint, step, noSetStatePrior ? 1 : 0);
    }
}
