package org.btfmu.cosim;

/**
 * fmi3DoStep of one Co-Simulation FMU, apart from {@link Fmi3Calls} as {@link Fmi2Step} is: a
 * Model Exchange only FMU need not export it. Public for the same reason as {@link Fmi2Calls}.
 */
public interface Fmi3Step {

    /**
     * {@code flags} receives eventHandlingNeeded, terminateSimulation and earlyReturn (bytes 0,
     * 1, 2), {@code lastSuccessfulTime[0]} the time reached.
     */
    int doStep(long instance, double currentCommunicationPoint, double step, boolean noSetFMUStatePrior,
            byte[] flags, double[] lastSuccessfulTime);
}
