package org.btfmu.cosim;

import com.sun.jna.Callback;
import com.sun.jna.Function;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import com.sun.jna.StringArray;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Consumer;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The FMI 3.0 side of one {@link FmuInstance}: extracts the archive, loads
 * {@code binaries/x86_64-linux/<modelIdentifier>.so} and calls the FMI 3.0 C API (declared from
 * the specification; javafmi has no FMI 3.0). The calls made at every step (get/set of Float64,
 * Int32, Int64 and Boolean, fmi3DoStep) go through our JNI library or JNA's direct mapping
 * ({@link FmiCallBindings}); the rest, and the other types, through JNA's generic path. Every
 * failing call becomes a {@link CoSimulationException} naming the FMU, the function and the
 * time, with what the FMU logged.
 */
final class Fmi3Instance {

    private static final String PLATFORM = "x86_64-linux";
    private static final int OK = 0;
    private static final int WARNING = 1;
    private static final String[] STATUS = {"fmi3OK", "fmi3Warning", "fmi3Discard", "fmi3Error", "fmi3Fatal"};

    /** What fmi3DoStep reported. */
    record Step(boolean eventHandlingNeeded, boolean terminateSimulation, boolean earlyReturn,
            double lastSuccessfulTime) {
    }

    /** What fmi3UpdateDiscreteStates reported (nextEventTime +infinity when not defined). */
    record Update(boolean discreteStatesNeedUpdate, boolean terminateSimulation,
            boolean valuesOfContinuousStatesChanged, double nextEventTime) {
    }

    /** fmi3LogMessageCallback: the message is plain text in FMI 3.0 (no printf format). */
    public interface LogMessage extends Callback {
        void invoke(Pointer instanceEnvironment, int status, String category, String message);
    }

    private final FmuInstance owner;
    private final Fmi3Description description;
    private final Path extracted;
    private final Runnable removal;
    private final Path library;
    private final List<String> recentErrors = new ArrayList<>();
    private final LogMessage logger; // kept: the FMU calls it
    private NativeLibrary native_;
    private Pointer instance;
    private long address;
    private Fmi3Calls direct;
    private Fmi3Step directStep; // Co-Simulation only
    private Pointer savedState;
    private boolean eventModeUsed;
    private boolean earlyReturnAllowed;
    private boolean stepping;
    private final byte[] flags = new byte[3];
    private final double[] reached = new double[1];

    private Fmi3Instance(FmuInstance owner, Fmi3Description description, Path extracted, Runnable removal,
            Path library, Consumer<String> log) {
        this.owner = owner;
        this.description = description;
        this.extracted = extracted;
        this.removal = removal;
        this.library = library;
        this.logger = (environment, status, category, message) -> {
            String text = message == null ? "" : message;
            if (status > WARNING) {
                synchronized (recentErrors) {
                    recentErrors.add(text);
                }
            }
            log.accept(owner.name() + ": " + text);
        };
    }

    /** Extracts {@code fmu} for {@code owner}; Co-Simulation or Model Exchange must be offered. */
    static Fmi3Instance load(FmuInstance owner, Path fmu, Fmi3Description description, boolean modelExchange,
            Consumer<String> log) {
        Fmi3Description.Interface face = modelExchange ? description.modelExchange() : description.coSimulation();
        if (face == null) {
            throw new CoSimulationException(fmu + ": the FMU does not support "
                    + (modelExchange ? "Model Exchange (no <ModelExchange>)" : "Co-Simulation (no <CoSimulation>)"));
        }
        try {
            return TemporaryFolders.unpacking(() -> unpack(owner, fmu, description, face, log));
        } catch (IOException e) {
            throw new CoSimulationException(fmu + ": cannot extract the FMU: " + e.getMessage(), e);
        }
    }

