package org.btfmu.checker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.btfmu.checker.Description.Variable;

/**
 * {@code bt-fmu check}: checks any FMI 2.0 FMU (an FMI 3.0 FMU goes to {@link Checker3}). The model description against the
 * official XSD and the rules of FMI 2.0 §2.2; then, from the linux64 binary, for each interface
 * the FMU offers a run of its calling sequence and the empirical dependency check: Co-Simulation
 * ({@link CallingSequence}, {@link DependencyProbe}) and Model Exchange
 * ({@link ModelExchangeSequence}, {@link ForbiddenCalls}, {@link ModelExchangeProbe}).
 */
public final class Checker {

    private Checker() {
    }

    /**
     * Checks the FMU file.
     *
     * @throws IllegalArgumentException when the file is missing or not a zip archive
     */
    public static Report check(Path fmu) throws IOException {
        if (!Files.isRegularFile(fmu)) {
            throw new IllegalArgumentException(fmu + ": no such file");
        }
        List<Finding> findings = new ArrayList<>();
        try (UnpackedFmu unpacked = UnpackedFmu.of(fmu)) {
            byte[] xml;
            try {
                xml = Files.readAllBytes(unpacked.resolve("modelDescription.xml"));
            } catch (NoSuchFileException e) {
                findings.add(Finding.error(fmu.getFileName().toString(), "no modelDescription.xml"));
                return unprobed(fmu, findings);
            }
            if (Description3.fmiVersion(xml).startsWith("3.")) {
                return Checker3.check(fmu, unpacked, xml);
            }
            Description d;
            try {
                d = Description.parse(xml);
            } catch (IllegalArgumentException e) {
                findings.add(Finding.error("modelDescription.xml", "not well-formed XML: " + e.getMessage()));
                return unprobed(fmu, findings);
            }
            findings.addAll(SchemaCheck.check(xml));
            findings.addAll(Rules.check(d));
            findings.addAll(Win64Binaries.check(unpacked.resolve("."), d));
            return run(fmu, unpacked, d, findings);
        }
    }

    /**
     * The schema and rule checks of a model description alone: XSD, then FMI 2.0 §2.2 rules, or
     * the FMI 3.0 XSD and §2.4 rules when fmiVersion is 3.x.
     */
    public static List<Finding> checkModelDescription(byte[] xml) {
        if (Description3.fmiVersion(xml).startsWith("3.")) {
            return Checker3.checkModelDescription(xml);
        }
        List<Finding> findings = new ArrayList<>(SchemaCheck.check(xml));
        try {
            findings.addAll(Rules.check(Description.parse(xml)));
        } catch (IllegalArgumentException e) {
            findings.add(Finding.error("modelDescription.xml", "not well-formed XML: " + e.getMessage()));
        }
        return findings;
    }

    /**
     * The Model Exchange dependency check alone, from an instant of the caller's choice: the
     * named variables are set to the values (Double, Integer, Boolean or String) in
     * Initialization Mode first. For tests that need the dependencies to show.
     *
     * @throws IllegalArgumentException when the FMU has no {@code <ModelExchange>} or a name is no variable
     */
    public static Report probeModelExchange(Path fmu, Map<String, ?> startValues) throws IOException {
        List<Finding> findings = new ArrayList<>();
        try (UnpackedFmu unpacked = UnpackedFmu.of(fmu)) {
            Description d = Description.parse(Files.readAllBytes(unpacked.resolve("modelDescription.xml")));
            if (d.modelExchangeIdentifier == null) {
                throw new IllegalArgumentException(fmu + ": no <ModelExchange>");
            }
            Map<Variable, Object> values = new LinkedHashMap<>();
            startValues.forEach((name, value) -> values.put(d.variables.stream().filter(v -> v.name().equals(name))
                    .findFirst().orElseThrow(() -> new IllegalArgumentException(fmu + ": no variable '" + name + "'")),
                    value));
            Map<String, Map<String, Set<String>>> observed = new LinkedHashMap<>();
            Map<String, Map<String, Set<String>>> unobserved = new LinkedHashMap<>();
            try (Binaries binaries = new Binaries(unpacked, findings)) {
                NativeFmu me = binaries.load(d.modelExchangeIdentifier, "the Model Exchange run",
                        MODEL_EXCHANGE_FUNCTIONS);
                if (me != null) {
                    modelExchange(me, d, unpacked.resolve("resources").toUri().toString(), values, findings, observed,
                            unobserved, false);
                }
            }
            return new Report(fmu.toString(), findings, observed, unobserved);
        }
    }

    /** A report without the dependency check (it did not run). */
    private static Report unprobed(Path fmu, List<Finding> findings) {
        return new Report(fmu.toString(), findings, Map.of(), Map.of());
    }

    /** The FMU's binaries, loaded once per model identifier (null: missing or unloadable, with a finding). */
    private static final class Binaries implements AutoCloseable {
        private final UnpackedFmu unpacked;
        private final List<Finding> findings;
        private final Map<String, NativeFmu> loaded = new HashMap<>();

        Binaries(UnpackedFmu unpacked, List<Finding> findings) {
            this.unpacked = unpacked;
            this.findings = findings;
        }

