package org.btfmu.fmu;

import static org.btfmu.fmu.ImporterLog.ERROR;

import java.util.function.ToIntFunction;

/**
 * The Java side of the FMI 3.0 shim (native/src/main/fmi3/shim3.c): one static method per
 * forwarded fmi3 function, called through JNI with primitive arguments (C addresses as long,
 * fmi3Instance as the slave's handle). The shim looks these methods up by name and
 * signature: keep the two in step.
 *
 * <p>As in {@link FmiEntry}, every method catches Throwable (nothing may unwind into the
 * importer), and the context class loader is the runtime's only during the calls that create,
 * reset or restore an instance.
 */
public final class Fmi3Entry {

    private static final ClassLoader LOADER = Fmi3Entry.class.getClassLoader();
    private static final SlaveHandles<Fmi3Slave> SLAVES = new SlaveHandles<>();

    private Fmi3Entry() {
    }

    /**
     * fmi3InstantiateModelExchange (interfaceType 0), fmi3InstantiateCoSimulation (1) or
     * fmi3InstantiateScheduledExecution (2): the strings are C string addresses, resourcePath
     * without its trailing separator. Returns the slave's handle, or 0 after logging why.
     */
    public static long instantiate(long instanceName, int interfaceType, long token, long resourcePath,
            long logger, long environment, boolean visible, boolean loggingOn, boolean eventModeUsed,
            boolean earlyReturnAllowed) {
        ClassLoader caller = enter();
        ImporterLog log = null;
        try {
            log = new ImporterLog(logger == 0 ? null : new Fmi3Logger(logger, environment), loggingOn);
            Fmi3Slave slave = Fmi3Slave.instantiate(NativeMemory.getString(instanceName), interfaceType,
                    NativeMemory.getString(token), NativeMemory.getString(resourcePath), eventModeUsed,
                    earlyReturnAllowed, log);
            if (slave == null) {
                return 0;
            }
            long handle = register(slave);
            ClassDataArchive.makeOnce(slave.resources.directory(), log);
            return handle;
        } catch (Throwable e) {
            if (log != null) {
                try {
                    log.log(ERROR, LogCategory.STATUS_ERROR, "fmi3Instantiate: " + e);
                } catch (Throwable ignored) {
                    // the logger itself failed: nothing more can be said
                }
            }
            return 0;
        } finally {
            leave(caller);
        }
    }

    /** fmi3FreeInstance: always frees, whatever the state. */
    public static void freeInstance(long c) {
        ClassLoader caller = enter();
        try {
            Fmi3Slave slave = SLAVES.remove(c);
            if (slave != null) {
                slave.free();
            }
        } catch (Throwable e) {
            // nothing to report to: the instance is gone
        } finally {
            leave(caller);
        }
    }

    public static int setDebugLogging(long c, boolean loggingOn, long nCategories, long categories) {
        return call(c, s -> s.setDebugLogging(loggingOn, nCategories, categories));
    }

    public static int enterInitializationMode(long c, boolean toleranceDefined, double tolerance, double startTime,
            boolean stopTimeDefined, double stopTime) {
        return call(c, s -> s.enterInitializationMode(toleranceDefined, tolerance, startTime, stopTimeDefined,
                stopTime));
    }

    public static int exitInitializationMode(long c) {
        return callInLoader(c, Fmi3Slave::exitInitializationMode);
    }

    public static int enterEventMode(long c) {
        return call(c, Fmi3Slave::enterEventMode);
    }

    public static int terminate(long c) {
        return call(c, Fmi3Slave::terminate);
    }

    public static int reset(long c) {
        return callInLoader(c, Fmi3Slave::reset);
    }

    public static int getFloat64(long c, long vr, long nvr, long values, long nValues) {
        return call(c, s -> s.getFloat64(vr, nvr, values, nValues));
    }

    public static int setFloat64(long c, long vr, long nvr, long values, long nValues) {
        return call(c, s -> s.setFloat64(vr, nvr, values, nValues));
    }

    public static int getInt32(long c, long vr, long nvr, long values, long nValues) {
        return call(c, s -> s.getInt32(vr, nvr, values, nValues));
    }

    public static int setInt32(long c, long vr, long nvr, long values, long nValues) {
        return call(c, s -> s.setInt32(vr, nvr, values, nValues));
    }

    public static int getInt64(long c, long vr, long nvr, long values, long nValues) {
        return call(c, s -> s.getInt64(vr, nvr, values, nValues));
    }

    public static int setInt64(long c, long vr, long nvr, long values, long nValues) {
        return call(c, s -> s.setInt64(vr, nvr, values, nValues));
    }

    public static int getBoolean(long c, long vr, long nvr, long values, long nValues) {
        return call(c, s -> s.getBoolean(vr, nvr, values, nValues));
    }

    public static int setBoolean(long c, long vr, long nvr, long values, long nValues) {
        return call(c, s -> s.setBoolean(vr, nvr, values, nValues));
    }

