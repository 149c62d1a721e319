package org.btfmu.fmu;

import static org.btfmu.fmu.ImporterLog.ERROR;

/**
 * The Java side of the C shim: one static method per FMI 2.0 function, called
 * through JNI with primitive arguments (C addresses as long; fmi2Component as
 * the slave's handle). The shim looks these methods up by name and signature
 * (native/src/main/c/runtime.c): keep the two in step.
 *
 * <p>Every method catches Throwable: nothing may unwind into the importer. The
 * thread's context class loader is the runtime's loader during the calls that
 * create, reset or restore an instance, so that code looking classes up
 * through it finds the runtime's own. The calls of every communication step
 * (doStep, get and set of values) leave it alone: nothing on their paths
 * resolves classes through it, and the swap and restore cost several ns of the
 * 15 to 20 ns of Java work in a doStep.
 */
public final class FmiEntry {

    /**
     * Set in the result of the per-step entry methods (doStep, get and set of Real, Integer and
     * Boolean values), whose fmi2Status is the low byte: a result without it is what JNI returns
     * when an exception escaped (0 in HotSpot; the JNI specification leaves it undefined), so the
     * shim asks JNI's ExceptionCheck (a transition into the JVM and back, some 2 % of a step)
     * only then. Fmi3Entry marks its results alike. Keep in step with SHIM_RETURNED in
     * native/src/main/c/shim.h.
     */
    static final int RETURNED = 0x42540000;
    /** The fmi2Status in a result with {@link #RETURNED}. */
    static final int STATUS = 0xFF;

    private static final ClassLoader LOADER = FmiEntry.class.getClassLoader();
    private static final SlaveHandles<FmuSlave> SLAVES = new SlaveHandles<>();

    private FmiEntry() {
    }

    /**
     * fmi2Instantiate: the string arguments are C string addresses, logger and
     * environment the fields of fmi2CallbackFunctions. Returns the slave's
     * handle, or 0 after logging why there is none.
     */
    public static long instantiate(long instanceName, int fmuType, long guid, long resourceLocation,
            long logger, long environment, boolean visible, boolean loggingOn) {
        ClassLoader caller = enter();
        ImporterLog log = null;
        try {
            String name = NativeMemory.getString(instanceName);
            log = new ImporterLog(logger, environment, name, loggingOn);
            FmuSlave slave = FmuSlave.instantiate(name, fmuType, NativeMemory.getString(guid),
                    NativeMemory.getString(resourceLocation), log);
            if (slave == null) {
                return 0;
            }
            long handle = register(slave);
            ClassDataArchive.makeOnce(slave.resources.directory(), log);
            return handle;
        } catch (Throwable e) {
            if (log != null) {
                try {
                    log.log(ERROR, LogCategory.STATUS_ERROR, "fmi2Instantiate: " + e);
                } catch (Throwable ignored) {
                    // the logger itself failed: nothing more can be said
                }
            }
            return 0;
        } finally {
            leave(caller);
        }
    }

