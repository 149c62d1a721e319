package org.btfmu.checker;

import com.sun.jna.Pointer;

/**
 * The calls of one Model Exchange instance that FMI 2.0 ({@link Component}) and FMI 3.0
 * ({@link Instance3}) make alike, each reporting its own failure as a finding and returning
 * false or null, so that {@link ModelExchangeRun} drives either version.
 */
interface ModelExchangeInstance {

    /** Where findings about this instance point: the context and the current mode. */
    String where();

    /** The mode the instance is in now, for the findings. */
    void mode(String mode);

    boolean enterEventMode();

    boolean enterContinuousTimeMode();

    boolean setTime(double time);

    boolean setContinuousStates(double[] x);

    /** {enterEventMode, terminateSimulation}; null after a finding. */
    boolean[] completedIntegratorStep();

    Pointer getState();

    boolean setState(Pointer state);

    boolean freeState(Pointer state);

    /** Serializes and deserializes {@code state}: the copy, or null after a finding. */
    Pointer roundTrip(Pointer state);

    boolean terminate();
}
