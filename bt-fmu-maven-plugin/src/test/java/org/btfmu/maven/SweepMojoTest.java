package org.btfmu.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.btfmu.mission.MissionLoader;
import org.btfmu.packager.FmuPackager;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The goal with the campaign module's build output as its class path (what it resolves in a
 * real build: src/it/sweep-campaign), the sweep in a process of its own on Spark.
 */
class SweepMojoTest {

    @TempDir
    Path project;

    private final CapturingLog log = new CapturingLog();

    /** campaign/target/classes and the class path its build wrote (classpath.txt, phase package). */
    static List<File> campaignClassPath() throws IOException {
        Path target = Path.of("../campaign/target");
        List<File> files = new ArrayList<>(List.of(target.resolve("classes").toFile()));
        for (String entry : Files.readString(target.resolve("classpath.txt")).strip().split(File.pathSeparator)) {
            files.add(new File(entry));
        }
        return files;
    }

    private SweepMojo mojo(Path campaign) throws IOException {
        SweepMojo mojo = new SweepMojo();
        mojo.campaign = campaign.toFile();
        mojo.sweepDirectory = project.resolve("target/bt-fmu-sweeps").toFile();
        mojo.workDirectory = project.resolve("target/bt-fmu").toFile();
        mojo.campaignClassPath = campaignClassPath();
        mojo.master = "local[2]";
        mojo.setLog(log);
        return mojo;
    }

    /** The template's mission and the point-mass aircraft, a scenario of 100 s and a campaign over the climb rate. */
    private Path climbCampaign() throws Exception {
        Files.createDirectories(project.resolve("fmus"));
        new FmuPackager().build(MissionLoader.load(Projects.TEMPLATE_MISSION), new FmuPackager.Options(null, false),
                project.resolve("fmus/climb_and_fly.fmu"));
        PlantFmu.POINT_MASS_AIRCRAFT.copyTo(Files.createDirectories(project.resolve("plants")));
        Projects.write(project.resolve("src/test/campaigns/climb-scenario.json"), """
                {
                  "fmus": {"mission": "../../../fmus/climb_and_fly.fmu",
                           "plant": "../../../plants/PointMassAircraft.fmu"},
                  "stop": 100, "step": 1,
                  "connections": [
                    {"from": "mission.mode", "to": "plant.mode"},
                    {"from": "mission.target_altitude", "to": "plant.target_altitude"},
                    {"from": "plant.altitude", "to": "mission.altitude"}
                  ],
                  "expect": [{"variable": "plant.altitude", "at": 100, "min": 250}]
                }
                """);
        // 2 m/s climbs to 200 m by 100 s: that run fails; 5 m/s reaches the safe altitude, 300 m.
        return Projects.write(project.resolve("src/test/campaigns/climb.json"), """
                {
                  "coupling": "climb-scenario.json",
                  "parameters": {"plant.climb_rate_max": {"values": [2, 5]}},
                  "keep": [{"variable": "plant.altitude", "stats": ["max"]}]
                }
                """);
    }

    @Test
    void aRunThatDoesNotPassFailsTheBuildNamingTheCampaignAndTheWorstRunsParameters() throws Exception {
        Path campaign = climbCampaign();

        MojoFailureException e = assertThrows(MojoFailureException.class, () -> mojo(campaign).execute());

        assertTrue(e.getMessage().startsWith("bt-fmu: campaign " + campaign.toAbsolutePath() + ": 1 of 2 runs did not"
                + " pass (1 failed, 0 errors, 0 timed out); the worst:\n  run 0 failed (plant.climb_rate_max=2): "),
                e.getMessage());
        assertTrue(e.getMessage().contains("plant.altitude"), e.getMessage());
        assertTrue(log.infos.contains("bt-fmu: 2 runs: 1 passed, 1 failed, 0 errors, 0 timed out (pass rate 50.0 %)"),
                log.infos.toString());
        Path output = project.resolve("target/bt-fmu-sweeps/climb");
        for (String file : List.of("runs.parquet", "summary.html", "wall-times.csv")) {
            assertTrue(Files.isRegularFile(output.resolve(file)), file);
        }
        assertEquals(3, Files.readAllLines(output.resolve("wall-times.csv")).size());
        assertTrue(Files.readString(output.resolve("summary.html")).contains("plant.climb_rate_max"));
        assertFalse(Files.exists(project.resolve("target/bt-fmu")) && Files.list(project.resolve("target/bt-fmu"))
                .findAny().isPresent(), "the process's folder is removed");
    }

