package org.btfmu.cosim;

import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;

/**
 * {@link Fmi2Calls} through our JNI library ({@link JniFmiLibrary}): static natives that take the
 * C function's address, so this one class serves every FMU library (JNA's direct mapping needs a
 * class copy per library, {@link DirectBinding}). The addresses are resolved once per binding.
 *
 * <p>The lengths are checked here, so the C side copies exactly what the arrays hold. A null
 * array is a NullPointerException (JNA's binding passed NULL on to the FMU); the master never
 * passes one.
 */
final class JniFmi2Calls implements Fmi2Calls {

    /** Held so that the library, and with it the addresses below, stay loaded. */
    private final NativeLibrary library;
    private final long getReal;
    private final long getInteger;
    private final long getBoolean;
    private final long setReal;
    private final long setInteger;
    private final long setBoolean;

    /** Throws UnsatisfiedLinkError when {@code library} lacks one of the functions. */
    JniFmi2Calls(NativeLibrary library) {
        this.library = library;
        this.getReal = address(library, "fmi2GetReal");
        this.getInteger = address(library, "fmi2GetInteger");
        this.getBoolean = address(library, "fmi2GetBoolean");
        this.setReal = address(library, "fmi2SetReal");
        this.setInteger = address(library, "fmi2SetInteger");
        this.setBoolean = address(library, "fmi2SetBoolean");
    }

    static long address(NativeLibrary library, String function) {
        return Pointer.nativeValue(library.getFunction(function));
    }

    /** The count of values a call moves: every value reference, each with its value. */
    static int count(int[] vr, int values) {
        if (values < vr.length) {
            throw new IllegalArgumentException(vr.length + " value references but room for " + values + " values");
        }
        return vr.length;
    }

    private static native int getReal(long function, long component, int[] vr, int n, double[] values);

    private static native int setReal(long function, long component, int[] vr, int n, double[] values);

    /** fmi2GetInteger and fmi2GetBoolean: both move C ints. */
    private static native int getInts(long function, long component, int[] vr, int n, int[] values);

    private static native int setInts(long function, long component, int[] vr, int n, int[] values);

    @Override
    public int getReal(long component, int[] vr, double[] values) {
        return getReal(getReal, component, vr, count(vr, values.length), values);
    }

    @Override
    public int getInteger(long component, int[] vr, int[] values) {
        return getInts(getInteger, component, vr, count(vr, values.length), values);
    }

    @Override
    public int getBoolean(long component, int[] vr, int[] values) {
        return getInts(getBoolean, component, vr, count(vr, values.length), values);
    }

    @Override
    public int setReal(long component, int[] vr, double[] values) {
        return setReal(setReal, component, vr, count(vr, values.length), values);
    }

    @Override
    public int setInteger(long component, int[] vr, int[] values) {
        return setInts(setInteger, component, vr, count(vr, values.length), values);
    }

    @Override
    public int setBoolean(long component, int[] vr, int[] values) {
        return setInts(setBoolean, component, vr, count(vr, values.length), values);
    }
}
