package org.btfmu.checker;

import com.sun.jna.Callback;
import com.sun.jna.CallbackReference;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;
import com.sun.jna.StringArray;
import java.nio.file.Path;

/**
 * An FMI 2.0 shared library as {@link FmuLibrary} calls it: every fmi2* return code reaches
 * the checker as it is; the importer's logger records every message.
 */
final class NativeFmu extends FmuLibrary {

    static final int PENDING = 5;
    private static final String[] STATUS = {"fmi2OK", "fmi2Warning", "fmi2Discard", "fmi2Error",
        "fmi2Fatal", "fmi2Pending"};

    /** fmi2CallbackLogger; the varargs are ignored (the checker shows the raw text). */
    public interface Logger extends Callback {
        void invoke(Pointer environment, String instanceName, int status, String category, String message);
    }

    private static final StateFunctions STATE = new StateFunctions("fmi2GetFMUstate", "fmi2SetFMUstate",
            "fmi2FreeFMUstate", "fmi2SerializedFMUstateSize", "fmi2SerializeFMUstate", "fmi2DeSerializeFMUstate");

    private final Memory callbacks = new Memory(5L * Native.POINTER_SIZE);
    private final Logger logger;

    /** Loads the library; throws {@link UnsatisfiedLinkError} naming the file when it cannot. */
    NativeFmu(Path library) {
        super(library, STATE);
        this.logger = (environment, instance, status, category, message) -> logged(status, category, message);
        NativeLibrary c = NativeLibrary.getInstance(Platform.C_LIBRARY_NAME);
        callbacks.setPointer(0, CallbackReference.getFunctionPointer(logger));
        callbacks.setPointer(Native.POINTER_SIZE, c.getFunction("calloc"));
        callbacks.setPointer(2L * Native.POINTER_SIZE, c.getFunction("free"));
        callbacks.setPointer(3L * Native.POINTER_SIZE, Pointer.NULL);
        callbacks.setPointer(4L * Native.POINTER_SIZE, Pointer.NULL);
    }

    static String statusName(int status) {
        return status >= 0 && status < STATUS.length ? STATUS[status] : "status " + status;
    }

    /** fmi2Type: fmi2ModelExchange. */
    static final int MODEL_EXCHANGE = 0;
    /** fmi2Type: fmi2CoSimulation. */
    static final int CO_SIMULATION = 1;

    /** What fmi2NewDiscreteStates returned in its fmi2EventInfo; nextEventTime null when undefined. */
    record EventInfo(boolean newDiscreteStatesNeeded, boolean terminateSimulation,
            boolean nominalsOfContinuousStatesChanged, boolean valuesOfContinuousStatesChanged,
            Double nextEventTime) {
    }

    /** fmi2Instantiate as fmi2ModelExchange or fmi2CoSimulation; null when the FMU refuses. */
    Pointer instantiate(String name, int fmuType, String guid, String resourceLocation) {
        Pointer component = (Pointer) library.getFunction("fmi2Instantiate").invoke(Pointer.class,
                new Object[] {name, fmuType, guid, resourceLocation, callbacks, 0, 0});
        record("fmi2Instantiate", component == null ? ERROR : OK);
        return component;
    }

    void freeInstance(Pointer component) {
        library.getFunction("fmi2FreeInstance").invokeVoid(new Object[] {component});
        record("fmi2FreeInstance", OK);
    }

    int setupExperiment(Pointer component, double start) {
        return call("fmi2SetupExperiment", component, 0, 0.0, start, 0, 0.0);
    }

    int enterInitializationMode(Pointer component) {
        return call("fmi2EnterInitializationMode", component);
    }

    int exitInitializationMode(Pointer component) {
        return call("fmi2ExitInitializationMode", component);
    }

    int doStep(Pointer component, double t, double h) {
        return call("fmi2DoStep", component, t, h, 1);
    }

