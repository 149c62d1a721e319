package org.btfmu.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.artifact.DefaultArtifact;
import org.apache.maven.artifact.handler.DefaultArtifactHandler;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.btfmu.mission.MissionLoader;
import org.btfmu.packager.FmuPackager;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The goal with its scenarios run in a process of their own, on this test's class path. */
class CheckMojoTest {

    @TempDir
    Path project;

    private final CapturingLog log = new CapturingLog();

    private CheckMojo mojo() {
        CheckMojo mojo = new CheckMojo();
        mojo.missionsDirectory = Projects.withMissions(project, Projects.TEMPLATE_MISSION).toFile();
        mojo.outputDirectory = project.resolve("target/fmus").toFile();
        mojo.scenariosDirectory = project.resolve("src/test/scenarios").toFile();
        mojo.reportsDirectory = project.resolve("target/bt-fmu-reports").toFile();
        mojo.baseDirectory = project.toFile();
        mojo.workDirectory = project.resolve("target/bt-fmu").toFile();
        mojo.pluginArtifacts = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(CheckMojoTest::artifact).toList();
        mojo.setLog(log);
        return mojo;
    }

    private static Artifact artifact(String file) {
        DefaultArtifact artifact = new DefaultArtifact("test", file, "1", "compile", "jar", null,
                new DefaultArtifactHandler("jar"));
        artifact.setFile(new File(file));
        return artifact;
    }

    private void buildFmus() throws Exception {
        Files.createDirectories(project.resolve("target/fmus"));
        new FmuPackager().build(MissionLoader.load(Projects.TEMPLATE_MISSION), new FmuPackager.Options(null, false),
                project.resolve("target/fmus/climb_and_fly.fmu"));
        PlantFmu.POINT_MASS_AIRCRAFT.copyTo(Files.createDirectories(project.resolve("plants")));
    }

    private void scenario(String name, String expect) {
        Projects.write(project.resolve("src/test/scenarios/" + name + ".json"), """
                {
                  "fmus": {"mission": "climb_and_fly", "plant": "plants/PointMassAircraft.fmu"},
                  "stop": 100, "step": 1,
                  "connections": [
                    {"from": "mission.mode", "to": "plant.mode"},
                    {"from": "mission.target_altitude", "to": "plant.target_altitude"},
                    {"from": "plant.altitude", "to": "mission.altitude"}
                  ],
                  "expect": %s
                }
                """.formatted(expect));
    }

    @Test
    void anFmuThatWasNotBuiltIsAConfigurationError() {
        MojoExecutionException e = assertThrows(MojoExecutionException.class, () -> mojo().execute());
        assertTrue(e.getMessage().endsWith("climb_and_fly.fmu does not exist; the build goal (phase package)"
                + " writes it: run 'mvn verify'"), e.getMessage());
    }

    @Test
    void withoutScenariosTheFmusAreChecked() throws Exception {
        buildFmus();
        mojo().execute();
        assertTrue(log.infos.contains("bt-fmu: 1 FMU passes the FMU checks (model description, calling sequence,"
                + " dependencies)"), log.infos.toString());
        assertTrue(log.infos.contains("bt-fmu: no scenarios in " + project.resolve("src/test/scenarios")),
                log.infos.toString());
    }

    @Test
    void anFmuFailingTheChecksFailsTheBuildWithTheFinding() throws Exception {
        buildFmus();
        Path fmu = project.resolve("target/fmus/climb_and_fly.fmu");
        try (FileSystem zip = FileSystems.newFileSystem(fmu)) {
            Path description = zip.getPath("modelDescription.xml");
            Files.writeString(description, Files.readString(description).replace("fmiVersion=\"2.0\"", ""));
        }
        scenario("never-run", "[]");

        MojoFailureException e = assertThrows(MojoFailureException.class, () -> mojo().execute());

        assertTrue(e.getMessage().startsWith("bt-fmu: "), e.getMessage());
        assertTrue(e.getMessage().contains("in the FMU checks (bt-fmu check):\n  climb_and_fly.fmu: "),
                e.getMessage());
        assertTrue(e.getMessage().contains("fmiVersion"), e.getMessage());
        assertTrue(log.infos.stream().noneMatch(line -> line.contains("never-run")), log.infos.toString());
    }