    private static Fmi3Instance unpack(FmuInstance owner, Path fmu, Fmi3Description description,
            Fmi3Description.Interface face, Consumer<String> log) {
        Path folder = null;
        Runnable removal = null;
        try {
            folder = Files.createTempDirectory("bt-fmu-" + owner.name() + "-");
            Path created = folder;
            removal = TemporaryFolders.register(() -> TemporaryFolders.delete(created));
            extract(fmu, folder);
            Path library = folder.resolve("binaries").resolve(PLATFORM).resolve(face.modelIdentifier() + ".so");
            FmuArchiveChecks.checkBinary(fmu, library);
            return new Fmi3Instance(owner, description, folder, removal, library, log);
        } catch (IOException e) {
            discard(removal, folder);
            throw new CoSimulationException(fmu + ": cannot extract the FMU: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            discard(removal, folder);
            throw e;
        }
    }

    private static void discard(Runnable removal, Path folder) {
        if (removal != null) {
            TemporaryFolders.remove(removal);
        } else if (folder != null) {
            TemporaryFolders.delete(folder);
        }
    }

    private static void extract(Path fmu, Path into) throws IOException {
        try (ZipFile zip = new ZipFile(fmu.toFile())) {
            for (Enumeration<? extends ZipEntry> entries = zip.entries(); entries.hasMoreElements();) {
                ZipEntry entry = entries.nextElement();
                Path target = into.resolve(entry.getName()).normalize();
                if (!target.startsWith(into)) {
                    throw new IOException("entry '" + entry.getName() + "' points outside the archive");
                }
                if (entry.isDirectory()) {
                    Files.createDirectories(target);
                    continue;
                }
                Files.createDirectories(target.getParent());
                try (InputStream in = zip.getInputStream(entry)) {
                    Files.copy(in, target);
                }
            }
        }
    }

    Fmi3Description description() {
        return description;
    }

    boolean eventModeUsed() {
        return eventModeUsed;
    }

    boolean earlyReturnAllowed() {
        return earlyReturnAllowed;
    }

    /**
     * fmi3InstantiateCoSimulation with eventModeUsed = hasEventMode and earlyReturnAllowed =
     * mightReturnEarlyFromDoStep when {@code earlyReturn} (else both false: FMI 2.0 behaviour),
     * or fmi3InstantiateModelExchange; then fmi3SetDebugLogging for {@code categories}.
     */
    void instantiate(boolean modelExchange, boolean earlyReturn, String[] categories) {
        try {
            native_ = NativeLibrary.getInstance(library.toString());
        } catch (LinkageError e) {
            throw new CoSimulationException(owner.source() + ": cannot load the FMU's binary: " + e.getMessage(), e);
        }
        // FMI 3.0 §2.3.1: an absolute path with a trailing separator, not a URI.
        String resources = extracted.resolve("resources").toAbsolutePath() + "/";
        if (modelExchange) {
            instance = native_.getFunction("fmi3InstantiateModelExchange").invokePointer(new Object[] {
                owner.name(), description.instantiationToken(), resources, false, false, null, logger});
        } else {
            Fmi3Description.Interface cs = description.coSimulation();
            eventModeUsed = earlyReturn && cs.hasEventMode();
            earlyReturnAllowed = earlyReturn && cs.mightReturnEarlyFromDoStep();
            instance = native_.getFunction("fmi3InstantiateCoSimulation").invokePointer(new Object[] {
                owner.name(), description.instantiationToken(), resources, false, false, eventModeUsed,
                earlyReturnAllowed, null, 0L, null, logger, null});
        }
        if (instance == null) {
            throw failure(modelExchange ? "fmi3InstantiateModelExchange" : "fmi3InstantiateCoSimulation",
                    "returned NULL");
        }
        address = Pointer.nativeValue(instance);
        try {
            direct = FmiCallBindings.fmi3(native_);
            directStep = modelExchange ? null : FmiCallBindings.fmi3Step(native_);
        } catch (RuntimeException | LinkageError e) {
            throw new CoSimulationException("FMU '" + owner.name() + "' (" + owner.source().getFileName()
                    + "): cannot bind its FMI 3.0 functions directly: " + e);
        }
        if (categories.length > 0) {
            call("fmi3SetDebugLogging", true, (long) categories.length, new StringArray(categories, "UTF-8"));
        }
    }

    void enterInitialization(double start, double stop) {
        call("fmi3EnterInitializationMode", false, 0.0, start, true, stop);
    }

    void exitInitialization() {
        call("fmi3ExitInitializationMode");
        stepping = true;
    }

    /** fmi3DoStep; an error status throws, the rest is reported. */
    Step doStep(double time, double step) {
        reached[0] = time + step;
        check(directStep.doStep(address, time, step, savedState == null, flags, reached), "fmi3DoStep");
        return new Step(flags[0] != 0, flags[1] != 0, flags[2] != 0, reached[0]);
    }

    void enterEventMode() {
        call("fmi3EnterEventMode");
    }

    Update updateDiscreteStates() {
        try (Memory out = new Memory(16)) {
            out.clear();
            call("fmi3UpdateDiscreteStates", out, out.share(1), out.share(2), out.share(3), out.share(4),
                    out.share(8));
            return new Update(out.getByte(0) != 0, out.getByte(1) != 0, out.getByte(3) != 0,
                    out.getByte(4) != 0 ? out.getDouble(8) : Double.POSITIVE_INFINITY);
        }
    }

    void enterStepMode() {
        call("fmi3EnterStepMode");
    }

    /** fmi3GetFMUState into the one state this instance keeps (to redo a step from). */
    void saveState() {
        try (Memory state = new Memory(Native.POINTER_SIZE)) {
            state.setPointer(0, savedState);
            call("fmi3GetFMUState", state);
            savedState = state.getPointer(0);
        }
    }

    /** fmi3SetFMUState to the state kept by {@link #saveState()}. */
    void restoreState() {
        call("fmi3SetFMUState", savedState);
    }

    boolean canGetAndSetState() {
        return description.coSimulation() != null && description.coSimulation().canGetAndSetFMUState();
    }

    // --- Model Exchange (FMI 3.0 §3.2) ---

    void enterContinuousTimeMode() {
        call("fmi3EnterContinuousTimeMode");
    }

    NativeLibrary nativeLibrary() {
        return native_;
    }

    /** The fmi3Instance as an address, for direct calls. */
    long address() {
        return address;
    }

    // --- values ---

    /** Reads {@code vr} (all of master type {@code type}) into {@code into[slots[positions[i]]]}. */
    void get(VariableType type, int[] vr, int[] positions, int[] slots, Object[] into, List<FmuVariable> variables) {
        String fmiType = variables.get(positions[0]).typeName();
        if (!sameType(fmiType, positions, variables)) {
            for (int i = 0; i < vr.length; i++) {
                get(type, new int[] {vr[i]}, new int[] {positions[i]}, slots, into, variables);
            }
            return;
        }
        Object[] values = read(fmiType, vr);
        for (int i = 0; i < vr.length; i++) {
            into[slots[positions[i]]] = values[i];
        }
    }

    private static boolean sameType(String fmiType, int[] positions, List<FmuVariable> variables) {
        for (int p : positions) {
            if (!variables.get(p).typeName().equals(fmiType)) {
                return false;
            }
        }
        return true;
    }

    /** Writes {@code values} to {@code which} (value references {@code vr}), one call per FMI 3.0 type. */
    void set(int[] vr, Object[] values, List<FmuVariable> which) {
        String fmiType = which.get(0).typeName();
        for (FmuVariable v : which) {
            if (!v.typeName().equals(fmiType)) {
                for (int i = 0; i < vr.length; i++) {
                    set(new int[] {vr[i]}, new Object[] {values[i]}, List.of(which.get(i)));
                }
                return;
            }
        }
        write(fmiType, vr, values, which);
    }

    private Object[] read(String fmiType, int[] vr) {
        int n = vr.length;
        Object[] result = new Object[n];
        String function = "fmi3Get" + fmiType;
        switch (fmiType) {
            case "Float64" -> {
                double[] v = new double[n];
                check(direct.getFloat64(address, vr, v), function);
                for (int i = 0; i < n; i++) {
                    result[i] = v[i];
                }
            }
            case "Int32" -> {
                int[] v = new int[n];
                check(direct.getInt32(address, vr, v), function);
                for (int i = 0; i < n; i++) {
                    result[i] = v[i];
                }
            }
            case "Int64", "Enumeration" -> {
                long[] v = new long[n];
                check(direct.getInt64(address, vr, v), "fmi3GetInt64");
                for (int i = 0; i < n; i++) {
                    result[i] = narrow(v[i], vr[i]);
                }
            }
            case "Boolean" -> {
                byte[] v = new byte[n];
                check(direct.getBoolean(address, vr, v), function);
                for (int i = 0; i < n; i++) {
                    result[i] = v[i] != 0;
                }
            }
            case "Float32" -> {
                float[] v = new float[n];
                call(function, vr, (long) n, v, (long) n);
                for (int i = 0; i < n; i++) {
                    result[i] = (double) v[i];
                }
            }
            case "Int8", "UInt8" -> {
                byte[] v = new byte[n];
                call(function, vr, (long) n, v, (long) n);
                for (int i = 0; i < n; i++) {
                    result[i] = fmiType.equals("UInt8") ? Byte.toUnsignedInt(v[i]) : (int) v[i];
                }
            }
            case "Int16", "UInt16" -> {
                short[] v = new short[n];
                call(function, vr, (long) n, v, (long) n);
                for (int i = 0; i < n; i++) {
                    result[i] = fmiType.equals("UInt16") ? Short.toUnsignedInt(v[i]) : (int) v[i];
                }
            }
            case "UInt32" -> {
                int[] v = new int[n];
                call(function, vr, (long) n, v, (long) n);
                for (int i = 0; i < n; i++) {
                    result[i] = narrow(Integer.toUnsignedLong(v[i]), vr[i]);
                }
            }
            case "UInt64" -> {
                long[] v = new long[n];
                call(function, vr, (long) n, v, (long) n);
                for (int i = 0; i < n; i++) {
                    result[i] = narrow(v[i] < 0 ? Long.MAX_VALUE : v[i], vr[i]);
                }
            }
            case "String" -> {
                try (Memory pointers = new Memory(8L * n)) {
                    call(function, vr, (long) n, pointers, (long) n);
                    for (int i = 0; i < n; i++) {
                        Pointer p = pointers.getPointer(8L * i);
                        result[i] = p == null ? "" : p.getString(0, StandardCharsets.UTF_8.name());
                    }
                }
            }
            case "Binary" -> {
                try (Memory sizes = new Memory(8L * n); Memory pointers = new Memory(8L * n)) {
                    call(function, vr, (long) n, sizes, pointers, (long) n);
                    for (int i = 0; i < n; i++) {
                        Pointer p = pointers.getPointer(8L * i);
                        long size = sizes.getLong(8L * i);
                        result[i] = p == null ? "" : HexFormat.of().formatHex(p.getByteArray(0, (int) size));
                    }
                }
            }
            default -> throw failure(function, "is not a type this master moves");
        }
        return result;
    }

    private Integer narrow(long value, int vr) {
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
            throw failure("fmi3Get of value reference " + vr, "returned " + value
                    + ", outside the 32-bit range this master moves integers in");
        }
        return (int) value;
    }