    int terminate(Pointer component) {
        return call("fmi2Terminate", component);
    }

    int setTime(Pointer component, double time) {
        return call("fmi2SetTime", component, time);
    }

    int enterEventMode(Pointer component) {
        return call("fmi2EnterEventMode", component);
    }

    int enterContinuousTimeMode(Pointer component) {
        return call("fmi2EnterContinuousTimeMode", component);
    }

    /** fmi2NewDiscreteStates into {@code info} (32 bytes, see {@link #eventInfo}); the status. */
    int newDiscreteStates(Pointer component, Memory info) {
        return call("fmi2NewDiscreteStates", component, info);
    }

    /** Decodes fmi2EventInfo: five fmi2Boolean (int), then the fmi2Real nextEventTime at offset 24. */
    static EventInfo eventInfo(Memory info) {
        return new EventInfo(info.getInt(0) != 0, info.getInt(4) != 0, info.getInt(8) != 0, info.getInt(12) != 0,
                info.getInt(16) != 0 ? info.getDouble(24) : null);
    }

    /**
     * fmi2CompletedIntegratorStep with noSetFMUStatePriorToCurrentPoint = fmi2True; {@code flags}
     * receives enterEventMode and terminateSimulation.
     */
    int completedIntegratorStep(Pointer component, boolean[] flags) {
        int[] enterEventMode = {0};
        int[] terminateSimulation = {0};
        int status = call("fmi2CompletedIntegratorStep", component, 1, enterEventMode, terminateSimulation);
        flags[0] = enterEventMode[0] != 0;
        flags[1] = terminateSimulation[0] != 0;
        return status;
    }

    int setContinuousStates(Pointer component, double[] x) {
        return call("fmi2SetContinuousStates", component, x, (long) x.length);
    }

    /**
     * One of the array getters of Model Exchange (fmi2GetContinuousStates, fmi2GetDerivatives,
     * fmi2GetNominalsOfContinuousStates, fmi2GetEventIndicators) with the count n; the array may
     * be longer than n (the checker's guard cells).
     */
    int getReals(String function, Pointer component, double[] values, long n) {
        return call(function, component, values, n);
    }

    /** Reads one value of the base type (Real, Integer, Boolean, String); null if the call failed. */
    Object get(Pointer component, String baseType, long valueReference) {
        int[] vr = {(int) valueReference};
        switch (baseType) {
            case "Real" -> {
                double[] value = new double[1];
                return call("fmi2GetReal", component, vr, 1L, value) == OK ? value[0] : null;
            }
            case "Integer" -> {
                int[] value = new int[1];
                return call("fmi2GetInteger", component, vr, 1L, value) == OK ? value[0] : null;
            }
            case "Boolean" -> {
                int[] value = new int[1];
                return call("fmi2GetBoolean", component, vr, 1L, value) == OK ? value[0] != 0 : null;
            }
            default -> {
                Memory value = new Memory(Native.POINTER_SIZE);
                value.setPointer(0, Pointer.NULL);
                if (call("fmi2GetString", component, vr, 1L, value) != OK) {
                    return null;
                }
                Pointer text = value.getPointer(0);
                return text == null ? null : text.getString(0, "UTF-8");
            }
        }
    }

    /** Writes one value (a Double, Integer, Boolean or String); returns the status. */
    int set(Pointer component, String baseType, long valueReference, Object value) {
        int[] vr = {(int) valueReference};
        return switch (baseType) {
            case "Real" -> call("fmi2SetReal", component, vr, 1L, new double[] {(Double) value});
            case "Integer" -> call("fmi2SetInteger", component, vr, 1L, new int[] {(Integer) value});
            case "Boolean" -> call("fmi2SetBoolean", component, vr, 1L, new int[] {(Boolean) value ? 1 : 0});
            default -> call("fmi2SetString", component, vr, 1L, new StringArray(new String[] {(String) value},
                    "UTF-8"));
        };
    }
}