    @Test
    void aFailedExpectationFailsTheBuildLikeATestAndIsReported() throws Exception {
        buildFmus();
        scenario("climb", """
                [{"task": "mission/altitude_reached", "status": "SUCCESS", "before": 90},
                 {"variable": "plant.altitude", "at": 100, "max": 200}]""");

        MojoFailureException e = assertThrows(MojoFailureException.class, () -> mojo().execute());

        assertTrue(e.getMessage().startsWith("bt-fmu: 1 scenario: 1 passed, 1 failed, 0 errors, 0 skipped"),
                e.getMessage());
        assertTrue(e.getMessage().contains("climb.json: expected plant.altitude in [-Infinity, 200.0] at 100 s, was"),
                e.getMessage());
        assertTrue(Files.readString(project.resolve("target/bt-fmu-reports/TEST-bt-fmu.climb.xml"))
                .contains("failures=\"1\""));
        assertEquals(1, log.errors.size(), log.errors.toString());

        // Beside the JUnit report, the run: result.csv and report.html with the mission's tree and the plant's units.
        Path run = project.resolve("target/bt-fmu-reports/climb");
        assertTrue(Files.readString(run.resolve("result.csv")).startsWith("time,"));
        java.util.regex.Matcher data = java.util.regex.Pattern.compile(
                "<script type=\"application/json\" id=\"run-data\">(.*?)</script>", java.util.regex.Pattern.DOTALL)
                .matcher(Files.readString(run.resolve("report.html")));
        assertTrue(data.find(), "report.html holds the run");
        com.fasterxml.jackson.databind.JsonNode report = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(data.group(1));
        assertEquals(MissionLoader.load(Projects.TEMPLATE_MISSION).tree().size(), report.path("tasks").size());
        for (com.fasterxml.jackson.databind.JsonNode task : report.path("tasks")) {
            assertTrue(task.path("segments").size() > 0, "every task's statuses are drawn: " + task.path("path"));
        }
        assertTrue(report.path("events").size() > 0, "the status changes are listed");
        boolean altitudeInMetres = false;
        for (com.fasterxml.jackson.databind.JsonNode v : report.path("variables")) {
            altitudeInMetres |= v.path("name").asText().equals("plant.altitude") && v.path("unit").asText().equals("m");
        }
        assertTrue(altitudeInMetres, "plant.altitude with its unit from the plant's model description");
    }

    @Test
    void anExpectationNamingAnUnknownVariableIsAConfigurationErrorNotAFailure() throws Exception {
        buildFmus();
        scenario("typo", "[{\"variable\": \"plant.altitud\", \"at\": 100, \"max\": 200}]");

        MojoExecutionException e = assertThrows(MojoExecutionException.class, () -> mojo().execute());

        assertTrue(e.getMessage().startsWith("bt-fmu: 1 scenario configuration error, nothing ran:\n  "),
                e.getMessage());
        assertTrue(e.getMessage().contains("typo.json:[9,27] /expect/0/variable: FMU 'plant' has no variable"
                + " 'altitud'"), e.getMessage());
    }

    @Test
    void aScenarioProcessThatDiesIsAnErrorSayingWhy() throws Exception {
        buildFmus();
        scenario("climb", "[{\"variable\": \"plant.altitude\", \"at\": 100, \"min\": 290}]");
        CheckMojo mojo = mojo();
        mojo.checkFmus = false;
        mojo.pluginArtifacts = List.of(); // the process finds no main class

        MojoExecutionException e = assertThrows(MojoExecutionException.class, mojo::execute);

        assertTrue(e.getMessage().contains("checking the scenarios: the process ended with exit code 1; its last"
                + " messages:"), e.getMessage());
        assertTrue(e.getMessage().contains("ScenarioMain"), e.getMessage());
    }