    @Test
    void aCampaignThatIsNotJsonIsAConfigurationErrorWithItsLine() throws Exception {
        Path campaign = Projects.write(project.resolve("campaign.json"), "{\n  \"coupling\": \"x.ssp\",\n  \"seed\": ,\n}\n");

        MojoExecutionException e = assertThrows(MojoExecutionException.class, () -> mojo(campaign).execute());

        assertTrue(e.getMessage().startsWith("bt-fmu: campaign " + campaign.toAbsolutePath() + ": "
                + campaign.toAbsolutePath() + ":[3,"), e.getMessage());
        assertTrue(e.getMessage().contains("not valid JSON"), e.getMessage());
        assertFalse(Files.exists(project.resolve("target/bt-fmu-sweeps/campaign")), "nothing written");
    }

    @Test
    void aMistakeInTheCampaignIsLocatedByLineAndPointer() throws Exception {
        climbCampaign();
        Path campaign = Projects.write(project.resolve("src/test/campaigns/wrong.json"), """
                {
                  "coupling": "climb-scenario.json",
                  "parameters": {"plant.climb_rate_max": {"values": [2, 5]}},
                  "kept": []
                }
                """);

        MojoExecutionException e = assertThrows(MojoExecutionException.class, () -> mojo(campaign).execute());

        assertTrue(e.getMessage().contains("wrong.json:[4,"), e.getMessage());
        assertTrue(e.getMessage().contains("/kept: unknown key"), e.getMessage());
        assertTrue(log.errors.stream().anyMatch(line -> line.startsWith("bt-fmu sweep: ")
                && line.contains("/kept: unknown key")), log.errors.toString());
    }

    @Test
    void aMissingCampaignFileNamesTheParameter() throws Exception {
        SweepMojo mojo = mojo(project.resolve("nowhere.json"));

        MojoExecutionException e = assertThrows(MojoExecutionException.class, mojo::execute);

        assertEquals("bt-fmu: the campaign file " + project.resolve("nowhere.json") + " does not exist (<campaign>,"
                + " -Dbtfmu.campaign)", e.getMessage());
    }

    @Test
    void skipTestsAndSkipSkipTheCampaign() throws Exception {
        for (int i = 0; i < 3; i++) {
            SweepMojo mojo = mojo(project.resolve("nowhere.json"));
            mojo.skipTests = i == 0;
            mojo.testSkip = i == 1;
            mojo.skip = i == 2;
            mojo.execute();
        }
        assertEquals(List.of("bt-fmu: sweep skipped", "bt-fmu: sweep skipped", "bt-fmu: sweep skipped"), log.infos);
    }

    @Test
    void theParallelismIsLocalNOnALocalMasterAndSparksCoresMaxOnACluster() throws Exception {
        Path file = project.resolve("c.json");
        Path out = project.resolve("out");
        SweepMojo mojo = mojo(file);
        mojo.master = "local[*]";
        mojo.parallelism = 3;
        mojo.sparkConf = Map.of("spark.executor.memory", "1g");
        assertEquals(List.of(file.toString(), "-o", out.toString(), "--master", "local[3]",
                "--conf", "spark.executor.memory=1g"), mojo.arguments(file, out));

        mojo.master = "spark://127.0.0.1:7077";
        assertEquals(List.of(file.toString(), "-o", out.toString(), "--master", "spark://127.0.0.1:7077",
                "--conf", "spark.executor.memory=1g", "--conf", "spark.cores.max=3"), mojo.arguments(file, out));

        mojo.parallelism = 0;
        mojo.master = "local[*]";
        Projects.write(file, "{}");
        MojoExecutionException e = assertThrows(MojoExecutionException.class, mojo::execute);
        assertTrue(e.getMessage().contains("<parallelism> (-Dbtfmu.parallelism) is 0"), e.getMessage());
    }