    /** fmi2FreeInstance: always frees, whatever the state. */
    public static void freeInstance(long c) {
        ClassLoader caller = enter();
        try {
            FmuSlave slave = SLAVES.remove(c);
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
        FmuSlave slave = slave(c);
        if (slave == null) {
            return ERROR;
        }
        ClassLoader caller = enter();
        try {
            return slave.setDebugLogging(loggingOn, nCategories, categories);
        } catch (Throwable e) {
            return slave.failed(e);
        } finally {
            leave(caller);
        }
    }

    public static int setupExperiment(long c, boolean toleranceDefined, double tolerance, double startTime,
            boolean stopTimeDefined, double stopTime) {
        FmuSlave slave = slave(c);
        if (slave == null) {
            return ERROR;
        }
        ClassLoader caller = enter();
        try {
            return slave.setupExperiment(toleranceDefined, tolerance, startTime, stopTimeDefined,
                    stopTime);
        } catch (Throwable e) {
            return slave.failed(e);
        } finally {
            leave(caller);
        }
    }

    public static int enterInitializationMode(long c) {
        FmuSlave slave = slave(c);
        if (slave == null) {
            return ERROR;
        }
        ClassLoader caller = enter();
        try {
            return slave.enterInitializationMode();
        } catch (Throwable e) {
            return slave.failed(e);
        } finally {
            leave(caller);
        }
    }

    public static int exitInitializationMode(long c) {
        FmuSlave slave = slave(c);
        if (slave == null) {
            return ERROR;
        }
        ClassLoader caller = enter();
        try {
            return slave.exitInitializationMode();
        } catch (Throwable e) {
            return slave.failed(e);
        } finally {
            leave(caller);
        }
    }

    public static int terminate(long c) {
        FmuSlave slave = slave(c);
        if (slave == null) {
            return ERROR;
        }
        ClassLoader caller = enter();
        try {
            return slave.terminate();
        } catch (Throwable e) {
            return slave.failed(e);
        } finally {
            leave(caller);
        }
    }

    public static int reset(long c) {
        FmuSlave slave = slave(c);
        if (slave == null) {
            return ERROR;
        }
        ClassLoader caller = enter();
        try {
            return slave.reset();
        } catch (Throwable e) {
            return slave.failed(e);
        } finally {
            leave(caller);
        }
    }

    public static int getReal(long c, long vr, long nvr, long value) {
        FmuSlave slave = slave(c);
        if (slave == null) {
            return ERROR | RETURNED;
        }
        try {
            return slave.getReal(vr, nvr, value) | RETURNED;
        } catch (Throwable e) {
            return slave.failed(e) | RETURNED;
        }
    }

    public static int getInteger(long c, long vr, long nvr, long value) {
        FmuSlave slave = slave(c);
        if (slave == null) {
            return ERROR | RETURNED;
        }
        try {
            return slave.getInteger(vr, nvr, value) | RETURNED;
        } catch (Throwable e) {
            return slave.failed(e) | RETURNED;
        }
    }

    public static int getBoolean(long c, long vr, long nvr, long value) {
        FmuSlave slave = slave(c);
        if (slave == null) {
            return ERROR | RETURNED;
        }
        try {
            return slave.getBoolean(vr, nvr, value) | RETURNED;
        } catch (Throwable e) {
            return slave.failed(e) | RETURNED;
        }
    }

    public static int getString(long c, long vr, long nvr, long value) {
        FmuSlave slave = slave(c);
        if (slave == null) {
            return ERROR;
        }
        try {
            return slave.getString(vr, nvr, value);
        } catch (Throwable e) {
            return slave.failed(e);
        }
    }

    public static int setReal(long c, long vr, long nvr, long value) {
        FmuSlave slave = slave(c);
        if (slave == null) {
            return ERROR | RETURNED;
        }
        try {
            return slave.setReal(vr, nvr, value) | RETURNED;
        } catch (Throwable e) {
            return slave.failed(e) | RETURNED;
        }
    }

    public static int setInteger(long c, long vr, long nvr, long value) {
        FmuSlave slave = slave(c);
        if (slave == null) {
            return ERROR | RETURNED;
        }
        try {
            return slave.setInteger(vr, nvr, value) | RETURNED;
        } catch (Throwable e) {
            return slave.failed(e) | RETURNED;
        }
    }

    public static int setBoolean(long c, long vr, long nvr, long value) {
        FmuSlave slave = slave(c);
        if (slave == null) {
            return ERROR | RETURNED;
        }
        try {
            return slave.setBoolean(vr, nvr, value) | RETURNED;
        } catch (Throwable e) {
            return slave.failed(e) | RETURNED;
        }
    }

    public static int setString(long c, long vr, long nvr, long value) {
        FmuSlave slave = slave(c);
        if (slave == null) {
            return ERROR;
        }
        try {
            return slave.setString(vr, nvr, value);
        } catch (Throwable e) {
            return slave.failed(e);
        }
    }

    public static int getFMUstate(long c, long state) {
        FmuSlave slave = slave(c);
        if (slave == null) {
            return ERROR;
        }
        ClassLoader caller = enter();
        try {
            return slave.getFMUstate(state);
        } catch (Throwable e) {
            return slave.failed(e);
        } finally {
            leave(caller);
        }
    }

    public static int setFMUstate(long c, long state) {
        FmuSlave slave = slave(c);
        if (slave == null) {
            return ERROR;
        }
        ClassLoader caller = enter();
        try {
            return slave.setFMUstate(state);
        } catch (Throwable e) {
            return slave.failed(e);
        } finally {
            leave(caller);
        }
    }

    public static int freeFMUstate(long c, long state) {
        FmuSlave slave = slave(c);
        if (slave == null) {
            return ERROR;
        }
        ClassLoader caller = enter();
        try {
            return slave.freeFMUstate(state);
        } catch (Throwable e) {
            return slave.failed(e);
        } finally {
            leave(caller);
        }
    }

    public static int serializedFMUstateSize(long c, long state, long size) {
        FmuSlave slave = slave(c);
        if (slave == null) {
            return ERROR;
        }
        ClassLoader caller = enter();
        try {
            return slave.serializedFMUstateSize(state, size);
        } catch (Throwable e) {
            return slave.failed(e);
        } finally {
            leave(caller);
        }
    }

    public static int serializeFMUstate(long c, long state, long serializedState, long size) {
        FmuSlave slave = slave(c);
        if (slave == null) {
            return ERROR;
        }
        ClassLoader caller = enter();
        try {
            return slave.serializeFMUstate(state, serializedState, size);
        } catch (Throwable e) {
            return slave.failed(e);
        } finally {
            leave(caller);
        }
    }

    public static int deSerializeFMUstate(long c, long serializedState, long size, long state) {
        FmuSlave slave = slave(c);
        if (slave == null) {
            return ERROR;
        }
        ClassLoader caller = enter();
        try {
            return slave.deSerializeFMUstate(serializedState, size, state);
        } catch (Throwable e) {
            return slave.failed(e);
        } finally {
            leave(caller);
        }
    }

    public static int getDirectionalDerivative(long c, long vUnknownRef, long nUnknown, long vKnownRef, long nKnown,
            long dvKnown, long dvUnknown) {
        FmuSlave slave = slave(c);
        if (slave == null) {
            return ERROR;
        }
        ClassLoader caller = enter();
        try {
            return slave.getDirectionalDerivative();
        } catch (Throwable e) {
            return slave.failed(e);
        } finally {
            leave(caller);
        }
    }

    public static int setRealInputDerivatives(long c, long vr, long nvr, long order, long value) {
        FmuSlave slave = slave(c);
        if (slave == null) {
            return ERROR;
        }
        ClassLoader caller = enter();
        try {
            return slave.setRealInputDerivatives();
        } catch (Throwable e) {
            return slave.failed(e);
        } finally {
            leave(caller);
        }
    }

    public static int getRealOutputDerivatives(long c, long vr, long nvr, long order, long value) {
        FmuSlave slave = slave(c);
        if (slave == null) {
            return ERROR;
        }
        ClassLoader caller = enter();
        try {
            return slave.getRealOutputDerivatives();
        } catch (Throwable e) {
            return slave.failed(e);
        } finally {
            leave(caller);
        }
    }

    public static int doStep(long c, double currentCommunicationPoint, double communicationStepSize,
            boolean noSetFMUStatePriorToCurrentPoint) {
        FmuSlave slave = slave(c);
        if (slave == null) {
            return ERROR | RETURNED;
        }
        try {
            return slave.doStep(currentCommunicationPoint, communicationStepSize,
                    noSetFMUStatePriorToCurrentPoint) | RETURNED;
        } catch (Throwable e) {
            return slave.failed(e) | RETURNED;
        }
    }

    public static int cancelStep(long c) {
        FmuSlave slave = slave(c);
        if (slave == null) {
            return ERROR;
        }
        ClassLoader caller = enter();
        try {
            return slave.cancelStep();
        } catch (Throwable e) {
            return slave.failed(e);
        } finally {
            leave(caller);
        }
    }

    public static int getStatus(long c, int kind, long value) {
        FmuSlave slave = slave(c);
        if (slave == null) {
            return ERROR;
        }
        ClassLoader caller = enter();
        try {
            return slave.getStatus(kind, value);
        } catch (Throwable e) {
            return slave.failed(e);
        } finally {
            leave(caller);
        }
    }

    public static int getRealStatus(long c, int kind, long value) {
        FmuSlave slave = slave(c);
        if (slave == null) {
            return ERROR;
        }
        ClassLoader caller = enter();
        try {
            return slave.getRealStatus(kind, value);
        } catch (Throwable e) {
            return slave.failed(e);
        } finally {
            leave(caller);
        }
    }

    public static int getIntegerStatus(long c, int kind, long value) {
        FmuSlave slave = slave(c);
        if (slave == null) {
            return ERROR;
        }
        ClassLoader caller = enter();
        try {
            return slave.getIntegerStatus(kind, value);
        } catch (Throwable e) {
            return slave.failed(e);
        } finally {
            leave(caller);
        }
    }

    public static int getBooleanStatus(long c, int kind, long value) {
        FmuSlave slave = slave(c);
        if (slave == null) {
            return ERROR;
        }
        ClassLoader caller = enter();
        try {
            return slave.getBooleanStatus(kind, value);
        } catch (Throwable e) {
            return slave.failed(e);
        } finally {
            leave(caller);
        }
    }

    public static int getStringStatus(long c, int kind, long value) {
        FmuSlave slave = slave(c);
        if (slave == null) {
            return ERROR;
        }
        ClassLoader caller = enter();
        try {
            return slave.getStringStatus(kind, value);
        } catch (Throwable e) {
            return slave.failed(e);
        } finally {
            leave(caller);
        }
    }

    // ---- Model Exchange (the instance must have been instantiated as fmi2ModelExchange) ----

    public static int setTime(long c, double time) {
        return model(c, "fmi2SetTime", m -> m.setTime(time));
    }

    public static int setContinuousStates(long c, long x, long nx) {
        return model(c, "fmi2SetContinuousStates", m -> m.setContinuousStates(x, nx));
    }

    public static int enterEventMode(long c) {
        return model(c, "fmi2EnterEventMode", ModelExchangeSlave::enterEventMode);
    }

    public static int newDiscreteStates(long c, long eventInfo) {
        return model(c, "fmi2NewDiscreteStates", m -> m.newDiscreteStates(eventInfo));
    }

    public static int enterContinuousTimeMode(long c) {
        return model(c, "fmi2EnterContinuousTimeMode", ModelExchangeSlave::enterContinuousTimeMode);
    }

    public static int completedIntegratorStep(long c, boolean noSetFMUStatePriorToCurrentPoint,
            long enterEventMode, long terminateSimulation) {
        return model(c, "fmi2CompletedIntegratorStep", m -> m.completedIntegratorStep(
                noSetFMUStatePriorToCurrentPoint, enterEventMode, terminateSimulation));
    }

    public static int getDerivatives(long c, long derivatives, long nx) {
        return model(c, "fmi2GetDerivatives", m -> m.getDerivatives(derivatives, nx));
    }

    public static int getEventIndicators(long c, long eventIndicators, long ni) {
        return model(c, "fmi2GetEventIndicators", m -> m.getEventIndicators(eventIndicators, ni));
    }

    public static int getContinuousStates(long c, long x, long nx) {
        return model(c, "fmi2GetContinuousStates", m -> m.getContinuousStates(x, nx));
    }

    public static int getNominalsOfContinuousStates(long c, long nominals, long nx) {
        return model(c, "fmi2GetNominalsOfContinuousStates", m -> m.getNominalsOfContinuousStates(nominals, nx));
    }

    private interface ModelCall {
        int on(ModelExchangeSlave model);
    }

    /** Runs a Model Exchange function on a Model Exchange instance; fmi2Error on any other. */
    private static int model(long c, String function, ModelCall call) {
        FmuSlave slave = slave(c);
        if (slave == null) {
            return ERROR;
        }
        try {
            return slave instanceof ModelExchangeSlave model ? call.on(model) : slave.notModelExchange(function);
        } catch (Throwable e) {
            return slave.failed(e);
        }
    }

    /**
     * Not an FMI function: where the shim finds the values the instance publishes
     * ({@link PublishedValues}); 0 for none. Called once, after fmi2Instantiate.
     */
    public static long publishedValues(long c) {
        FmuSlave slave = slave(c);
        return slave == null ? 0 : slave.published.address();
    }

    /**
     * Not an FMI function: fills the shim's table of FFM up-call stubs where the JVM has the
     * FFM API ({@link UpcallStubs}). Called once per runtime, when the shim loads it.
     */
    public static void upcallStubs(long table) {
        UpcallStubs.fill(table);
    }

    private static long register(FmuSlave slave) {
        return SLAVES.register(slave);
    }

    /** The instance, with the sets the shim took for it since its last call applied first. */
    private static FmuSlave slave(long handle) {
        FmuSlave slave = SLAVES.get(handle);
        if (slave != null) {
            slave.takePendingSets();
        }
        return slave;
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
