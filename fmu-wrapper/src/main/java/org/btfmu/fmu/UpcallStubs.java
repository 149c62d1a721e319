package org.btfmu.fmu;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.lang.reflect.Method;

/**
 * FFM up-call stubs for the per-step entry methods of {@link FmiEntry}, where the JVM has the
 * Foreign Function and Memory API (Java 22+): the shim calls a stub's address like a C function
 * instead of JNI's {@code CallStaticIntMethod}, which measured several times dearer per call
 * (BENCHMARKS.md "FFM up-calls against JNI"). On Java 17 to 21 the table stays empty and every
 * call goes through JNI. The runtime is compiled for Java 17, so the API is reached by
 * reflection, once per runtime.
 *
 * <p>The stubs return the fmi2Status alone (the entry methods' {@link FmiEntry#RETURNED} is
 * for JNI's calls). An exception escaping an up-call stub ends the process, so each stub calls a guard below
 * that returns fmi2Error for any Throwable the entry method's own handler lets through (a
 * plain method: a {@code MethodHandles.catchException} combinator measured 13 % of the FMU's
 * samples in OMSimulator, where these inline into the entry methods).
 */
final class UpcallStubs {

    /** System property: {@code jni} keeps every call on JNI (for measurements). */
    static final String PROPERTY = "btfmu.upcalls";

    /** In the order of the shim's enum Upcall (native/src/main/c/shim.h). */
    private static final String[] METHODS = {"doStep", "getReal", "getInteger", "getBoolean",
        "setReal", "setInteger", "setBoolean"};

    private UpcallStubs() {
    }

    static int doStep(long c, double t, double h, boolean noSetFMUStatePriorToCurrentPoint) {
        try {
            return FmiEntry.doStep(c, t, h, noSetFMUStatePriorToCurrentPoint) & FmiEntry.STATUS;
        } catch (Throwable e) {
            return ImporterLog.ERROR;
        }
    }

    static int getReal(long c, long vr, long nvr, long value) {
        try {
            return FmiEntry.getReal(c, vr, nvr, value) & FmiEntry.STATUS;
        } catch (Throwable e) {
            return ImporterLog.ERROR;
        }
    }

    static int getInteger(long c, long vr, long nvr, long value) {
        try {
            return FmiEntry.getInteger(c, vr, nvr, value) & FmiEntry.STATUS;
        } catch (Throwable e) {
            return ImporterLog.ERROR;
        }
    }

    static int getBoolean(long c, long vr, long nvr, long value) {
        try {
            return FmiEntry.getBoolean(c, vr, nvr, value) & FmiEntry.STATUS;
        } catch (Throwable e) {
            return ImporterLog.ERROR;
        }
    }

    static int setReal(long c, long vr, long nvr, long value) {
        try {
            return FmiEntry.setReal(c, vr, nvr, value) & FmiEntry.STATUS;
        } catch (Throwable e) {
            return ImporterLog.ERROR;
        }
    }

    static int setInteger(long c, long vr, long nvr, long value) {
        try {
            return FmiEntry.setInteger(c, vr, nvr, value) & FmiEntry.STATUS;
        } catch (Throwable e) {
            return ImporterLog.ERROR;
        }
    }

    static int setBoolean(long c, long vr, long nvr, long value) {
        try {
            return FmiEntry.setBoolean(c, vr, nvr, value) & FmiEntry.STATUS;
        } catch (Throwable e) {
            return ImporterLog.ERROR;
        }
    }

    /** Writes the stubs' addresses into the shim's table of {@code METHODS.length} longs, or nothing. */
    static void fill(long table) {
        long[] addresses = stubs();
        if (addresses == null) {
            return;
        }
        for (int i = 0; i < METHODS.length; i++) {
            NativeMemory.putLong(table + 8L * i, addresses[i]);
        }
    }

    /**
     * The stubs' addresses in the order of the shim's table, or null where there are none
     * (Java 17-21, the property set to jni, or the FFM API failing). Also what the class-data
     * archive's warm-up runs, so that the FFM classes it loads are in the archive.
     */
    static long[] stubs() {
        if (Runtime.version().feature() < 22 || "jni".equals(System.getProperty(PROPERTY))) {
            return null;
        }
        long[] addresses = new long[METHODS.length];
        try {
            Foreign foreign = new Foreign();
            for (int i = 0; i < METHODS.length; i++) {
                addresses[i] = foreign.stub(METHODS[i], i == 0);
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null; // no stubs: JNI as on Java 17
        }
        return addresses;
    }

    /** The parts of java.lang.foreign used here, looked up by reflection. */
    private static final class Foreign {
        private final Object linker;
        private final Object arena;
        private final Method upcallStub;
        private final Method address;
        private final Object noOptions;
        private final Object stepDescriptor;
        private final Object valuesDescriptor;

        Foreign() throws ReflectiveOperationException {
            Class<?> linkerType = Class.forName("java.lang.foreign.Linker");
            Class<?> layout = Class.forName("java.lang.foreign.MemoryLayout");
            Class<?> values = Class.forName("java.lang.foreign.ValueLayout");
            Class<?> descriptor = Class.forName("java.lang.foreign.FunctionDescriptor");
            Class<?> arenaType = Class.forName("java.lang.foreign.Arena");
            Class<?> option = Class.forName("java.lang.foreign.Linker$Option");
            linker = linkerType.getMethod("nativeLinker").invoke(null);
            arena = arenaType.getMethod("global").invoke(null);
            upcallStub = linkerType.getMethod("upcallStub", MethodHandle.class, descriptor, arenaType,
                    option.arrayType());
            address = Class.forName("java.lang.foreign.MemorySegment").getMethod("address");
            noOptions = Array.newInstance(option, 0);
            Object jint = values.getField("JAVA_INT").get(null);
            Object jlong = values.getField("JAVA_LONG").get(null);
            Object jdouble = values.getField("JAVA_DOUBLE").get(null);
            Object jboolean = values.getField("JAVA_BOOLEAN").get(null);
            Method of = descriptor.getMethod("of", layout, layout.arrayType());
            stepDescriptor = of.invoke(null, jint, layouts(layout, jlong, jdouble, jdouble, jboolean));
            valuesDescriptor = of.invoke(null, jint, layouts(layout, jlong, jlong, jlong, jlong));
        }

        private static Object layouts(Class<?> layout, Object... elements) {
            Object array = Array.newInstance(layout, elements.length);
            for (int i = 0; i < elements.length; i++) {
                Array.set(array, i, elements[i]);
            }
            return array;
        }

        long stub(String name, boolean doStep) throws ReflectiveOperationException {
            MethodType type = doStep
                    ? MethodType.methodType(int.class, long.class, double.class, double.class, boolean.class)
                    : MethodType.methodType(int.class, long.class, long.class, long.class, long.class);
            MethodHandle guarded = MethodHandles.lookup().findStatic(UpcallStubs.class, name, type);
            Object segment = upcallStub.invoke(linker, guarded, doStep ? stepDescriptor : valuesDescriptor,
                    arena, noOptions);
            return (long) address.invoke(segment);
        }
    }
}
