package org.btfmu.cosim;

/**
 * fmi2DoStep of one Co-Simulation FMU, apart from {@link Fmi2Calls}: a Model Exchange
 * only FMU need not export it, and a direct binding needs every function it declares.
 * Public for the same reason as {@link Fmi2Calls}.
 */
public interface Fmi2Step {

    int doStep(long component, double currentCommunicationPoint, double step, boolean noSetStatePrior);
}