    @Test
    void scenariosInSubfoldersRunWithAProgressLineEachAndASummary() throws Exception {
        buildFmus();
        scenario("climb", "[{\"variable\": \"plant.altitude\", \"at\": 100, \"min\": 290, \"max\": 310}]");
        scenario("high/climb", "[{\"variable\": \"plant.altitude\", \"min\": 0}]");
        CheckMojo mojo = mojo();
        mojo.checkFmus = false;
        mojo.execute();
        assertTrue(log.infos.contains("bt-fmu: scenario 1 of 2: climb.json ..."), log.infos.toString());
        assertTrue(log.infos.contains("bt-fmu: scenario 2 of 2: high/climb.json ..."), log.infos.toString());
        assertTrue(log.infos.stream().anyMatch(line -> line.startsWith(
                "bt-fmu: scenario high/climb.json: 1 passed, 0 failed, 0 errors, 0 skipped (")), log.infos.toString());
        assertTrue(log.infos.contains("bt-fmu: 2 scenarios: 2 passed, 0 failed, 0 errors, 0 skipped"),
                log.infos.toString());
        assertTrue(Files.isRegularFile(project.resolve("target/bt-fmu-reports/TEST-bt-fmu.high.climb.xml")));
    }

    @Test
    void aScenarioPastItsTimeoutIsStoppedAndCountedAsAnErrorInConsoleAndReport() throws Exception {
        buildFmus();
        Projects.write(project.resolve("src/test/scenarios/forever.json"), """
                {"fmus": {"mission": "climb_and_fly", "plant": "plants/PointMassAircraft.fmu"},
                 "stop": 1e8, "step": 0.01,
                 "expect": [{"variable": "plant.altitude", "min": 0}]}
                """);
        CheckMojo mojo = mojo();
        mojo.checkFmus = false;
        mojo.scenarioTimeout = 3;

        MojoFailureException e = assertThrows(MojoFailureException.class, mojo::execute);

        assertTrue(e.getMessage().startsWith("bt-fmu: 1 scenario: 0 passed, 0 failed, 1 error, 0 skipped"),
                e.getMessage());
        assertTrue(e.getMessage().contains("forever.json: timed out after 3 s (<scenarioTimeout>,"
                + " -Dbtfmu.scenarioTimeout) and was stopped"), e.getMessage());
        String report = Files.readString(project.resolve("target/bt-fmu-reports/TEST-bt-fmu.forever.xml"));
        assertTrue(report.contains("tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\""), report);
        // The process's working folder is gone: nothing left behind.
        try (var left = Files.list(project.resolve("target/bt-fmu"))) {
            assertEquals(List.of(), left.toList());
        }
    }

    @Test
    void everyScenarioIsCheckedBeforeAnyRunsAndAllErrorsAreListedWithLineAndColumn() throws Exception {
        buildFmus();
        scenario("a-good", "[{\"variable\": \"plant.altitude\", \"min\": 0}]");
        scenario("b-inverted", "[{\"variable\": \"plant.altitude\", \"min\": 390, \"max\": 350}]");
        scenario("c-typo", "[{\"task\": \"mission/take_of\", \"status\": \"SUCCESS\"}]");
        CheckMojo mojo = mojo();
        mojo.checkFmus = false;

        MojoExecutionException e = assertThrows(MojoExecutionException.class, mojo::execute);

        assertTrue(e.getMessage().startsWith("bt-fmu: 2 scenario configuration errors, nothing ran:"), e.getMessage());
        assertEquals(2, log.errors.size(), log.errors.toString());
        assertTrue(log.errors.get(0).contains("b-inverted.json:[9,14] /expect/0: \"min\" 390.0 is above \"max\""
                + " 350.0"), log.errors.get(0));
        assertTrue(log.errors.get(1).contains("c-typo.json:[9,23] /expect/0/task: 'mission/take_of' names no task"),
                log.errors.get(1));
        assertTrue(log.infos.stream().noneMatch(line -> line.contains("scenario 1 of")), log.infos.toString());
        assertFalse(Files.exists(project.resolve("target/bt-fmu-reports")));
    }

