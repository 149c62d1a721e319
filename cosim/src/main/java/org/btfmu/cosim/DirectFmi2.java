package org.btfmu.cosim;

/**
 * The per-step FMI 2.0 get/set functions through JNA's direct mapping: static native methods
 * with primitive arguments only, which JNA registers as JNI natives, so a call costs
 * about a JNI call instead of JNA's generic {@code Function.invoke(Object[])}.
 *
 * <p>Direct mapping binds a class to one library, and every FMU has its own: {@link
 * DirectBinding} defines a fresh copy of this class per FMU library and registers it.
 * The class is never used through its own name.
 */
final class DirectFmi2 implements Fmi2Calls {

    private static native int fmi2GetReal(long c, int[] vr, long nvr, double[] value);

    private static native int fmi2GetInteger(long c, int[] vr, long nvr, int[] value);

    private static native int fmi2GetBoolean(long c, int[] vr, long nvr, int[] value);

    private static native int fmi2SetReal(long c, int[] vr, long nvr, double[] value);

    private static native int fmi2SetInteger(long c, int[] vr, long nvr, int[] value);

    private static native int fmi2SetBoolean(long c, int[] vr, long nvr, int[] value);

    @Override
    public int getReal(long component, int[] vr, double[] values) {
        return fmi2GetReal(component, vr, vr.length, values);
    }

    @Override
    public int getInteger(long component, int[] vr, int[] values) {
        return fmi2GetInteger(component, vr, vr.length, values);
    }

    @Override
    public int getBoolean(long component, int[] vr, int[] values) {
        return fmi2GetBoolean(component, vr, vr.length, values);
    }

    @Override
    public int setReal(long component, int[] vr, double[] values) {
        return fmi2SetReal(component, vr, vr.length, values);
    }

    @Override
    public int setInteger(long component, int[] vr, int[] values) {
        return fmi2SetInteger(component, vr, vr.length, values);
    }

    @Override
    public int setBoolean(long component, int[] vr, int[] values) {
        return fmi2SetBoolean(component, vr, vr.length, values);
    }
}
