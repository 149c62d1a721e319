package org.btfmu.cosim;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.javafmi.modeldescription.v2.ModelDescription;
import org.javafmi.modeldescription.v2.ScalarVariable;
import org.javafmi.proxy.FmuFile;
import com.sun.jna.Function;
import com.sun.jna.Memory;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import org.javafmi.proxy.v2.CallbackFunctions;
import org.javafmi.proxy.v2.Callbacks;
import org.javafmi.proxy.v2.Fmu;

/**
 * One FMI 2.0 Co-Simulation FMU loaded and instantiated through javafmi's lowest
 * layer ({@link Fmu}): that layer writes no start values on its own (javafmi's
 * {@code Simulation} writes every initial="exact" one), lets us name the instance
 * and lets us receive the FMU's log messages. Every failing FMI call becomes a
 * {@link CoSimulationException} naming the FMU, the function and the time.
 *
 * <p>An FMI 3.0 FMU is loaded and called by {@link Fmi3Instance} instead (javafmi has no
 * FMI 3.0); this class then only delegates to it.
 *
 * <p>{@link #close()} frees the instance and removes every extracted file.
 */
public final class FmuInstance implements AutoCloseable {

    private static final int MODEL_EXCHANGE = 0;
    private static final int CO_SIMULATION = 1;
    private static final int OK = 0;
    private static final int WARNING = 1;
    private static final int DISCARD = 2;
    private static final int LAST_SUCCESSFUL_TIME = 2; // fmi2StatusKind
    private static final int TERMINATED = 3;

    private final String name;
    private final Path source;
    /** Deletes the link folder and javafmi's extraction (registered for the shutdown hook until then). */
    private final Runnable removal;
    private final FmuFile file; // FMI 2.0 only
    private final ModelDescription description; // FMI 2.0 only
    /** The FMI 3.0 calls, or null for an FMI 2.0 FMU. */
    private final Fmi3Instance fmi3;
    /** Co-Simulation: instantiate FMI 3.0 FMUs with Event Mode and early return where they offer them. */
    private boolean earlyReturn = true;
    private final ModelStructure structure;
    private final Map<String, FmuVariable> variables = new LinkedHashMap<>();
    private final CallbackFunctions callbacks = new CallbackFunctions(); // kept: the FMU calls into it
    private final List<String> recentErrors = new ArrayList<>();
    private final Consumer<String> log;
    /** Instantiated as fmi2ModelExchange (driven by {@link ModelExchangeMaster}), else Co-Simulation. */
    private final boolean modelExchange;
    private Fmu fmu;
    /** How the per-step calls reach the FMU (see {@link Binding}). */
    private final Binding binding;
    private Fmi2Calls direct; // with Binding.DIRECT, once instantiated
    private Fmi2Step directStep; // the same, Co-Simulation only
    private long component;   // the fmi2Component, for direct calls
    /** Log categories switched on right after fmi2Instantiate (none: the FMU's default). */
    private String[] logCategories = new String[0];
    private boolean stepping; // initialized and no error since: fmi2Terminate is allowed
    private double time;

    /**
     * How doStep and the get/set of Real, Integer and Boolean reach the FMU: DIRECT through
     * our JNI library, else JNA's direct mapping ({@link FmiCallBindings}), JAVAFMI through
     * javafmi's proxy (JNA's generic path, microseconds a call; kept as a cross-check).
     * Instantiation, the rest of the API and Strings always go through javafmi.
     */
    public enum Binding {
        DIRECT, JAVAFMI;