    @Test
    void aScenarioWithoutExpectationsIsAWarning() throws Exception {
        buildFmus();
        scenario("empty", "[]");
        CheckMojo mojo = mojo();
        mojo.checkFmus = false;
        mojo.execute();
        assertEquals(1, log.warnings.size(), log.warnings.toString());
        assertTrue(log.warnings.get(0).matches("bt-fmu: .*empty\\.json:\\[9,13\\] /expect: no expectations: the"
                + " scenario passes whatever the run gives"), log.warnings.get(0));
    }

    @Test
    void mavenTestSkipSkipsTheScenarios() throws Exception {
        buildFmus();
        scenario("never-run", "[{\"variable\": \"plant.altitud\", \"min\": 0}]");
        CheckMojo mojo = mojo();
        mojo.checkFmus = false;
        mojo.testSkip = true;
        mojo.execute();
        assertTrue(log.infos.contains("bt-fmu: scenarios skipped"), log.infos.toString());
    }

    @Test
    void failureIgnoreLogsTheFailuresAndTheBuildGoesOn() throws Exception {
        buildFmus();
        scenario("climb", "[{\"variable\": \"plant.altitude\", \"at\": 100, \"max\": 200}]");
        CheckMojo mojo = mojo();
        mojo.checkFmus = false;
        mojo.testFailureIgnore = true;
        mojo.execute();
        assertEquals(List.of(), log.errors);
        assertTrue(log.warnings.get(0).startsWith("climb.json: expected plant.altitude in [-Infinity, 200.0] at 100 s"),
                log.warnings.toString());
        assertTrue(log.warnings.get(1).endsWith("; the build goes on (maven.test.failure.ignore)"),
                log.warnings.toString());
    }

    @Test
    void dashDTestRunsTheNamedScenariosOnly() throws Exception {
        buildFmus();
        scenario("climb", "[{\"variable\": \"plant.altitude\", \"min\": 0}]");
        scenario("high/climb", "[{\"variable\": \"plant.altitude\", \"min\": 0}]");
        scenario("broken", "[{\"variable\": \"plant.altitud\", \"min\": 0}]");
        CheckMojo mojo = mojo();
        mojo.checkFmus = false;
        mojo.test = "high/climb";
        mojo.execute();
        assertTrue(log.infos.contains("bt-fmu: scenario 1 of 1: high/climb.json ..."), log.infos.toString());

        mojo.test = "cl*";
        mojo.execute();
        assertTrue(log.infos.contains("bt-fmu: 2 scenarios: 2 passed, 0 failed, 0 errors, 0 skipped"),
                log.infos.toString());

        mojo.test = "land";
        MojoFailureException e = assertThrows(MojoFailureException.class, mojo::execute);
        assertEquals("bt-fmu: no scenario matches -Dtest=land (the scenarios: broken, climb, high.climb)",
                e.getMessage());
    }