        /** The library of the identifier exporting the functions; null after a finding. */
        NativeFmu load(String identifier, String runs, List<String> functions) {
            String binary = "binaries/linux64/" + identifier + ".so";
            if (!loaded.containsKey(identifier)) {
                loaded.put(identifier, open(binary));
            }
            NativeFmu fmu = loaded.get(identifier);
            if (fmu == null) {
                return null;
            }
            for (String function : functions) {
                if (!fmu.exports(function)) {
                    findings.add(Finding.error(binary, "does not export " + function + ", so " + runs
                            + " was skipped"));
                    return null;
                }
            }
            return fmu;
        }

        private NativeFmu open(String binary) {
            Path library = unpacked.resolve(binary);
            if (!Files.isRegularFile(library)) {
                findings.add(Finding.error(binary, "missing: the FMU cannot run on Linux x86-64, so the"
                        + " calling-sequence run and the dependency check were skipped"));
                return null;
            }
            try {
                return new NativeFmu(library);
            } catch (UnsatisfiedLinkError e) {
                findings.add(Finding.error(binary, "does not load: " + e.getMessage()));
                return null;
            }
        }

        @Override
        public void close() {
            loaded.values().stream().filter(Objects::nonNull).forEach(NativeFmu::close);
        }
    }

    private static final List<String> CO_SIMULATION_FUNCTIONS = List.of("fmi2Instantiate", "fmi2FreeInstance",
            "fmi2DoStep", "fmi2GetReal");
    private static final List<String> MODEL_EXCHANGE_FUNCTIONS = List.of("fmi2Instantiate", "fmi2FreeInstance",
            "fmi2GetReal", "fmi2SetTime", "fmi2SetContinuousStates", "fmi2EnterEventMode", "fmi2NewDiscreteStates",
            "fmi2EnterContinuousTimeMode", "fmi2CompletedIntegratorStep", "fmi2GetDerivatives",
            "fmi2GetEventIndicators", "fmi2GetContinuousStates", "fmi2GetNominalsOfContinuousStates");

    private static Report run(Path fmu, UnpackedFmu unpacked, Description d, List<Finding> findings) {
        String location = unpacked.resolve("resources").toUri().toString();
        Map<String, Map<String, Set<String>>> observed = new LinkedHashMap<>();
        Map<String, Map<String, Set<String>>> unobserved = new LinkedHashMap<>();
        try (Binaries binaries = new Binaries(unpacked, findings)) {
            if (d.coSimulationIdentifier == null) {
                findings.add(Finding.note("fmiModelDescription", "no <CoSimulation>: the Co-Simulation run and its"
                        + " dependency check were skipped"));
            } else {
                NativeFmu cs = binaries.load(d.coSimulationIdentifier, "the Co-Simulation run",
                        CO_SIMULATION_FUNCTIONS);
                if (cs != null) {
                    coSimulation(cs, d, location, findings, observed, unobserved);
                }
            }
            if (d.modelExchangeIdentifier != null) {
                NativeFmu me = binaries.load(d.modelExchangeIdentifier, "the Model Exchange run",
                        MODEL_EXCHANGE_FUNCTIONS);
                if (me != null) {
                    modelExchange(me, d, location, Map.of(), findings, observed, unobserved, true);
                }
            }
        }
        return new Report(fmu.toString(), findings, observed, unobserved);
    }

    /** The calling sequence, then the dependency check if the sequence ran without errors. */
    private static void coSimulation(NativeFmu fmu, Description d, String location, List<Finding> findings,
            Map<String, Map<String, Set<String>>> observed, Map<String, Map<String, Set<String>>> unobserved) {
        List<Finding> run = CallingSequence.run(fmu, d, location);
        findings.addAll(run);
        if (run.stream().anyMatch(Finding::isError)) {
            findings.add(Finding.note("dependency check", "skipped: the calling sequence failed"));
            return;
        }
        DependencyProbe.Result probe = DependencyProbe.run(fmu, d, location);
        findings.addAll(probe.findings());
        observed.putAll(probe.observed());
        unobserved.putAll(probe.unobserved());
    }

    /**
     * The Model Exchange calling sequence and the forbidden calls (if {@code sequence}), then the
     * dependency check if they ran without errors.
     */
    private static void modelExchange(NativeFmu fmu, Description d, String location,
            Map<Variable, Object> startValues, List<Finding> findings,
            Map<String, Map<String, Set<String>>> observed, Map<String, Map<String, Set<String>>> unobserved,
            boolean sequence) {
        if (sequence) {
            List<Finding> run = new ArrayList<>(ModelExchangeSequence.run(fmu, d, location));
            if (run.stream().noneMatch(Finding::isError)) {
                run.addAll(ForbiddenCalls.run(fmu, d, location));
            }
            findings.addAll(run);
            if (run.stream().anyMatch(Finding::isError)) {
                findings.add(Finding.note(ModelExchangeProbe.CONTEXT, "skipped: the Model Exchange calling sequence"
                        + " failed"));
                return;
            }
        }
        ModelExchangeProbe.Result probe = ModelExchangeProbe.run(fmu, d, location, startValues);
        findings.addAll(probe.findings());
        observed.put(ModelExchangeProbe.CONTINUOUS_TIME, probe.observed());
        unobserved.put(ModelExchangeProbe.CONTINUOUS_TIME, probe.unobserved());
    }
}