        /** DIRECT, unless the system property btfmu.fmiBinding names another (for benchmarks). */
        public static Binding fromSystemProperty() {
            String name = System.getProperty("btfmu.fmiBinding", "direct");
            try {
                return valueOf(name.toUpperCase(java.util.Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new CoSimulationException("btfmu.fmiBinding: '" + name + "' is neither direct nor javafmi");
            }
        }
    }

    private FmuInstance(String name, Path source, Runnable removal, FmuFile file, Consumer<String> log,
            boolean modelExchange, Binding binding) {
        this.binding = binding;
        this.fmi3 = null;
        this.structure = ModelStructure.read(source);
        this.name = name;
        this.modelExchange = modelExchange;
        this.source = source;
        this.removal = removal;
        this.file = file;
        this.log = log;
        if (!(file.getModelDescription() instanceof ModelDescription md) || !"2.0".equals(md.getFmiVersion())) {
            throw new CoSimulationException(source + ": not an FMI 2.0 FMU (fmiVersion "
                    + file.getModelDescription().getFmiVersion() + ")");
        }
        description = md;
        if (modelExchange ? md.getModelExchange() == null : md.getCoSimulation() == null) {
            throw new CoSimulationException(source + ": the FMU does not support "
                    + (modelExchange ? "Model Exchange (no <ModelExchange>)" : "Co-Simulation (no <CoSimulation>)"));
        }
        FmuArchiveChecks.checkBinary(source, Path.of(file.getLibraryPath()));
        for (ScalarVariable v : md.getModelVariables()) {
            variables.put(v.getName(), new FmuVariable(v.getName(), v.getValueReference(),
                    VariableType.of(v.getTypeName()), v.getTypeName(), v.getCausality(), v.getVariability()));
        }
        callbacks.logger = new Logger();
    }

    /** An FMI 3.0 FMU: variables from its model description, everything else through {@link Fmi3Instance}. */
    private FmuInstance(String name, Path source, Consumer<String> log, boolean modelExchange) {
        this.name = name;
        this.source = source;
        this.log = log;
        this.modelExchange = modelExchange;
        this.binding = Binding.DIRECT;
        this.file = null;
        this.description = null;
        this.structure = ModelStructure.read(source);
        Fmi3Description md = Fmi3Description.read(source, source.toString());
        for (FmuVariable v : md.variables()) {
            variables.put(v.name(), v);
        }
        this.fmi3 = Fmi3Instance.load(this, source, md, modelExchange, log);
        this.removal = () -> { };
    }

    /** Receives the FMU's messages: errors are kept for the exception, everything goes to the log. */
    private final class Logger implements Callbacks.Logger {
        @Override
        public void logMessage(Pointer env, String instance, int status, String category, String message,
                Pointer args) {
            // A printf format: FMUs escape '%' as "%%" when they pass no arguments.
            String text = message == null ? "" : message.replace("%%", "%");
            if (status > WARNING) {
                synchronized (recentErrors) {
                    recentErrors.add(text);
                }
            }
            log.accept(name + ": " + text);
        }
    }

    /**
     * Extracts and loads {@code fmu} as instance {@code name}, without instantiating it.
     * FMU log messages go to {@code log}.
     */
    public static FmuInstance load(String name, Path fmu, Consumer<String> log) {
        return load(name, fmu, log, false);
    }

    /** As {@link #load(String, Path, Consumer)}, for Model Exchange if {@code modelExchange}. */
    public static FmuInstance load(String name, Path fmu, Consumer<String> log, boolean modelExchange) {
        return load(name, fmu, log, modelExchange, Binding.fromSystemProperty());
    }

    /** As {@link #load(String, Path, Consumer, boolean)}, with the per-step calls through {@code binding}. */
    public static FmuInstance load(String name, Path fmu, Consumer<String> log, boolean modelExchange,
            Binding binding) {
        JnaStartup.apply();
        FmuArchiveChecks.checkArchive(fmu);
        try {
            return TemporaryFolders.unpacking(() -> "3.0".equals(Fmi3Description.fmiVersion(fmu))
                    ? new FmuInstance(name, fmu, log, modelExchange)
                    : loadFmi2(name, fmu, log, modelExchange, binding));
        } catch (IOException e) {
            throw new CoSimulationException(fmu + ": cannot load the FMU: " + e.getMessage(), e);
        }
    }

    private static FmuInstance loadFmi2(String name, Path fmu, Consumer<String> log, boolean modelExchange,
            Binding binding) {
        Path links = null;
        Runnable removal = null;
        try {
            // javafmi extracts to <tmp>/fmu_<millis><file name>: a private, uniquely named link
            // keeps two FMUs with the same file name apart and lets us find the folder on errors.
            String prefix = "bt-fmu-" + name + "-";
            links = Files.createTempDirectory(prefix);
            String linkName = name + "-" + links.getFileName().toString().substring(prefix.length());
            Path linkDirectory = links;
            // Registered before javafmi extracts: a signal from here on leaves nothing behind.
            removal = TemporaryFolders.register(() -> {
                removeExtraction(linkName);
                TemporaryFolders.delete(linkDirectory);
            });
            Path link = Files.createSymbolicLink(links.resolve(linkName + ".fmu"), fmu.toAbsolutePath());
            FmuFile file = new FmuFile(link.toFile());
            return new FmuInstance(name, fmu, removal, file, log, modelExchange, binding);
        } catch (CoSimulationException e) {
            discard(removal, links);
            throw e;
        } catch (IOException | RuntimeException e) {
            discard(removal, links);
            throw new CoSimulationException(fmu + ": cannot load the FMU: " + e.getMessage(), e);
        }
    }

    /** Removes what a failed {@link #load} made: javafmi's extraction and the link folder. */
    private static void discard(Runnable removal, Path links) {
        if (removal != null) {
            TemporaryFolders.remove(removal);
        } else {
            TemporaryFolders.delete(links);
        }
    }

    /** Removes what javafmi extracted (it keeps no reference we could use once it failed). */
    private static void removeExtraction(String linkName) {
        if (linkName == null) {
            return;
        }
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        // A filter, not a glob: FMU names may hold '[', ']', '*' or '{'.
        DirectoryStream.Filter<Path> extracted = p -> p.getFileName().toString().startsWith("fmu_")
                && p.getFileName().toString().endsWith(linkName);
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(tmp, extracted)) {
            for (Path entry : entries) {
                TemporaryFolders.delete(entry);
            }
        } catch (IOException ignored) {
            // nothing was extracted
        }
    }

