package org.btfmu.fmutests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.ZipFile;
import org.btfmu.checker.Checker;
import org.btfmu.checker.Report;
import org.btfmu.mission.Mission;
import org.btfmu.mission.MissionLoader;
import org.btfmu.packager.FmuInterface;
import org.btfmu.packager.FmuPackager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bt-fmu check (the XSD, the FMI 2.0 rules and, for each interface the FMU offers, the
 * calling-sequence run and the empirical dependency check) on FMUs that offer Model Exchange:
 * the one ModelStructure serves both interfaces.
 */
class ModelExchangeCheckTest {

    /** Climbing at the start: target = climb_to; the cruise's gain * altitude does not show yet. */
    private static final Map<String, Set<String>> MODEL_EXCHANGE_OBSERVED = Map.of("target", Set.of());
    private static final String UNSEEN_WHILE_CLIMBING = "note: Model Exchange, Continuous-Time Mode, altitude:"
            + " declared in <Outputs> for 1 unknown but not seen: setting it to [1.0, -1.0, 100.0, -100.0, 10.0]"
            + " left target unchanged";

    @TempDir
    Path dir;

    private Path build(String name, EnumSet<FmuInterface> interfaces) throws Exception {
        Mission mission;
        try (var in = ModelExchangeCheckTest.class.getResourceAsStream("/missions/shim_test.json")) {
            mission = MissionLoader.load(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8),
                    "shim_test.json");
        }
        Path fmu = dir.resolve(name + ".fmu");
        new FmuPackager().build(mission, new FmuPackager.Options(name, false, interfaces), fmu);
        return fmu;
    }

    @Test
    void bothInterfacesPassTheCheckWithTheDependenciesObserved() throws Exception {
        Report report = Checker.check(build("both", EnumSet.allOf(FmuInterface.class)));
        assertEquals(List.of(), report.errors(), report.summary());
        assertTrue(!report.observed(Report.STEP_MODE).isEmpty(), "the dependency check ran");
        assertEquals(MODEL_EXCHANGE_OBSERVED, report.observed(Report.CONTINUOUS_TIME_MODE));
        assertEquals(List.of(UNSEEN_WHILE_CLIMBING), report.notes().stream().map(Object::toString)
                .filter(n -> n.contains("Model Exchange")).toList());
    }

    @Test
    void modelExchangeAlonePassesTheDescriptionChecks() throws Exception {
        Path fmu = build("me_only", EnumSet.of(FmuInterface.MODEL_EXCHANGE));
        try (ZipFile zip = new ZipFile(fmu.toFile())) {
            byte[] xml = zip.getInputStream(zip.getEntry("modelDescription.xml")).readAllBytes();
            assertEquals(List.of(), Checker.checkModelDescription(xml).stream().filter(f -> f.isError()).toList());
        }
        Report report = Checker.check(fmu);
        assertEquals(List.of(), report.errors(), report.summary());
        assertEquals(Map.of(), report.observed(Report.STEP_MODE), "no Co-Simulation run");
        assertEquals(MODEL_EXCHANGE_OBSERVED, report.observed(Report.CONTINUOUS_TIME_MODE));
        assertEquals(List.of(UNSEEN_WHILE_CLIMBING), report.notes().stream().map(Object::toString)
                .filter(n -> n.contains("Model Exchange")).toList());
    }
}
