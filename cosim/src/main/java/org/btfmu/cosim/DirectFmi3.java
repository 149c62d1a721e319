package org.btfmu.cosim;

/**
 * {@link Fmi3Calls} through JNA's direct mapping (static natives with primitive arguments);
 * copied per FMU library by {@link DirectBinding}, as {@link DirectFmi2} is. The value
 * arrays' length is passed as both nValueReferences and nValues: the master moves scalars only.
 */
final class DirectFmi3 implements Fmi3Calls {

    private static native int fmi3GetFloat64(long c, int[] vr, long nvr, double[] v, long nv);

    private static native int fmi3SetFloat64(long c, int[] vr, long nvr, double[] v, long nv);

    private static native int fmi3GetInt32(long c, int[] vr, long nvr, int[] v, long nv);

    private static native int fmi3SetInt32(long c, int[] vr, long nvr, int[] v, long nv);

    private static native int fmi3GetInt64(long c, int[] vr, long nvr, long[] v, long nv);

    private static native int fmi3SetInt64(long c, int[] vr, long nvr, long[] v, long nv);

    private static native int fmi3GetBoolean(long c, int[] vr, long nvr, byte[] v, long nv);

    private static native int fmi3SetBoolean(long c, int[] vr, long nvr, byte[] v, long nv);

    @Override
    public int getFloat64(long instance, int[] vr, double[] values) {
        return fmi3GetFloat64(instance, vr, vr.length, values, values.length);
    }

    @Override
    public int setFloat64(long instance, int[] vr, double[] values) {
        return fmi3SetFloat64(instance, vr, vr.length, values, values.length);
    }

    @Override
    public int getInt32(long instance, int[] vr, int[] values) {
        return fmi3GetInt32(instance, vr, vr.length, values, values.length);
    }

    @Override
    public int setInt32(long instance, int[] vr, int[] values) {
        return fmi3SetInt32(instance, vr, vr.length, values, values.length);
    }

    @Override
    public int getInt64(long instance, int[] vr, long[] values) {
        return fmi3GetInt64(instance, vr, vr.length, values, values.length);
    }

    @Override
    public int setInt64(long instance, int[] vr, long[] values) {
        return fmi3SetInt64(instance, vr, vr.length, values, values.length);
    }

    @Override
    public int getBoolean(long instance, int[] vr, byte[] values) {
        return fmi3GetBoolean(instance, vr, vr.length, values, values.length);
    }

    @Override
    public int setBoolean(long instance, int[] vr, byte[] values) {
        return fmi3SetBoolean(instance, vr, vr.length, values, values.length);
    }
}