    public String name() {
        return name;
    }

    public Path source() {
        return source;
    }

    public String modelName() {
        return fmi3 != null ? fmi3.description().modelName() : description.getModelName();
    }

    /** The declared dependencies, enumeration types and units. */
    public ModelStructure structure() {
        return structure;
    }


    /** All variables in the order of modelDescription.xml. */
    public List<FmuVariable> variables() {
        return List.copyOf(variables.values());
    }

    public Optional<FmuVariable> variable(String variableName) {
        return Optional.ofNullable(variables.get(variableName));
    }

    public List<FmuVariable> outputs() {
        return variables.values().stream().filter(FmuVariable::isOutput).toList();
    }

    public List<FmuVariable> inputs() {
        return variables.values().stream().filter(FmuVariable::isInput).toList();
    }

    /** The FMU's current communication point. */
    public double time() {
        return time;
    }

    /** "3.0" or "2.0". */
    public String fmiVersion() {
        return fmi3 != null ? "3.0" : "2.0";
    }

    /** The FMI 3.0 calls, or null for an FMI 2.0 FMU. */
    Fmi3Instance fmi3() {
        return fmi3;
    }

    /**
     * Whether an FMI 3.0 Co-Simulation FMU is instantiated with eventModeUsed and
     * earlyReturnAllowed where it offers them (the default); false: as FMI 2.0.
     */
    public void earlyReturn(boolean wanted) {
        earlyReturn = wanted;
    }

    /** fmi2Instantiate (Co-Simulation or Model Exchange), resources from the extracted archive. */
    public void instantiate() {
        if (fmi3 != null) {
            fmi3.instantiate(modelExchange, earlyReturn, logCategories);
            return;
        }
        JavafmiLibraries.forget(description.getGuid());
        try {
            fmu = new Fmu(file);
        } catch (LinkageError e) {
            // The library is an ELF file (checked on load) but does not link: another machine, missing symbols.
            String reason = e.getMessage() == null ? e.toString() : e.getMessage().lines()
                    .filter(l -> !l.isBlank() && !l.startsWith("Unable to load library")).findFirst().orElse(e.getMessage());
            throw new CoSimulationException(source + ": cannot load the FMU's binary: " + reason, e);
        }
        JavafmiLibraries.keep(description.getGuid());
        String resources = Path.of(file.getResourcesDirectoryPath()).toUri().toString();
        try {
            fmu.instantiate(name, modelExchange ? MODEL_EXCHANGE : CO_SIMULATION, description.getGuid(), resources,
                    callbacks, false, false);
        } catch (RuntimeException e) {
            fmu = null;
            throw failure("fmi2Instantiate", null, "returned NULL");
        }
        if (binding == Binding.DIRECT) {
            bindDirect();
        }
        if (logCategories.length > 0) {
            check(fmu.setDebugLogging(true, logCategories), "fmi2SetDebugLogging", null);
        }
    }

