package org.btfmu.checker;

import com.sun.jna.Callback;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.StringArray;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * An FMI 3.0 shared library as {@link FmuLibrary} calls it (the C API declared here from FMI
 * 3.0 §2.2, §3.2, §4.2; independent of the co-simulation master's binding): every fmi3* return
 * code reaches the checker as it is. {@code fmi3Boolean} is a C {@code bool} (one byte),
 * {@code size_t} 64 bits, {@code fmi3ValueReference} 32 bits.
 */
final class NativeFmu3 extends FmuLibrary {

    private static final String[] STATUS = {"fmi3OK", "fmi3Warning", "fmi3Discard", "fmi3Error", "fmi3Fatal"};

    /** fmi3LogMessageCallback. */
    public interface Logger extends Callback {
        void invoke(Pointer instanceEnvironment, int status, String category, String message);
    }

    /** What fmi3DoStep returned besides its status. */
    record StepResult(boolean eventHandlingNeeded, boolean terminateSimulation, boolean earlyReturn,
            double lastSuccessfulTime) {
    }

    /** What fmi3UpdateDiscreteStates returned besides its status; nextEventTime null when not defined. */
    record Update(boolean discreteStatesNeedUpdate, boolean terminateSimulation,
            boolean nominalsOfContinuousStatesChanged, boolean valuesOfContinuousStatesChanged, Double nextEventTime) {
    }

    private static final StateFunctions STATE = new StateFunctions("fmi3GetFMUState", "fmi3SetFMUState",
            "fmi3FreeFMUState", "fmi3SerializedFMUStateSize", "fmi3SerializeFMUState", "fmi3DeserializeFMUState");

    private final Logger logger;

    /** Loads the library; throws {@link UnsatisfiedLinkError} naming the file when it cannot. */
    NativeFmu3(Path library) {
        super(library, STATE);
        // A field, so that the callback lives as long as the library may call it.
        this.logger = (environment, status, category, message) -> logged(status, category, message);
    }

    static String statusName(int status) {
        return status >= 0 && status < STATUS.length ? STATUS[status] : "status " + status;
    }

    /*
     * Both instantiate with loggingOn = true: with false an FMI 3.0 FMU must not log at all
     * (FMI 3.0 §2.3.1), and its refusals would come without a reason.
     */

    /** fmi3InstantiateCoSimulation without intermediate update; null when the FMU refuses. */
    Pointer instantiateCoSimulation(String name, String token, String resourcePath, boolean eventModeUsed,
            boolean earlyReturnAllowed) {
        Pointer instance = (Pointer) library.getFunction("fmi3InstantiateCoSimulation").invoke(Pointer.class,
                new Object[] {name, token, resourcePath, false, true, eventModeUsed, earlyReturnAllowed, null, 0L,
                    Pointer.NULL, logger, null});
        record("fmi3InstantiateCoSimulation", instance == null ? ERROR : OK);
        return instance;
    }

    /** fmi3InstantiateModelExchange; null when the FMU refuses. */
    Pointer instantiateModelExchange(String name, String token, String resourcePath) {
        Pointer instance = (Pointer) library.getFunction("fmi3InstantiateModelExchange").invoke(Pointer.class,
                new Object[] {name, token, resourcePath, false, true, Pointer.NULL, logger});
        record("fmi3InstantiateModelExchange", instance == null ? ERROR : OK);
        return instance;
    }

    void freeInstance(Pointer instance) {
        library.getFunction("fmi3FreeInstance").invokeVoid(new Object[] {instance});
        record("fmi3FreeInstance", OK);
    }

    int enterInitializationMode(Pointer instance, double startTime) {
        return call("fmi3EnterInitializationMode", instance, false, 0.0, startTime, false, 0.0);
    }

    int exitInitializationMode(Pointer instance) {
        return call("fmi3ExitInitializationMode", instance);
    }

    int enterEventMode(Pointer instance) {
        return call("fmi3EnterEventMode", instance);
    }

    int enterStepMode(Pointer instance) {
        return call("fmi3EnterStepMode", instance);
    }

    int enterContinuousTimeMode(Pointer instance) {
        return call("fmi3EnterContinuousTimeMode", instance);
    }

    int terminate(Pointer instance) {
        return call("fmi3Terminate", instance);
    }

    int setTime(Pointer instance, double time) {
        return call("fmi3SetTime", instance, time);
    }

    /** fmi3DoStep with noSetFMUStatePriorToCurrentPoint = false; {@code result[0]} receives the outputs. */
    int doStep(Pointer instance, double t, double h, StepResult[] result) {
        Memory flags = new Memory(3);
        flags.clear();
        double[] last = {Double.NaN};
        int status = call("fmi3DoStep", instance, t, h, false, flags.share(0), flags.share(1), flags.share(2), last);
        result[0] = new StepResult(flags.getByte(0) != 0, flags.getByte(1) != 0, flags.getByte(2) != 0, last[0]);
        return status;
    }

    /** fmi3UpdateDiscreteStates; {@code result[0]} receives the outputs. */
    int updateDiscreteStates(Pointer instance, Update[] result) {
        Memory flags = new Memory(5);
        flags.clear();
        double[] next = {0};
        int status = call("fmi3UpdateDiscreteStates", instance, flags.share(0), flags.share(1), flags.share(2),
                flags.share(3), flags.share(4), next);
        result[0] = new Update(flags.getByte(0) != 0, flags.getByte(1) != 0, flags.getByte(2) != 0,
                flags.getByte(3) != 0, flags.getByte(4) != 0 ? next[0] : null);
        return status;
    }

    /** fmi3CompletedIntegratorStep with noSetFMUStatePriorToCurrentPoint = true; flags: enterEventMode, terminate. */
    int completedIntegratorStep(Pointer instance, boolean[] flags) {
        Memory out = new Memory(2);
        out.clear();
        int status = call("fmi3CompletedIntegratorStep", instance, true, out.share(0), out.share(1));
        flags[0] = out.getByte(0) != 0;
        flags[1] = out.getByte(1) != 0;
        return status;
    }

    int setContinuousStates(Pointer instance, double[] x) {
        return call("fmi3SetContinuousStates", instance, x, (long) x.length);
    }

    /**
     * One of the array getters of Model Exchange (fmi3GetContinuousStates,
     * fmi3GetContinuousStateDerivatives, fmi3GetNominalsOfContinuousStates, fmi3GetEventIndicators)
     * with the count n; the array may be longer than n (guard cells).
     */
    int getFloat64s(String function, Pointer instance, double[] values, long n) {
        return call(function, instance, values, n);
    }

    /** fmi3GetNumberOfContinuousStates or fmi3GetNumberOfEventIndicators; -1 after a failed call. */
    long getNumber(String function, Pointer instance) {
        long[] n = {-1};
        return call(function, instance, n) == OK ? n[0] : -1;
    }

    /**
     * Reads the n values of one variable through fmi3Get{type}: Double (Float32, Float64), Long
     * (integers, Enumeration), Boolean, String, hex String (Binary); null if the call failed.
     */
    List<Object> get(Pointer instance, String type, long valueReference, int n) {
        int[] vr = {(int) valueReference};
        List<Object> values = new ArrayList<>();
        String function = "fmi3Get" + type;
        switch (type) {
            case "Float64" -> {
                double[] v = new double[n];
                if (call(function, instance, vr, 1L, v, (long) n) != OK) {
                    return null;
                }
                for (double x : v) {
                    values.add(x);
                }
            }
            case "Float32" -> {
                float[] v = new float[n];
                if (call(function, instance, vr, 1L, v, (long) n) != OK) {
                    return null;
                }
                for (float x : v) {
                    values.add((double) x);
                }
            }
            case "Int8", "UInt8", "Boolean" -> {
                byte[] v = new byte[n];
                if (call(function, instance, vr, 1L, v, (long) n) != OK) {
                    return null;
                }
                for (byte x : v) {
                    values.add(type.equals("Boolean") ? (Object) (x != 0)
                            : type.equals("UInt8") ? (long) Byte.toUnsignedInt(x) : (long) x);
                }
            }
            case "Int16", "UInt16" -> {
                short[] v = new short[n];
                if (call(function, instance, vr, 1L, v, (long) n) != OK) {
                    return null;
                }
                for (short x : v) {
                    values.add(type.equals("UInt16") ? (long) Short.toUnsignedInt(x) : (long) x);
                }
            }
            case "Int32", "UInt32" -> {
                int[] v = new int[n];
                if (call(function, instance, vr, 1L, v, (long) n) != OK) {
                    return null;
                }
                for (int x : v) {
                    values.add(type.equals("UInt32") ? Integer.toUnsignedLong(x) : (long) x);
                }
            }
            case "Int64", "UInt64" -> {
                long[] v = new long[n];
                if (call(function, instance, vr, 1L, v, (long) n) != OK) {
                    return null;
                }
                for (long x : v) {
                    values.add(x);
                }
            }
            case "String" -> {
                Memory v = new Memory((long) n * Native.POINTER_SIZE);
                v.clear();
                if (call(function, instance, vr, 1L, v, (long) n) != OK) {
                    return null;
                }
                for (int i = 0; i < n; i++) {
                    Pointer text = v.getPointer((long) i * Native.POINTER_SIZE);
                    values.add(text == null ? null : text.getString(0, "UTF-8"));
                }
            }
            case "Binary" -> {
                long[] sizes = new long[n];
                Memory v = new Memory((long) n * Native.POINTER_SIZE);
                v.clear();
                if (call(function, instance, vr, 1L, sizes, v, (long) n) != OK) {
                    return null;
                }
                for (int i = 0; i < n; i++) {
                    Pointer bytes = v.getPointer((long) i * Native.POINTER_SIZE);
                    values.add(bytes == null ? null
                            : HexFormat.of().formatHex(bytes.getByteArray(0, (int) sizes[i])));
                }
            }
            default -> throw new IllegalArgumentException("no fmi3Get for " + type);
        }
        return values;
    }

    /** Writes the values (as {@link #get} returns them) through fmi3Set{type}; the status. */
    int set(Pointer instance, String type, long valueReference, List<Object> values) {
        int[] vr = {(int) valueReference};
        int n = values.size();
        String function = "fmi3Set" + type;
        return switch (type) {
            case "Float64" -> call(function, instance, vr, 1L,
                    values.stream().mapToDouble(x -> (Double) x).toArray(), (long) n);
            case "Float32" -> {
                float[] v = new float[n];
                for (int i = 0; i < n; i++) {
                    v[i] = ((Double) values.get(i)).floatValue();
                }
                yield call(function, instance, vr, 1L, v, (long) n);
            }
            case "Int8", "UInt8", "Boolean" -> {
                byte[] v = new byte[n];
                for (int i = 0; i < n; i++) {
                    v[i] = type.equals("Boolean") ? (byte) ((Boolean) values.get(i) ? 1 : 0)
                            : ((Long) values.get(i)).byteValue();
                }
                yield call(function, instance, vr, 1L, v, (long) n);
            }
            case "Int16", "UInt16" -> {
                short[] v = new short[n];
                for (int i = 0; i < n; i++) {
                    v[i] = ((Long) values.get(i)).shortValue();
                }
                yield call(function, instance, vr, 1L, v, (long) n);
            }
            case "Int32", "UInt32" -> {
                int[] v = new int[n];
                for (int i = 0; i < n; i++) {
                    v[i] = ((Long) values.get(i)).intValue();
                }
                yield call(function, instance, vr, 1L, v, (long) n);
            }
            case "Int64", "UInt64" -> call(function, instance, vr, 1L,
                    values.stream().mapToLong(x -> (Long) x).toArray(), (long) n);
            case "String" -> call(function, instance, vr, 1L,
                    new StringArray(values.stream().map(String::valueOf).toArray(String[]::new), "UTF-8"), (long) n);
            case "Binary" -> {
                long[] sizes = new long[n];
                Memory pointers = new Memory((long) Math.max(1, n) * Native.POINTER_SIZE);
                List<Memory> keep = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    byte[] bytes = HexFormat.of().parseHex((String) values.get(i));
                    Memory m = new Memory(Math.max(1, bytes.length));
                    m.write(0, bytes, 0, bytes.length);
                    keep.add(m);
                    sizes[i] = bytes.length;
                    pointers.setPointer((long) i * Native.POINTER_SIZE, m);
                }
                int status = call(function, instance, vr, 1L, sizes, pointers, (long) n);
                keep.clear(); // the buffers stay reachable, so unfreed, until the call returned
                yield status;
            }
            default -> throw new IllegalArgumentException("no fmi3Set for " + type);
        };
    }
}
