package org.btfmu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bt-fmu simulate --scenario}: a scenario of a Maven mission project replayed as the
 * plugin runs it, with its expectations and the same counts.
 */
class SimulateScenarioTest {

    @TempDir
    static Path project;

    private static final Path TEMPLATE = Path.of("../examples/maven-project");

    @BeforeAll
    static void aBuiltProject() throws Exception {
        Files.createDirectories(project.resolve("target/fmus"));
        Console built = Console.run("build", TEMPLATE.resolve("src/main/missions/climb-and-fly.json").toString(),
                "-o", project.resolve("target/fmus/climb_and_fly.fmu").toString());
        assertEquals(0, built.exit(), built.err());
        PlantFmu.POINT_MASS_AIRCRAFT.copyTo(Files.createDirectories(project.resolve("target/plants")));
    }

    private static Path scenario(String name, String text) throws Exception {
        Path file = project.resolve("src/test/scenarios/" + name);
        Files.createDirectories(file.getParent());
        return Files.writeString(file, text);
    }

    @Test
    void theTemplatesScenarioPassesAsInTheMavenBuild() throws Exception {
        Path file = scenario("climb.json", Files.readString(TEMPLATE.resolve("src/test/scenarios/climb.json")));
        Path out = project.resolve("out");
        Console run = Console.run("simulate", "--scenario", file.toString(), "-o", out.toString());
        assertEquals(0, run.exit(), run.out() + run.err());
        assertTrue(run.out().contains("  passed: mission/altitude_reached SUCCESS at or before 90 s\n"), run.out());
        assertTrue(run.out().contains("bt-fmu: scenario climb.json: 4 passed, 0 failed, 0 errors, 0 skipped; wrote "
                + out.resolve("result.csv")), run.out());
        assertTrue(Files.readAllLines(out.resolve("result.csv")).get(0).startsWith("time,"));
    }

    @Test
    void aFailedExpectationIsReportedAsInTheMavenBuildWithExitCode1() throws Exception {
        Path file = scenario("sub/too-high.json", Files.readString(TEMPLATE.resolve("src/test/scenarios/climb.json"))
                .replace("\"min\": 290, \"max\": 310", "\"min\": 500, \"max\": 600"));
        Console run = Console.run("simulate", "--scenario", file.toString(), "-o", project.resolve("out2").toString());
        assertEquals(1, run.exit(), run.out() + run.err());
        assertTrue(run.out().matches("(?s).*  FAILED: expected plant\\.altitude in \\[500\\.0, 600\\.0\\] at 200 s,"
                + " was 3\\d\\d\\.\\d+ at 200 s\n.*"), run.out());
        assertTrue(run.out().contains("bt-fmu: scenario too-high.json: 3 passed, 1 failed, 0 errors, 0 skipped"),
                run.out());
    }

    @Test
    void aScenarioThatCannotRunIsAnErrorWithLineAndColumn() throws Exception {
        Path file = scenario("typo.json", Files.readString(TEMPLATE.resolve("src/test/scenarios/climb.json"))
                .replace("\"plant.altitude\", \"min\": 0", "\"plant.altitud\", \"min\": 0"));
        Console run = Console.run("simulate", "--scenario", file.toString(), "-o", project.resolve("out3").toString());
        assertEquals(2, run.exit(), run.out() + run.err());
        assertTrue(run.err().contains("bt-fmu simulate: " + file + ":[16,18] /expect/3/variable: FMU 'plant' has no"
                + " variable 'altitud'"), run.err());
    }
}