    private void bindDirect() {
        try {
            java.lang.reflect.Field field = Fmu.class.getDeclaredField("component");
            field.setAccessible(true);
            component = Pointer.nativeValue((Pointer) field.get(fmu));
            NativeLibrary library = NativeLibrary.getInstance(file.getLibraryPath());
            direct = FmiCallBindings.fmi2(library);
            directStep = modelExchange ? null : FmiCallBindings.fmi2Step(library);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            fmu.free();
            fmu = null;
            throw new CoSimulationException("FMU '" + name + "' (" + source.getFileName()
                    + "): cannot bind its FMI functions directly: " + e);
        }
    }

    /** The log categories to switch on when instantiated (fmi2SetDebugLogging), e.g. logTaskStatus. */
    public void logCategories(String... categories) {
        logCategories = categories.clone();
    }

    /** fmi2SetupExperiment, fmi2EnterInitializationMode (then the caller sets values), see {@link #exitInitialization()}. */
    public void enterInitialization(double start, double stop) {
        time = start;
        if (fmi3 != null) {
            fmi3.enterInitialization(start, stop);
            return;
        }
        check(fmu.setUpExperiment(false, 0.0, start, true, stop), "fmi2SetupExperiment", null);
        check(fmu.enterInitializationMode(), "fmi2EnterInitializationMode", null);
    }

    public void exitInitialization() {
        if (fmi3 != null) {
            fmi3.exitInitialization();
            return;
        }
        check(fmu.exitInitializationMode(), "fmi2ExitInitializationMode", null);
        stepping = true;
    }

    /**
     * fmi2DoStep from the current communication point. False when the FMU ended the
     * simulation instead (fmi2Discard and fmi2Terminated); its {@link #time()} is then its
     * last successful time. Any other discard ends the run with how far the FMU got and the
     * reason the FMU logged (too many events for one step, an instant that does not settle):
     * this master keeps no states to redo a step from, so it does not retry. Any other
     * failure throws.
     */
    public boolean doStep(double step) {
        if (fmi3 != null) {
            Fmi3Instance.Step done = stepTo(time + step);
            return !done.terminateSimulation();
        }
        int status = directStep != null ? directStep.doStep(component, time, step, true) : fmu.doStep(time, step, true);
        if (status == DISCARD && terminated()) {
            return false;
        }
        if (status == DISCARD) {
            throw failure("fmi2DoStep", null, "returned fmi2Discard (it computed only up to " + lastSuccessfulTime()
                    + " of the step to t=" + (time + step) + "; the run stops, no retry)");
        }
        check(status, "fmi2DoStep", null);
        time += step;
        return true;
    }

    /**
     * After fmi2Discard: fmi2GetBooleanStatus(fmi2Terminated), whether the FMU ended the
     * simulation; if so, fmi2GetRealStatus(fmi2LastSuccessfulTime) becomes its time.
     */
    private boolean terminated() {
        try (Memory flag = new Memory(Integer.BYTES); Memory last = new Memory(Double.BYTES)) { // fmi2Boolean is an int
            if (status("fmi2GetBooleanStatus", TERMINATED, flag) != OK || flag.getInt(0) == 0) {
                return false;
            }
            if (status("fmi2GetRealStatus", LAST_SUCCESSFUL_TIME, last) == OK) {
                time = last.getDouble(0);
            }
            return true;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return false; // cannot tell: the discard stays an error
        }
    }

    /** After fmi2Discard: "t=" and fmi2GetRealStatus(fmi2LastSuccessfulTime), for messages. */
    private String lastSuccessfulTime() {
        try (Memory last = new Memory(Double.BYTES)) {
            if (status("fmi2GetRealStatus", LAST_SUCCESSFUL_TIME, last) == OK) {
                return "t=" + last.getDouble(0);
            }
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            // fall through: the message says it is unknown
        }
        return "an unknown time (fmi2GetRealStatus(fmi2LastSuccessfulTime) failed)";
    }

    /**
     * Calls an fmi2Get*Status function through JNA directly: javafmi's read
     * {@code Pointer.SIZE}, which JNA 5 no longer has (NoSuchFieldError), so the
     * instance pointer is taken from javafmi's private field.
     */
    private int status(String function, int kind, Memory value) throws ReflectiveOperationException {
        java.lang.reflect.Field component = Fmu.class.getDeclaredField("component");
        component.setAccessible(true);
        Function f = NativeLibrary.getInstance(file.getLibraryPath()).getFunction(function);
        return f.invokeInt(new Object[] {component.get(fmu), kind, value});
    }

