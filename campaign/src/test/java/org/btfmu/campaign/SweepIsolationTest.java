package org.btfmu.campaign;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.spark.sql.SparkSession;
import org.btfmu.campaign.CampaignFiles.Console;
import org.btfmu.testfmus.ModelFmu;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs in worker processes: an FMU that crashes its process (SIGSEGV) in some runs gives
 * exactly those runs as error rows naming the signal and what the FMU printed, the campaign
 * goes on, and the table is the one the same runs give in one JVM, on local[2] and local[1].
 */
class SweepIsolationTest {

    @TempDir
    static Path dir;

    @BeforeAll
    static void fmu() throws IOException, InterruptedException {
        ModelFmu.build("Hang", 2, dir);
        CampaignFiles.scenario(dir, dir.resolve("Hang.fmu"), 1, 0.1, "[{\"variable\": \"plant.x\", \"at\": 1, \"min\": 0.5}]");
    }

    @Test
    void aCrashedFmuIsOneErrorRowAndTheOtherRunsAreAsInOneJvm() throws IOException {
        Path file = CampaignFiles.write(dir, "crash.json", "{\"coupling\": \"scenario.json\", \"seed\": 4,"
                + " \"parameters\": {\"plant.k\": {\"values\": [0.2, 2]}, \"plant.crash_at\": {\"values\": [100, 0.35]},"
                + " \"plant.x0\": {\"uniform\": [1, 1.2]}},"
                + " \"keep\": [{\"variable\": \"plant.x\", \"stats\": [\"final\"]}]}");
        Console two = CampaignFiles.sweep(file.toString(), "-o", dir.resolve("two").toString(), "--master", "local[2]");
        Console one = CampaignFiles.sweep(file.toString(), "-o", dir.resolve("one").toString(), "--master", "local[1]");
        assertEquals(2, two.code(), two.err());
        assertTrue(two.out().startsWith("4 runs: 1 passed, 1 failed, 2 errors, 0 timed out (pass rate 25.0 %)"),
                two.out());
        assertTrue(two.out().contains("signal 11 (SIGSEGV)"), two.out());

        List<Group> rows = rows(dir.resolve("one/runs.parquet"));
        assertEquals(List.of("passed", "error", "failed", "error"),
                rows.stream().map(r -> r.getString("status", 0)).toList());
        String crashed = "the run's FMU process ended with signal 11 \\(SIGSEGV\\) in step \\(Hang\\.so\\);"
                + " its output: Hang on stdout: x = [0-9.e+-]+ at t = 0\\.3[45]"
                + " \\| Hang on stderr: crashing at t = 0\\.3[45] \\(crash_at 0\\.35\\)";
        for (int run : List.of(1, 3)) {
            String message = rows.get(run).getString("message", 0);
            assertTrue(message.matches(crashed), message);
        }

        // The expected table: the runs that do not crash, run in this JVM as --rerun runs them,
        // and the crashed runs' rows; written as a sweep writes it.
        Campaign campaign = Campaign.read(file);
        List<RunResult> expected = new ArrayList<>();
        for (int run = 0; run < campaign.runs(); run++) {
            expected.add(run % 2 == 0 ? CampaignRun.run(campaign, campaign.run(run))
                    : CampaignRun.failure(campaign.run(run), RunResult.ERROR, rows.get(run).getString("message", 0), 0,
                            campaign));
        }
        Path written = Files.createDirectories(dir.resolve("expected"));
        SparkSession spark = Sweep.session("local[1]", "expected", Map.of());
        try {
            SparkSweep.write(spark, campaign, expected, written);
        } finally {
            spark.stop();
        }
        byte[] table = Files.readAllBytes(written.resolve("runs.parquet"));
        assertArrayEquals(table, Files.readAllBytes(dir.resolve("one/runs.parquet")), "local[1]");
        assertArrayEquals(table, Files.readAllBytes(dir.resolve("two/runs.parquet")), "local[2]");
        assertEquals(List.of(), ProcessHandle.current().descendants().map(ProcessHandle::info).toList(),
                "no worker is left running");
        try (java.util.stream.Stream<Path> tmp = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            assertEquals(List.of(), tmp.filter(p -> p.getFileName().toString().startsWith("bt-fmu-run-worker-"))
                    .toList(), "the workers' temporary folders (unpacked FMUs, crash reports) are deleted");
        }
    }

    static List<Group> rows(Path parquet) throws IOException {
        List<Group> rows = new ArrayList<>();
        try (ParquetReader<Group> reader = ParquetReader.builder(new GroupReadSupport(),
                new org.apache.hadoop.fs.Path(parquet.toUri())).build()) {
            for (Group row; (row = reader.read()) != null;) {
                rows.add(row);
            }
        }
        return rows;
    }
}
