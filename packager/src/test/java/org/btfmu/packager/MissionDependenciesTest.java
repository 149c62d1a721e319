package org.btfmu.packager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.btfmu.checker.Checker;
import org.btfmu.checker.Finding;
import org.btfmu.checker.Report;
import org.btfmu.mission.Mission;
import org.btfmu.mission.MissionLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Built mission FMUs behave as their ModelStructure says (bt-fmu check observes it): one
 * whose output truly feeds through from an input, already in Initialization Mode, and
 * one whose outputs follow statuses and parameters only.
 */
class MissionDependenciesTest {

    @TempDir
    Path dir;

    private Report check(String missionText) throws Exception {
        Mission mission = MissionLoader.load(missionText, "m.json");
        Path fmu = dir.resolve(mission.name() + ".fmu");
        new FmuPackager().build(mission, new FmuPackager.Options(null, false), fmu);
        return Checker.check(fmu);
    }

    @Test
    void aFeedthroughOutputIsDeclaredAndObservedInBothModes() throws Exception {
        Report report = check(ModelStructureTest.FEEDTHROUGH);
        assertEquals(List.of(), report.errors());
        assertEquals(Set.of("altitude", "climb_to", "gain"),
                report.observed(Report.INITIALIZATION_MODE).get("target"));
        assertEquals(Set.of("altitude", "gain"), report.observed(Report.STEP_MODE).get("target"));
        assertEquals(Set.of(), report.observed(Report.STEP_MODE).get("status.feed.plan.cruise"),
                "statuses wait for the next step");
        // Every declared dependency shows in Step Mode; the one note is the tunable parameter,
        // which feeds through but is no known of <Outputs> (FMI 2.0 §2.2.8).
        assertEquals(List.of(Report.STEP_MODE + ", target <- gain"), report.notes().stream()
                .filter(n -> n.where().startsWith(Report.STEP_MODE)).map(Finding::where).toList());
    }

    @Test
    void outputsWithoutFeedthroughDependOnNoInput() throws Exception {
        Report report = check(ModelStructureTest.NONE);
        assertEquals(List.of(), report.errors());
        Map<String, Set<String>> step = report.observed(Report.STEP_MODE);
        assertEquals(Set.of("gain"), step.get("target"), "the tunable parameter feeds through, no input");
        step.forEach((output, knowns) -> assertEquals(output.equals("target") ? Set.of("gain") : Set.of(),
                knowns, output));
        // Not a known of <Outputs> (FMI 2.0 §2.2.8), so not declared: a note, never an error.
        assertTrue(report.notes().stream().anyMatch(n -> n.where().equals(Report.STEP_MODE + ", target <- gain")),
                report.notes().toString());
        assertEquals(Set.of("climb_to", "gain", "label"),
                report.observed(Report.INITIALIZATION_MODE).get("target"));
    }
}