    @Test
    void theReportOfADeletedScenarioIsRemoved() throws Exception {
        buildFmus();
        scenario("climb", "[{\"variable\": \"plant.altitude\", \"min\": 0}]");
        Path stale = Projects.write(project.resolve("target/bt-fmu-reports/TEST-bt-fmu.gone.xml"), "<testsuite/>");
        Path other = Projects.write(project.resolve("target/bt-fmu-reports/notes.txt"), "kept");
        Path staleRun = Projects.write(project.resolve("target/bt-fmu-reports/gone/report.html"), "<html/>");
        Projects.write(project.resolve("target/bt-fmu-reports/gone/result.csv"), "time\n0\n");
        Path otherFolder = Projects.write(project.resolve("target/bt-fmu-reports/mine/report.html"), "kept");
        CheckMojo mojo = mojo();
        mojo.checkFmus = false;
        mojo.execute();
        assertFalse(Files.exists(stale));
        assertFalse(Files.exists(staleRun.getParent()), "the run of the scenario that is gone, with its report");
        assertTrue(Files.exists(other));
        assertTrue(Files.exists(otherFolder), "a folder without the scenario's report stays");
        assertTrue(Files.exists(project.resolve("target/bt-fmu-reports/TEST-bt-fmu.climb.xml")));
        assertTrue(Files.exists(project.resolve("target/bt-fmu-reports/climb/report.html")));
    }

    @Test
    void aProjectWithoutMissionsOrScenariosIsSkipped() throws Exception {
        CheckMojo mojo = mojo();
        mojo.missionsDirectory = project.resolve("elsewhere").toFile();
        mojo.execute();
        assertEquals(List.of("bt-fmu: no missions folder " + project.resolve("elsewhere") + " in this project: no"
                + " missions here", "bt-fmu: no scenarios in " + project.resolve("src/test/scenarios")), log.infos);
    }

    @Test
    void passingScenariosPass() throws Exception {
        buildFmus();
        scenario("climb", "[{\"variable\": \"plant.altitude\", \"at\": 100, \"min\": 290, \"max\": 310}]");
        mojo().execute();
        assertTrue(log.infos.stream().anyMatch(line -> line.startsWith(
                "bt-fmu: scenario climb.json: 1 passed, 0 failed, 0 errors, 0 skipped (")), log.infos.toString());
        assertEquals(List.of(), log.errors);
    }

    @Test
    void aScenarioProcessEndedByASignalIsAnErrorAndLeavesNothingBehind() throws Exception {
        buildFmus();
        Projects.write(project.resolve("src/test/scenarios/forever.json"), """
                {"fmus": {"mission": "climb_and_fly", "plant": "plants/PointMassAircraft.fmu"},
                 "stop": 1e8, "step": 0.01,
                 "expect": [{"variable": "plant.altitude", "min": 0}]}
                """);
        CheckMojo mojo = mojo();
        mojo.checkFmus = false;
        mojo.scenarioTimeout = 0;
        Thread killer = new Thread(() -> {
            // SIGTERM (ProcessHandle.destroy) takes the JVM's shutdown path as Ctrl-C's SIGINT does.
            for (int i = 0; i < 600; i++) {
                var running = ProcessHandle.current().children().filter(CheckMojoTest::runsAScenario).toList();
                if (!running.isEmpty()) {
                    sleep(3000);
                    running.forEach(ProcessHandle::destroy);
                    return;
                }
                sleep(100);
            }
        });
        killer.start();

        MojoFailureException e = assertThrows(MojoFailureException.class, mojo::execute);
        killer.join();

        assertTrue(e.getMessage().contains("forever.json: the process ended with exit code 143"), e.getMessage());
        try (var left = Files.walk(project)) {
            assertEquals(List.of(), left.filter(f -> f.getFileName().toString().startsWith("hs_err_pid")).toList());
        }
        try (var left = Files.list(Path.of(""))) {
            assertEquals(List.of(), left.filter(f -> f.getFileName().toString().startsWith("hs_err_pid")).toList());
        }
        try (var left = Files.list(project.resolve("target/bt-fmu"))) {
            assertEquals(List.of(), left.toList(), "the process's folder (working directory, java.io.tmpdir)");
        }
    }

    /** The process runs ScenarioMain run (its command line is too long for ProcessHandle.Info). */
    private static boolean runsAScenario(ProcessHandle process) {
        try {
            String command = Files.readString(Path.of("/proc/" + process.pid() + "/cmdline"));
            return command.contains(ScenarioMain.class.getName() + "\0run\0");
        } catch (java.io.IOException e) {
            return false;
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