    private void write(String fmiType, int[] vr, Object[] values, List<FmuVariable> which) {
        int n = vr.length;
        String function = "fmi3Set" + fmiType;
        int status;
        switch (fmiType) {
            case "Float64" -> {
                double[] v = new double[n];
                for (int i = 0; i < n; i++) {
                    v[i] = ((Number) values[i]).doubleValue();
                }
                status = direct.setFloat64(address, vr, v);
            }
            case "Int32" -> {
                int[] v = new int[n];
                for (int i = 0; i < n; i++) {
                    v[i] = ((Number) values[i]).intValue();
                }
                status = direct.setInt32(address, vr, v);
            }
            case "Int64", "Enumeration", "UInt64" -> {
                long[] v = new long[n];
                for (int i = 0; i < n; i++) {
                    v[i] = ((Number) values[i]).longValue();
                }
                function = fmiType.equals("UInt64") ? function : "fmi3SetInt64";
                status = fmiType.equals("UInt64") ? invoke(function, vr, (long) n, v, (long) n)
                        : direct.setInt64(address, vr, v);
            }
            case "Boolean" -> {
                byte[] v = new byte[n];
                for (int i = 0; i < n; i++) {
                    v[i] = (byte) ((Boolean) values[i] ? 1 : 0);
                }
                status = direct.setBoolean(address, vr, v);
            }
            case "Float32" -> {
                float[] v = new float[n];
                for (int i = 0; i < n; i++) {
                    v[i] = ((Number) values[i]).floatValue();
                }
                status = invoke(function, vr, (long) n, v, (long) n);
            }
            case "Int8", "UInt8" -> {
                byte[] v = new byte[n];
                for (int i = 0; i < n; i++) {
                    v[i] = (byte) ((Number) values[i]).intValue();
                }
                status = invoke(function, vr, (long) n, v, (long) n);
            }
            case "Int16", "UInt16" -> {
                short[] v = new short[n];
                for (int i = 0; i < n; i++) {
                    v[i] = (short) ((Number) values[i]).intValue();
                }
                status = invoke(function, vr, (long) n, v, (long) n);
            }
            case "UInt32" -> {
                int[] v = new int[n];
                for (int i = 0; i < n; i++) {
                    v[i] = ((Number) values[i]).intValue();
                }
                status = invoke(function, vr, (long) n, v, (long) n);
            }
            case "String" -> {
                String[] v = new String[n];
                for (int i = 0; i < n; i++) {
                    v[i] = (String) values[i];
                }
                status = invoke(function, vr, (long) n, new StringArray(v, "UTF-8"), (long) n);
            }
            case "Binary" -> {
                try (Memory sizes = new Memory(8L * n); Memory pointers = new Memory(8L * n)) {
                    List<Memory> data = new ArrayList<>();
                    for (int i = 0; i < n; i++) {
                        byte[] bytes = HexFormat.of().parseHex((String) values[i]);
                        Memory m = new Memory(Math.max(1, bytes.length));
                        m.write(0, bytes, 0, bytes.length);
                        data.add(m);
                        sizes.setLong(8L * i, bytes.length);
                        pointers.setPointer(8L * i, m);
                    }
                    status = invoke(function, vr, (long) n, sizes, pointers, (long) n);
                    data.forEach(Memory::close);
                }
            }
            default -> throw failure(function, "is not a type this master moves");
        }
        if (status != OK && status != WARNING) {
            stepping = false;
            String names = String.join("', '", which.stream().map(FmuVariable::name).toList());
            throw failure(function, "of '" + names + "' returned " + statusName(status));
        }
    }

