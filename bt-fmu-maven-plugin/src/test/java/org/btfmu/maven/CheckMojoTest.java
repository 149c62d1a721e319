package org.btfmu.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

        assertTrue(e.getMessage().startsWith("bt-fmu: 1 of 2 scenario expectations failed"), e.getMessage());
        assertTrue(e.getMessage().contains("climb.json: expected plant.altitude in [-Infinity, 200.0] at 100 s, was"),
                e.getMessage());
        assertTrue(Files.readString(project.resolve("target/bt-fmu-reports/TEST-bt-fmu.climb.xml"))
                .contains("failures=\"1\""));
        assertEquals(1, log.errors.size(), log.errors.toString());
    }

    @Test
    void anExpectationNamingAnUnknownVariableIsAConfigurationErrorNotAFailure() throws Exception {
        buildFmus();
        scenario("typo", "[{\"variable\": \"plant.altitud\", \"at\": 100, \"max\": 200}]");

        MojoExecutionException e = assertThrows(MojoExecutionException.class, () -> mojo().execute());

        assertTrue(e.getMessage().startsWith("bt-fmu: scenario configuration error: "), e.getMessage());
        assertTrue(e.getMessage().contains("typo.json: /expect/0/variable: FMU 'plant' has no variable 'altitud'"),
                e.getMessage());
    }

    @Test
    void aScenarioProcessThatDiesIsAFailedScenarioWithAnErrorReport() throws Exception {
        buildFmus();
        scenario("climb", "[{\"variable\": \"plant.altitude\", \"at\": 100, \"min\": 290}]");
        CheckMojo mojo = mojo();
        mojo.checkFmus = false;
        mojo.pluginArtifacts = List.of(); // the process finds no main class

        MojoFailureException e = assertThrows(MojoFailureException.class, mojo::execute);

        assertTrue(e.getMessage().contains("climb.json: the process ended with exit code 1; its last messages:"),
                e.getMessage());
        String report = Files.readString(project.resolve("target/bt-fmu-reports/TEST-bt-fmu.climb.xml"));
        assertTrue(report.contains("errors=\"1\"") && report.contains("ScenarioMain"), report);
    }

    @Test
    void passingScenariosPass() throws Exception {
        buildFmus();
        scenario("climb", "[{\"variable\": \"plant.altitude\", \"at\": 100, \"min\": 290, \"max\": 310}]");
        mojo().execute();
        assertTrue(log.infos.contains("bt-fmu: scenario climb.json: 1 passed, 0 failed"), log.infos.toString());
        assertEquals(List.of(), log.errors);
    }
}
