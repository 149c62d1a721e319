package org.btfmu.cosim;

import com.sun.jna.NativeLibrary;

/**
 * {@link Fmi3Calls} through our JNI library, for any FMU library (see {@link JniFmi2Calls}). The
 * count passed is both nValueReferences and nValues: the master moves scalars only.
 */
final class JniFmi3Calls implements Fmi3Calls {

    private final NativeLibrary library; // keeps the addresses below valid
    private final long getFloat64;
    private final long setFloat64;
    private final long getInt32;
    private final long setInt32;
    private final long getInt64;
    private final long setInt64;
    private final long getBoolean;
    private final long setBoolean;

    JniFmi3Calls(NativeLibrary library) {
        this.library = library;
        this.getFloat64 = JniFmi2Calls.address(library, "fmi3GetFloat64");
        this.setFloat64 = JniFmi2Calls.address(library, "fmi3SetFloat64");
        this.getInt32 = JniFmi2Calls.address(library, "fmi3GetInt32");
        this.setInt32 = JniFmi2Calls.address(library, "fmi3SetInt32");
        this.getInt64 = JniFmi2Calls.address(library, "fmi3GetInt64");
        this.setInt64 = JniFmi2Calls.address(library, "fmi3SetInt64");
        this.getBoolean = JniFmi2Calls.address(library, "fmi3GetBoolean");
        this.setBoolean = JniFmi2Calls.address(library, "fmi3SetBoolean");
    }

    private static native int getFloat64(long function, long instance, int[] vr, int n, double[] values);

    private static native int setFloat64(long function, long instance, int[] vr, int n, double[] values);

    private static native int getInt32(long function, long instance, int[] vr, int n, int[] values);

    private static native int setInt32(long function, long instance, int[] vr, int n, int[] values);

    private static native int getInt64(long function, long instance, int[] vr, int n, long[] values);

    private static native int setInt64(long function, long instance, int[] vr, int n, long[] values);

    /** fmi3Boolean is a one-byte C bool. */
    private static native int getBoolean(long function, long instance, int[] vr, int n, byte[] values);

    private static native int setBoolean(long function, long instance, int[] vr, int n, byte[] values);

    @Override
    public int getFloat64(long instance, int[] vr, double[] values) {
        return getFloat64(getFloat64, instance, vr, JniFmi2Calls.count(vr, values.length), values);
    }

    @Override
    public int setFloat64(long instance, int[] vr, double[] values) {
        return setFloat64(setFloat64, instance, vr, JniFmi2Calls.count(vr, values.length), values);
    }

    @Override
    public int getInt32(long instance, int[] vr, int[] values) {
        return getInt32(getInt32, instance, vr, JniFmi2Calls.count(vr, values.length), values);
    }

    @Override
    public int setInt32(long instance, int[] vr, int[] values) {
        return setInt32(setInt32, instance, vr, JniFmi2Calls.count(vr, values.length), values);
    }

    @Override
    public int getInt64(long instance, int[] vr, long[] values) {
        return getInt64(getInt64, instance, vr, JniFmi2Calls.count(vr, values.length), values);
    }

    @Override
    public int setInt64(long instance, int[] vr, long[] values) {
        return setInt64(setInt64, instance, vr, JniFmi2Calls.count(vr, values.length), values);
    }

    @Override
    public int getBoolean(long instance, int[] vr, byte[] values) {
        return getBoolean(getBoolean, instance, vr, JniFmi2Calls.count(vr, values.length), values);
    }

    @Override
    public int setBoolean(long instance, int[] vr, byte[] values) {
        return setBoolean(setBoolean, instance, vr, JniFmi2Calls.count(vr, values.length), values);
    }
}
