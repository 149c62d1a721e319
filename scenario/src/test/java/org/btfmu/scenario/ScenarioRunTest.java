package org.btfmu.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.btfmu.cosim.CoSimulation;
import org.btfmu.cosim.ConnectionFile;
import org.btfmu.cosim.Experiment;
import org.btfmu.cosim.SspWriter;
import org.btfmu.mission.MissionLoader;
import org.btfmu.packager.FmuPackager;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Scenarios run in this JVM (the goal runs them in a process of its own, see the integration builds). */
class ScenarioRunTest {

    /** The Maven template project's mission. */
    static final Path TEMPLATE_MISSION = Path.of("../examples/maven-project/src/main/missions/climb-and-fly.json");

    @TempDir
    static Path project;

    private static Map<String, Path> missionFmus;

    private static final String WIRING = """
              "fmus": {"mission": "climb_and_fly", "plant": "plant/PointMassAircraft.fmu"},
              "stop": 120, "step": 1,
              "connections": [
                {"from": "mission.mode", "to": "plant.mode"},
                {"from": "mission.target_altitude", "to": "plant.target_altitude"},
                {"from": "plant.altitude", "to": "mission.altitude"},
                {"from": "plant.target_reached", "to": "mission.target_reached"}
              ],
            """;

    @BeforeAll
    static void fmus() throws Exception {
        Path fmu = project.resolve("climb_and_fly.fmu");
        new FmuPackager().build(MissionLoader.load(TEMPLATE_MISSION), new FmuPackager.Options(null, false), fmu);
        PlantFmu.POINT_MASS_AIRCRAFT.copyTo(Files.createDirectories(project.resolve("plant")));
        missionFmus = Map.of("climb_and_fly", fmu);
    }

    private static ScenarioRun.Outcome run(String name, String expect) {
        Path file = write(project.resolve(name + ".json"), "{\n" + WIRING + "  \"expect\": " + expect + "\n}\n");
        return ScenarioRun.run(Scenario.read(file, project, missionFmus), message -> { });
    }

    private static ScenarioException configurationError(String name, String expect) {
        return assertThrows(ScenarioException.class, () -> run(name, expect));
    }

    @Test
    void expectationsThatHoldPass() {
        ScenarioRun.Outcome outcome = run("holds", """
                [{"task": "mission/take_off", "status": "RUNNING", "before": 5},
                 {"task": "mission/altitude_reached", "status": "SUCCESS", "before": 90},
                 {"variable": "plant.altitude", "at": 120, "min": 290, "max": 310},
                 {"variable": "mission.mode", "at": 1, "value": 1},
                 {"variable": "plant.altitude", "min": 0}]""");
        assertNull(outcome.error());
        assertEquals(0, outcome.failures(), outcome.expectations().stream().map(Expectation::failure).toList()
                .toString());
        assertEquals(5, outcome.expectations().size());
    }

    @Test
    void failedExpectationsSayWhatWasSeen() {
        ScenarioRun.Outcome outcome = run("fails", """
                [{"variable": "plant.altitude", "at": 100, "min": 500},
                 {"task": "mission/fly_to_waypoint", "status": "SUCCESS", "before": 20},
                 {"variable": "plant.altitude", "max": 100},
                 {"variable": "mission.mode", "at": 1, "value": 0}]""");
        List<String> failures = outcome.expectations().stream().map(Expectation::failure).toList();
        assertEquals(4, outcome.failures(), failures.toString());
        assertTrue(failures.get(0).matches("expected plant\\.altitude in \\[500\\.0, Infinity\\] at 100 s,"
                + " was 30\\d\\.\\d+ at 100 s"), failures.get(0));
        assertEquals("expected mission/fly_to_waypoint SUCCESS at or before 20 s, but it never was"
                + " (last ACCEPT at 20 s); statuses seen at the communication points: ACCEPT at 0 s", failures.get(1));
        assertTrue(failures.get(2).matches("expected plant\\.altitude in \\[-Infinity, 100\\.0\\] throughout,"
                + " was 10\\d\\.\\d+ at \\d+ s"), failures.get(2));
        assertEquals("expected mission.mode = 0 at 1 s, was 1 at 1 s", failures.get(3));
    }