    public static int getString(long c, long vr, long nvr, long values, long nValues) {
        return call(c, s -> s.getString(vr, nvr, values, nValues));
    }

    public static int setString(long c, long vr, long nvr, long values, long nValues) {
        return call(c, s -> s.setString(vr, nvr, values, nValues));
    }

    /** fmi3Get/Set of Float32, (U)Int8/16, UInt32/64, Binary, Clock: function is a C string. */
    public static int otherType(long c, long function, long nvr) {
        return call(c, s -> s.otherType(NativeMemory.getString(function), nvr));
    }

    public static int getFMUState(long c, long state) {
        return call(c, s -> s.getFMUstate(state));
    }

    public static int setFMUState(long c, long state) {
        return callInLoader(c, s -> s.setFMUstate(state));
    }

    public static int freeFMUState(long c, long state) {
        return call(c, s -> s.freeFMUstate(state));
    }

    public static int serializedFMUStateSize(long c, long state, long size) {
        return call(c, s -> s.serializedFMUstateSize(state, size));
    }

    public static int serializeFMUState(long c, long state, long bytes, long size) {
        return call(c, s -> s.serializeFMUstate(state, bytes, size));
    }

    public static int deserializeFMUState(long c, long bytes, long size, long state) {
        return callInLoader(c, s -> s.deSerializeFMUstate(bytes, size, state));
    }

    /** A function of a feature the FMU does not declare; function is a C string. */
    public static int unsupported(long c, long function) {
        return call(c, s -> s.unsupported(NativeMemory.getString(function)));
    }

    public static int evaluateDiscreteStates(long c) {
        return call(c, Fmi3Slave::evaluateDiscreteStates);
    }

    public static int updateDiscreteStates(long c, long needUpdate, long terminate, long nominalsChanged,
            long valuesChanged, long nextDefined, long nextTime) {
        return call(c, s -> s.updateDiscreteStates(needUpdate, terminate, nominalsChanged, valuesChanged,
                nextDefined, nextTime));
    }

    public static int enterContinuousTimeMode(long c) {
        return call(c, Fmi3Slave::enterContinuousTimeMode);
    }

    public static int completedIntegratorStep(long c, boolean noSetFMUStatePriorToCurrentPoint, long enterEventMode,
            long terminate) {
        return call(c, s -> s.completedIntegratorStep(enterEventMode, terminate));
    }

    public static int setTime(long c, double time) {
        return call(c, s -> s.setTime(time));
    }

    /** The continuous-state functions, by C name (a C string). */
    public static int continuousStates(long c, long function, long values, long n) {
        return call(c, s -> s.continuousStates(NativeMemory.getString(function), values, n));
    }

    public static int getEventIndicators(long c, long values, long n) {
        return call(c, s -> s.getEventIndicators(values, n));
    }

    public static int getNumberOfEventIndicators(long c, long n) {
        return call(c, s -> s.getNumberOf(Fmi3Function.GET_NUMBER_OF_EVENT_INDICATORS, n));
    }

    public static int getNumberOfContinuousStates(long c, long n) {
        return call(c, s -> s.getNumberOf(Fmi3Function.GET_NUMBER_OF_CONTINUOUS_STATES, n));
    }

    public static int enterStepMode(long c) {
        return call(c, Fmi3Slave::enterStepMode);
    }

    public static int doStep(long c, double t, double h, boolean noSetFMUStatePriorToCurrentPoint,
            long eventHandlingNeeded, long terminate, long earlyReturn, long lastSuccessfulTime) {
        return call(c, s -> s.doStep(t, h, eventHandlingNeeded, terminate, earlyReturn, lastSuccessfulTime));
    }

    // ---- plumbing ----

    /** Every int entry method's result carries {@link FmiEntry#RETURNED} (shim3.c asks JNI for an exception only without it). */
    private static int call(long c, ToIntFunction<Fmi3Slave> body) {
        Fmi3Slave slave = slave(c);
        if (slave == null) {
            return ERROR | FmiEntry.RETURNED;
        }
        try {
            return body.applyAsInt(slave) | FmiEntry.RETURNED;
        } catch (Throwable e) {
            return slave.failed(e) | FmiEntry.RETURNED;
        }
    }

    /** A call that creates or restores engine state: with the runtime's context class loader. */
    private static int callInLoader(long c, ToIntFunction<Fmi3Slave> body) {
        ClassLoader caller = enter();
        try {
            return call(c, body);
        } finally {
            leave(caller);
        }
    }

    private static long register(Fmi3Slave slave) {
        return SLAVES.register(slave);
    }

    private static Fmi3Slave slave(long handle) {
        return SLAVES.get(handle);
    }

    private static ClassLoader enter() {
        Thread thread = Thread.currentThread();
        ClassLoader caller = thread.getContextClassLoader();
        thread.setContextClassLoader(LOADER);
        return caller;
    }

    private static void leave(ClassLoader caller) {
        Thread.currentThread().setContextClassLoader(caller);
    }
}
