package org.btfmu.cosim;

/**
 * The FMI 3.0 get/set functions a master calls at every step (fmi3DoStep: {@link Fmi3Step}), on one instance
 * ({@code instance} is the fmi3Instance as an address); each returns the fmi3Status.
 * fmi3Boolean is a C {@code bool}: one byte, 0 false. Public for the same reason as
 * {@link Fmi2Calls}; {@link JniFmi3Calls} implements them through our JNI library, {@link DirectFmi3}
 * with JNA's direct mapping.
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
}