    @Test
    void aFailedStatusExpectationListsTheStatusesSeen() {
        ScenarioRun.Outcome outcome = run("statuses", """
                [{"task": "mission/take_off", "status": "SUCCESS", "before": 120}]""");
        String failure = outcome.expectations().get(0).failure();
        // The template's take-off action goes from RUNNING back to ACCEPT within one instant: SUCCESS is never seen.
        assertEquals("expected mission/take_off SUCCESS at or before 120 s, but it never was (last ACCEPT at 120 s);"
                + " statuses seen at the communication points: RUNNING at 0 s, ACCEPT at 66 s", failure);
    }

    @Test
    void aRangeWithMinAboveMaxIsAConfigurationError() {
        assertTrue(configurationError("inverted", "[{\"variable\": \"plant.altitude\", \"min\": 390, \"max\": 350}]")
                .getMessage().contains("inverted.json: /expect/0: \"min\" 390.0 is above \"max\" 350.0: no value can"
                        + " pass"));
    }

    @Test
    void aScenarioWithoutExpectationsWarns() {
        Path empty = write(project.resolve("empty.json"), "{\n" + WIRING + "  \"expect\": []\n}\n");
        assertEquals(List.of(empty + ": /expect: no expectations: the scenario passes whatever the run gives"),
                Scenario.read(empty, project, missionFmus).warnings());
        Path some = write(project.resolve("some.json"), "{\n" + WIRING
                + "  \"expect\": [{\"variable\": \"plant.altitude\", \"min\": 0}]\n}\n");
        assertEquals(List.of(), Scenario.read(some, project, missionFmus).warnings());
    }

    @Test
    void anUnknownVariableIsAConfigurationError() {
        ScenarioException e = configurationError("unknown-variable",
                "[{\"variable\": \"plant.altitud\", \"at\": 10, \"min\": 0}]");
        assertTrue(e.getMessage().contains("unknown-variable.json: /expect/0/variable: FMU 'plant' has no"
                + " variable 'altitud'"), e.getMessage());
    }

    @Test
    void anUnknownTaskIsAConfigurationErrorListingTheTasks() {
        ScenarioException e = configurationError("unknown-task",
                "[{\"task\": \"mission/land\", \"status\": \"SUCCESS\"}]");
        assertTrue(e.getMessage().contains("unknown-task.json: /expect/0/task: 'mission/land' names no task of FMU"
                + " 'mission' (its tasks: "), e.getMessage());
        assertTrue(e.getMessage().contains("climb_and_fly/mission/altitude_selector/take_off"), e.getMessage());
    }

    @Test
    void malformedExpectationsAreConfigurationErrors() {
        assertTrue(configurationError("status", "[{\"task\": \"mission/take_off\", \"status\": \"DONE\"}]")
                .getMessage().contains("/expect/0/status: 'DONE' is no task status"));
        assertTrue(configurationError("late", "[{\"variable\": \"plant.altitude\", \"at\": 500, \"min\": 0}]")
                .getMessage().contains("/expect/0/at: 500.0 s is outside the run (0.0 to 120.0 s)"));
        assertTrue(configurationError("key", "[{\"variable\": \"plant.altitude\", \"atTime\": 5, \"min\": 0}]")
                .getMessage().contains("/expect/0/atTime: unknown key"));
        assertTrue(configurationError("fmu", "[{\"task\": \"aircraft/take_off\", \"status\": \"SUCCESS\"}]")
                .getMessage().contains("'aircraft/take_off' names no FMU of the scenario (its FMUs: mission, plant)"));
        assertTrue(configurationError("range", "[{\"variable\": \"plant.target_reached\", \"min\": 0}]")
                .getMessage().contains("'plant.target_reached' is a Boolean; \"min\" and \"max\" need a number"));
    }