    // --- calls ---

    private int invoke(String function, Object... arguments) {
        Object[] all = new Object[arguments.length + 1];
        all[0] = instance;
        System.arraycopy(arguments, 0, all, 1, arguments.length);
        Function f;
        try {
            f = native_.getFunction(function);
        } catch (UnsatisfiedLinkError e) {
            stepping = false;
            throw failure(function, "is not exported by the FMU's binary");
        }
        return f.invokeInt(all);
    }

    private void call(String function, Object... arguments) {
        check(invoke(function, arguments), function);
    }

    void check(int status, String function) {
        if (status != OK && status != WARNING) {
            stepping = false;
            throw failure(function, "returned " + statusName(status));
        }
    }

    private static String statusName(int status) {
        return status >= 0 && status < STATUS.length ? STATUS[status] : "status " + status;
    }

    private CoSimulationException failure(String function, String what) {
        StringBuilder message = new StringBuilder("FMU '").append(owner.name()).append("' (")
                .append(owner.source().getFileName()).append("): ").append(function).append(' ').append(what)
                .append(" at t=").append(owner.time());
        synchronized (recentErrors) {
            if (!recentErrors.isEmpty()) {
                message.append(": ").append(String.join("; ", recentErrors));
                recentErrors.clear();
            }
        }
        return new CoSimulationException(message.toString());
    }

    /** fmi3Terminate if still allowed, fmi3FreeFMUState, fmi3FreeInstance, and removal of the extracted files. */
    void close() {
        try {
            if (instance != null) {
                if (stepping) {
                    invoke("fmi3Terminate"); // its status does not matter any more
                }
                if (savedState != null) {
                    try (Memory state = new Memory(Native.POINTER_SIZE)) {
                        state.setPointer(0, savedState);
                        invoke("fmi3FreeFMUState", state);
                    }
                }
                native_.getFunction("fmi3FreeInstance").invokeVoid(new Object[] {instance});
            }
        } finally {
            instance = null;
            savedState = null;
            direct = null;
            directStep = null;
            TemporaryFolders.remove(removal);
        }
    }
}