    private static SweepOutcome failing() {
        SweepOutcome outcome = new SweepOutcome();
        outcome.out("40 runs: 37 passed, 2 failed, 1 errors, 0 timed out (pass rate 92.5 %)");
        outcome.out("Runs that did not pass (missed by most first):");
        outcome.out("  run 17 error (plant.soc0=0.3): FMU 'plant' returned fmi2Error");
        outcome.out("  run 3 failed (plant.soc0=0.35): expected plant.altitude >= 13000");
        outcome.out("  run 9 failed (plant.soc0=0.4): expected plant.altitude >= 13000");
        outcome.out("Influence on passing (correlation): plant.soc0 0.61");
        return outcome;
    }

    @Test
    void failOnFailedRunsFalseOrTestFailureIgnoreWarnAndTheBuildGoesOn() throws Exception {
        Path file = project.resolve("c.json");
        SweepMojo mojo = mojo(file);
        mojo.failOnFailedRuns = false;
        mojo.judge(file, project.resolve("out"), 2, failing(), List.of());
        assertTrue(log.warnings.get(0).startsWith("bt-fmu: campaign " + file + ": 3 of 40 runs did not pass (2 failed,"
                + " 1 errors, 0 timed out); the worst:\n  run 17 error (plant.soc0=0.3): FMU 'plant' returned"
                + " fmi2Error\n  run 3 failed (plant.soc0=0.35)"), log.warnings.get(0));
        assertEquals("bt-fmu: the build goes on (failOnFailedRuns is false)", log.warnings.get(1));

        mojo.failOnFailedRuns = true;
        mojo.testFailureIgnore = true;
        mojo.judge(file, project.resolve("out"), 2, failing(), List.of());
        assertEquals("bt-fmu: the build goes on (maven.test.failure.ignore)", log.warnings.get(3));

        mojo.testFailureIgnore = false;
        assertThrows(MojoFailureException.class,
                () -> mojo.judge(file, project.resolve("out"), 2, failing(), List.of()));
    }

    @Test
    void aSweepThatEndsWithoutItsSummaryIsAnExecutionErrorWithItsLastMessages() throws Exception {
        Path file = project.resolve("c.json");
        SweepMojo mojo = mojo(file);
        SweepOutcome outcome = new SweepOutcome();
        outcome.err("spark: ERROR SparkContext: lost");
        MojoExecutionException e = assertThrows(MojoExecutionException.class,
                () -> mojo.judge(file, project.resolve("out"), 1, outcome, List.of("spark: ERROR SparkContext: lost")));
        assertEquals("bt-fmu: campaign " + file + ": the process ended with exit code 1; its last messages:\n"
                + "    spark: ERROR SparkContext: lost", e.getMessage());

        SweepOutcome counted = new SweepOutcome();
        counted.out("2 runs: 2 passed, 0 failed, 0 errors, 0 timed out (pass rate 100.0 %)");
        assertThrows(MojoExecutionException.class,
                () -> mojo.judge(file, project.resolve("out"), 134, counted, List.of("crashed")));
        mojo.judge(file, project.resolve("out"), 0, counted, List.of());
        assertTrue(log.infos.contains("bt-fmu: campaign c.json: all 2 runs passed; " + project.resolve("out")
                + "/ holds runs.parquet, summary.html, wall-times.csv"), log.infos.toString());
    }
}
