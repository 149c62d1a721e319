package org.btfmu.cosim;

/**
 * The FMI 3.0 functions a Co-Simulation master calls at every step, on one instance
 * ({@code instance} is the fmi3Instance as an address); each returns the fmi3Status.
 * fmi3Boolean is a C {@code bool}: one byte, 0 false. Public for the same reason as
 * {@link Fmi2Calls}; {@link DirectFmi3} binds them with JNA's direct mapping.
 */
public interface Fmi3Calls {

    int getFloat64(long instance, int[] vr, double[] values);

    int setFloat64(long instance, int[] vr, double[] values);

    int getInt32(long instance, int[] vr, int[] values);

    int setInt32(long instance, int[] vr, int[] values);

    /** Also the Enumerations (FMI 3.0 §2.2.2: they are read and written as Int64). */
    int getInt64(long instance, int[] vr, long[] values);

    int setInt64(long instance, int[] vr, long[] values);

    int getBoolean(long instance, int[] vr, byte[] values);

    int setBoolean(long instance, int[] vr, byte[] values);

    /**
     * fmi3DoStep; {@code flags} receives eventHandlingNeeded, terminateSimulation and
     * earlyReturn (bytes 0, 1, 2), {@code lastSuccessfulTime[0]} the time reached.
     */
    int doStep(long instance, double currentCommunicationPoint, double step, boolean noSetFMUStatePrior,
            byte[] flags, double[] lastSuccessfulTime);
}
