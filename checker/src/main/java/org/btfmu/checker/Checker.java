package org.btfmu.checker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code bt-fmu check}: checks any FMI 2.0 FMU. The model description against the
 * official XSD and the rules of FMI 2.0 §2.2; for Co-Simulation FMUs (linux64 binaries)
 * also a run of the calling sequence and the empirical dependency check
 * ({@link DependencyProbe}). A Model Exchange-only FMU gets the model description checks.
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
            Description d;
            try {
                d = Description.parse(xml);
            } catch (IllegalArgumentException e) {
                findings.add(Finding.error("modelDescription.xml", "not well-formed XML: " + e.getMessage()));
                return unprobed(fmu, findings);
            }
            findings.addAll(SchemaCheck.check(xml));
            findings.addAll(Rules.check(d));
            return run(fmu, unpacked, d, findings);
        }
    }

    /** The schema and rule checks of a model description alone (XSD, then FMI 2.0 §2.2 rules). */
    public static List<Finding> checkModelDescription(byte[] xml) {
        List<Finding> findings = new ArrayList<>(SchemaCheck.check(xml));
        try {
            findings.addAll(Rules.check(Description.parse(xml)));
        } catch (IllegalArgumentException e) {
            findings.add(Finding.error("modelDescription.xml", "not well-formed XML: " + e.getMessage()));
        }
        return findings;
    }

    /** A report without the dependency check (it did not run). */
    private static Report unprobed(Path fmu, List<Finding> findings) {
        return new Report(fmu.toString(), findings, Map.of(), Map.of());
    }

    private static Report run(Path fmu, UnpackedFmu unpacked, Description d, List<Finding> findings) {
        if (d.coSimulationIdentifier == null) {
            findings.add(Finding.note("fmiModelDescription", "no <CoSimulation>: the calling-sequence run and the"
                    + " dependency check need Co-Simulation and were skipped"));
            return unprobed(fmu, findings);
        }
        String binary = "binaries/linux64/" + d.coSimulationIdentifier + ".so";
        Path library = unpacked.resolve(binary);
        if (!Files.isRegularFile(library)) {
            findings.add(Finding.error(binary, "missing: the FMU cannot run on Linux x86-64, so the"
                    + " calling-sequence run and the dependency check were skipped"));
            return unprobed(fmu, findings);
        }
        Path resources = unpacked.resolve("resources");
        String location = resources.toUri().toString();
        NativeFmu loaded;
        try {
            loaded = new NativeFmu(library);
        } catch (UnsatisfiedLinkError e) {
            findings.add(Finding.error(binary, "does not load: " + e.getMessage()));
            return unprobed(fmu, findings);
        }
        try (NativeFmu binaryFmu = loaded) {
            for (String function : List.of("fmi2Instantiate", "fmi2FreeInstance", "fmi2DoStep", "fmi2GetReal")) {
                if (!binaryFmu.exports(function)) {
                    findings.add(Finding.error(binary, "does not export " + function));
                    return unprobed(fmu, findings);
                }
            }
            List<Finding> run = CallingSequence.run(binaryFmu, d, location);
            findings.addAll(run);
            if (run.stream().anyMatch(Finding::isError)) {
                findings.add(Finding.note("dependency check", "skipped: the calling sequence failed"));
                return unprobed(fmu, findings);
            }
            DependencyProbe.Result probe = DependencyProbe.run(binaryFmu, d, location);
            findings.addAll(probe.findings());
            return new Report(fmu.toString(), findings, probe.observed(), probe.unobserved());
        }
    }
}