    @Test
    void aMissionThatIsNotInTheProjectIsAConfigurationError() {
        Path file = write(project.resolve("other.json"),
                "{\"fmus\": {\"mission\": \"landing\"}, \"stop\": 1, \"step\": 1}");
        ScenarioException e = assertThrows(ScenarioException.class, () -> Scenario.read(file, project, missionFmus));
        assertTrue(e.getMessage().contains("/fmus/mission: 'landing' is no mission of this project (its missions:"
                + " climb_and_fly)"), e.getMessage());
    }

    @Test
    void anSspScenarioTakesItsWiringAndTimesFromTheSspAndTheMissionFromTheProject() throws Exception {
        Path ssp = project.resolve("climb.ssp");
        Path wiring = write(project.resolve("wiring.json"), "{\n" + WIRING.substring(WIRING.indexOf("\"connections\""))
                .replaceAll(",\\s*$", "") + "\n}\n");
        // An SSP whose mission FMU is another build (another safe altitude) than the project's.
        Path otherMission = project.resolve("other/climb_and_fly.fmu");
        Files.createDirectories(otherMission.getParent());
        new FmuPackager().build(MissionLoader.load(Files.readString(TEMPLATE_MISSION)
                .replace("\"start\": 300", "\"start\": 100"), "other.json"), new FmuPackager.Options(null, false),
                otherMission);
        try (CoSimulation sim = CoSimulation.load(List.of(new CoSimulation.FmuSpec("mission", otherMission),
                new CoSimulation.FmuSpec("plant", project.resolve("plant/PointMassAircraft.fmu"))), m -> { })) {
            ConnectionFile file = ConnectionFile.read(wiring, sim.fmus());
            SspWriter.write(ssp, "climb", sim.fmus(), file.connections(), file.parameters(),
                    new Experiment(0, 120, 1));
        }
        String expect = "[{\"variable\": \"plant.altitude\", \"at\": 120, \"min\": 290, \"max\": 310}]";

        Path withProjectMission = write(project.resolve("ssp-project.json"),
                "{\"ssp\": \"climb.ssp\", \"fmus\": {\"mission\": \"climb_and_fly\"}, \"expect\": " + expect + "}");
        ScenarioRun.Outcome outcome = ScenarioRun.run(Scenario.read(withProjectMission, project, missionFmus), m -> { });
        assertEquals(0, outcome.failures(), outcome.expectations().get(0).failure());

        Path withSspMission = write(project.resolve("ssp-own.json"),
                "{\"ssp\": \"climb.ssp\", \"expect\": " + expect + "}");
        outcome = ScenarioRun.run(Scenario.read(withSspMission, project, missionFmus), m -> { });
        assertTrue(outcome.expectations().get(0).failure().matches(".*was 1\\d\\d\\.\\d+ at 120 s"),
                outcome.expectations().get(0).failure());

        Path unknown = write(project.resolve("ssp-unknown.json"),
                "{\"ssp\": \"climb.ssp\", \"fmus\": {\"aircraft\": \"climb_and_fly\"}}");
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ScenarioRun.run(Scenario.read(unknown, project, missionFmus), m -> { }));
        assertTrue(e.getMessage().contains("/fmus/aircraft: climb.ssp has no component 'aircraft' (its components:"
                + " mission, plant)"), e.getMessage());

        Path doubled = write(project.resolve("ssp-connections.json"),
                "{\"ssp\": \"climb.ssp\", \"connections\": []}");
        assertTrue(assertThrows(ScenarioException.class, () -> Scenario.read(doubled, project, missionFmus))
                .getMessage().contains("/connections: the SSP brings the connections"));
    }

    static Path write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            return Files.writeString(file, text);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