    /**
     * Steps from {@link #time()} to {@code horizon}; afterwards {@link #time()} is {@code
     * horizon} exactly, or where an FMI 3.0 FMU returned early or ended the simulation. An
     * FMI 2.0 FMU never signals an event or an early return.
     */
    Fmi3Instance.Step stepTo(double horizon) {
        if (fmi3 == null) {
            boolean going = doStep(horizon - time);
            if (going) {
                time = horizon;
            }
            return new Fmi3Instance.Step(false, !going, false, time);
        }
        Fmi3Instance.Step done = fmi3.doStep(time, horizon - time);
        time = done.earlyReturn() || done.terminateSimulation() ? done.lastSuccessfulTime() : horizon;
        return done;
    }

    /** Sets the FMU's time after a step computed by the caller (avoids summing rounding errors). */
    void moveTo(double communicationPoint) {
        time = communicationPoint;
    }

    /**
     * One fmi2Get call for the value references {@code vr} of one type into {@code into}, a
     * {@link Values#array} of at least vr.length; {@code which}: the variables in vr's order,
     * named in errors (see {@link VariableBatch}).
     */
    void get(VariableType type, int[] vr, Object into, List<FmuVariable> which) {
        if (fmi3 != null) {
            Object[] boxed = new Object[vr.length]; // FMI 3.0 values come boxed
            int[] order = java.util.stream.IntStream.range(0, vr.length).toArray();
            fmi3.get(type, vr, order, order, boxed, which);
            Values.unbox(type, boxed, into);
            return;
        }
        try {
            switch (type) {
                case REAL -> {
                    if (direct != null) {
                        directStatus(direct.getReal(component, vr, (double[]) into));
                    } else {
                        System.arraycopy(fmu.getReal(vr), 0, into, 0, vr.length);
                    }
                }
                case INTEGER -> {
                    if (direct != null) {
                        directStatus(direct.getInteger(component, vr, (int[]) into));
                    } else {
                        System.arraycopy(fmu.getInteger(vr), 0, into, 0, vr.length);
                    }
                }
                case BOOLEAN -> {
                    int[] v = (int[]) into;
                    if (direct != null) {
                        directStatus(direct.getBoolean(component, vr, v));
                        for (int i = 0; i < vr.length; i++) {
                            v[i] = v[i] != 0 ? 1 : 0; // fmi2True is any non-zero int
                        }
                    } else {
                        boolean[] b = fmu.getBoolean(vr);
                        for (int i = 0; i < vr.length; i++) {
                            v[i] = b[i] ? 1 : 0;
                        }
                    }
                }
                case STRING -> System.arraycopy(fmu.getString(vr), 0, into, 0, vr.length);
            }
        } catch (RuntimeException e) {
            stepping = false;
            throw failure("fmi2Get" + typeWord(type), vr.length == 1 ? which.get(0) : null, "returned an error");
        }
    }

    /**
     * One fmi2Set call for the value references {@code vr} of one type from {@code values}, a
     * {@link Values#array} of exactly vr.length; {@code which}: the batch's variables of that type
     * (those of vr are named in errors).
     */
    void set(VariableType type, int[] vr, Object values, List<FmuVariable> which) {
        if (fmi3 != null) {
            fmi3.set(vr, Values.box(type, values, vr.length), of(vr, which));
            return;
        }
        int status = switch (type) {
            case REAL -> direct != null ? direct.setReal(component, vr, (double[]) values)
                    : fmu.setReal(vr, (double[]) values);
            case INTEGER -> direct != null ? direct.setInteger(component, vr, (int[]) values)
                    : fmu.setInteger(vr, (int[]) values);
            case BOOLEAN -> {
                int[] v = (int[]) values;
                if (direct != null) {
                    yield direct.setBoolean(component, vr, v);
                }
                boolean[] b = new boolean[vr.length];
                for (int i = 0; i < b.length; i++) {
                    b[i] = v[i] != 0;
                }
                yield fmu.setBoolean(vr, b);
            }
            case STRING -> fmu.setString(vr, (String[]) values);
        };
        if (status != OK && status != WARNING) {
            stepping = false;
            String names = String.join("', '", of(vr, which).stream().map(FmuVariable::name).toList());
            throw failure("fmi2Set" + typeWord(type), null, "of '" + names + "' returned " + statusName(status));
        }
    }

    /** The variables of {@code vr}, in its order, from {@code among}. */
    private static List<FmuVariable> of(int[] vr, List<FmuVariable> among) {
        List<FmuVariable> result = new ArrayList<>(vr.length);
        for (int r : vr) {
            among.stream().filter(v -> v.valueReference() == r).findFirst().ifPresent(result::add);
        }
        return result;
    }

