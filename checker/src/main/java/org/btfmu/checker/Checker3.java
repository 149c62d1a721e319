package org.btfmu.checker;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code bt-fmu check} of an FMI 3.0 FMU, chosen by {@link Checker} from the model
 * description's fmiVersion: the FMI 3.0 XSD and the rules of FMI 3.0 §2.4 ({@link Rules3}), the
 * binaries ({@link Fmi3Binaries}), then from the x86_64-linux binary the Co-Simulation runs
 * ({@link CoSimulation3Sequence}) and the Model Exchange run ({@link ModelExchange3Sequence}),
 * each followed by the calls its state machine forbids ({@link ForbiddenCalls3}) and its empirical
 * dependency check ({@link Dependency3Probe}). An FMU with
 * Scheduled Execution only gets the model description and binary checks.
 */
final class Checker3 {

    private Checker3() {
    }

    /** The schema and rule checks of an FMI 3.0 model description alone. */
    static List<Finding> checkModelDescription(byte[] xml) {
        List<Finding> findings = new ArrayList<>(SchemaCheck.check(xml, SchemaCheck.XSD3));
        try {
            findings.addAll(Rules3.check(Description3.parse(xml)));
        } catch (IllegalArgumentException e) {
            findings.add(Finding.error("modelDescription.xml", "not well-formed XML: " + e.getMessage()));
        }
        return findings;
    }

    static Report check(Path fmu, UnpackedFmu unpacked, byte[] xml) {
        List<Finding> findings = new ArrayList<>(SchemaCheck.check(xml, SchemaCheck.XSD3));
        Description3 d;
        try {
            d = Description3.parse(xml);
        } catch (IllegalArgumentException e) {
            findings.add(Finding.error("modelDescription.xml", "not well-formed XML: " + e.getMessage()));
            return new Report(fmu.toString(), findings, Map.of(), Map.of());
        }
        findings.addAll(Rules3.check(d));
        findings.addAll(Fmi3Binaries.checkWindows(unpacked.resolve("."), d));
        Map<String, Map<String, Set<String>>> observed = new LinkedHashMap<>();
        Map<String, Map<String, Set<String>>> unobserved = new LinkedHashMap<>();
        if (d.coSimulation == null && d.modelExchange == null) {
            findings.add(Finding.note("fmiModelDescription", "Scheduled Execution only: the calling sequence and the"
                    + " dependency check were skipped (bt-fmu check runs Co-Simulation and Model Exchange)"));
            return new Report(fmu.toString(), findings, observed, unobserved);
        }
        if (d.variables.stream().anyMatch(v -> v.type().equals("Clock"))) {
            findings.add(Finding.note("ModelVariables", "the FMU has clocks, which bt-fmu check does not drive"
                    + " (fmi3GetClock, fmi3SetClock, interval functions): the calling sequences and the dependency"
                    + " check were skipped"));
            return new Report(fmu.toString(), findings, observed, unobserved);
        }
        if (d.coSimulation == null) {
            findings.add(Finding.note("fmiModelDescription", "no <CoSimulation>: the Co-Simulation runs and their"
                    + " dependency check were skipped"));
        }
        // FMI 3.0 §2.3.1: the absolute path of resources/ with a trailing separator, NULL without the folder.
        Path resources = unpacked.resolve("resources").toAbsolutePath();
        String resourcePath = Files.isDirectory(resources) ? resources + java.io.File.separator : null;
        List<String> ids = new ArrayList<>();
        if (d.coSimulation != null) {
            ids.add(d.coSimulation.modelIdentifier());
        }
        if (d.modelExchange != null && !ids.contains(d.modelExchange.modelIdentifier())) {
            ids.add(d.modelExchange.modelIdentifier());
        }
        Map<String, NativeFmu3> loaded = new LinkedHashMap<>();
        try {
            for (String id : ids) {
                loaded.put(id, load(unpacked, id, findings));
            }
            NativeFmu3 cs = d.coSimulation == null ? null : loaded.get(d.coSimulation.modelIdentifier());
            if (cs != null) {
                List<Finding> run = new ArrayList<>(CoSimulation3Sequence.run(cs, d, resourcePath));
                if (run.stream().noneMatch(Finding::isError)) {
                    run.addAll(ForbiddenCalls3.run(cs, ForbiddenCalls3.CO_SIMULATION, d, resourcePath));
                }
                findings.addAll(run);
                if (run.stream().anyMatch(Finding::isError)) {
                    findings.add(Finding.note("dependency check", "skipped: the Co-Simulation calling sequence"
                            + " failed"));
                } else {
                    add(Dependency3Probe.coSimulation(cs, d, resourcePath), findings, observed, unobserved);
                }
            }
            NativeFmu3 me = d.modelExchange == null ? null : loaded.get(d.modelExchange.modelIdentifier());
            if (me != null) {
                List<Finding> run = new ArrayList<>(ModelExchange3Sequence.run(me, d, resourcePath));
                if (run.stream().noneMatch(Finding::isError)) {
                    run.addAll(ForbiddenCalls3.run(me, ForbiddenCalls3.MODEL_EXCHANGE, d, resourcePath));
                }
                findings.addAll(run);
                if (run.stream().anyMatch(Finding::isError)) {
                    findings.add(Finding.note("Model Exchange dependency check", "skipped: the Model Exchange"
                            + " calling sequence failed"));
                } else {
                    add(Dependency3Probe.modelExchange(me, d, resourcePath), findings, observed, unobserved);
                }
            }
        } finally {
            loaded.values().stream().filter(f -> f != null).forEach(NativeFmu3::close);
        }
        return new Report(fmu.toString(), findings, observed, unobserved);
    }

    private static void add(Dependency3Probe.Result probe, List<Finding> findings,
            Map<String, Map<String, Set<String>>> observed, Map<String, Map<String, Set<String>>> unobserved) {
        findings.addAll(probe.findings());
        observed.putAll(probe.observed());
        unobserved.putAll(probe.unobserved());
    }

    /** The x86_64-linux library of the identifier, exporting every FMI 3.0 function; null after a finding. */
    private static NativeFmu3 load(UnpackedFmu unpacked, String id, List<Finding> findings) {
        String binary = Fmi3Binaries.LINUX + id + ".so";
        Path library = unpacked.resolve(binary);
        if (!Files.isRegularFile(library)) {
            findings.add(Finding.error(binary, "missing: the modelIdentifier '" + id + "' has no binary for Linux"
                    + " x86-64" + Fmi3Binaries.others(unpacked.resolve(Fmi3Binaries.LINUX), ".so")
                    + ", so the calling sequences and the dependency check were skipped"));
            return null;
        }
        NativeFmu3 fmu;
        try {
            fmu = new NativeFmu3(library);
        } catch (UnsatisfiedLinkError e) {
            findings.add(Finding.error(binary, "does not load: " + e.getMessage()));
            return null;
        }
        Set<String> missing = Fmi3Binaries.missingExports(fmu);
        if (!missing.isEmpty()) {
            findings.add(Finding.error(binary, Fmi3Binaries.exportsMessage(missing)
                    + ", so the calling sequences and the dependency check were skipped"));
            fmu.close();
            return null;
        }
        return fmu;
    }
}