    private static void directStatus(int status) {
        if (status != OK && status != WARNING) {
            throw new IllegalStateException("status " + status);
        }
    }

    public void set(FmuVariable v, Object value) {
        if (fmi3 != null) {
            fmi3.set(new int[] {v.valueReference()}, new Object[] {value}, List.of(v));
            return;
        }
        int[] vr = {v.valueReference()};
        int status = switch (v.type()) {
            case REAL -> fmu.setReal(vr, new double[] {((Number) value).doubleValue()});
            case INTEGER -> fmu.setInteger(vr, new int[] {((Number) value).intValue()});
            case BOOLEAN -> fmu.setBoolean(vr, new boolean[] {(Boolean) value});
            case STRING -> fmu.setString(vr, new String[] {(String) value});
        };
        check(status, "fmi2Set" + typeWord(v), v);
    }

    /** The value as Double, Integer, Boolean or String. */
    public Object get(FmuVariable v) {
        if (fmi3 != null) {
            Object[] value = new Object[1];
            fmi3.get(v.type(), new int[] {v.valueReference()}, new int[] {0}, new int[] {0}, value, List.of(v));
            return value[0];
        }
        int vr = v.valueReference();
        try {
            return switch (v.type()) {
                case REAL -> fmu.getReal(vr)[0];
                case INTEGER -> fmu.getInteger(vr)[0];
                case BOOLEAN -> fmu.getBoolean(vr)[0];
                case STRING -> fmu.getString(vr)[0];
            };
        } catch (RuntimeException e) {
            stepping = false;
            throw failure("fmi2Get" + typeWord(v), v, "returned an error");
        }
    }

    private static String typeWord(FmuVariable v) {
        return typeWord(v.type());
    }

    private static String typeWord(VariableType type) {
        String word = type.name();
        return word.charAt(0) + word.substring(1).toLowerCase(java.util.Locale.ROOT);
    }

    /** The per-step calls go through the direct binding (not javafmi's proxy). */
    boolean direct() {
        return direct != null;
    }

    /** javafmi's proxy of the instance, for the Model Exchange calls ({@link ModelExchangeCalls}). */
    Fmu proxy() {
        return fmu;
    }

    FmuFile file() {
        return file;
    }

    ModelDescription description() {
        return description;
    }

    void check(int status, String function, FmuVariable v) {
        if (status != OK && status != WARNING) {
            stepping = false;
            throw failure(function, v, "returned " + statusName(status));
        }
    }

    private static String statusName(int status) {
        String[] names = {"fmi2OK", "fmi2Warning", "fmi2Discard", "fmi2Error", "fmi2Fatal", "fmi2Pending"};
        return status >= 0 && status < names.length ? names[status] : "status " + status;
    }

    private CoSimulationException failure(String function, FmuVariable v, String what) {
        StringBuilder message = new StringBuilder("FMU '").append(name).append("' (").append(source.getFileName())
                .append("): ").append(function);
        if (v != null) {
            message.append(" of '").append(v.name()).append('\'');
        }
        message.append(' ').append(what).append(" at t=").append(time);
        synchronized (recentErrors) {
            if (!recentErrors.isEmpty()) {
                message.append(": ").append(String.join("; ", recentErrors));
                recentErrors.clear();
            }
        }
        return new CoSimulationException(message.toString());
    }

    /** fmi2Terminate if it may still be called, fmi2FreeInstance, and removal of the extracted files. */
    @Override
    public void close() {
        if (fmi3 != null) {
            fmi3.close();
            return;
        }
        try {
            if (fmu != null) {
                if (stepping) {
                    fmu.terminate(); // its status does not matter any more
                }
                fmu.free();
            }
        } finally {
            fmu = null;
            direct = null;
            directStep = null;
            file.deleteTemporalFolder();
            TemporaryFolders.remove(removal);
        }
    }

    /** The names of this FMU's variables with the given causality, for error messages. */
    String namesOf(java.util.function.Predicate<FmuVariable> which) {
        List<String> names = variables.values().stream().filter(which).map(FmuVariable::name).toList();
        if (names.isEmpty()) {
            return "none";
        }
        List<String> shown = names.size() > 12 ? names.subList(0, 12) : names;
        return String.join(", ", shown) + (names.size() > shown.size() ? ", …" : "");
    }
}
