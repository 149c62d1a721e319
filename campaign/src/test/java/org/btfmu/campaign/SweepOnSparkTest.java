package org.btfmu.campaign;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.btfmu.campaign.CampaignFiles.Console;
import org.btfmu.testfmus.ModelFmu;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The campaign on Spark, kept small (2 cores shared): 4 runs of the hanging plant, two of them
 * hung, on local[2], local[1] and a standalone cluster started for the test: the same table byte
 * for byte, each hung run one timed-out row, and nothing of it left running afterwards.
 */
class SweepOnSparkTest {

    @TempDir
    static Path dir;

    @BeforeAll
    static void fmu() throws IOException, InterruptedException {
        ModelFmu.build("Hang", 2, dir);
        CampaignFiles.scenario(dir, dir.resolve("Hang.fmu"), 1, 0.1, "[{\"variable\": \"plant.x\", \"at\": 1, \"min\": 0.5}]");
    }

    @Test
    void sameTableWhateverTheParallelismAndAHungRunIsOneRow() throws IOException, InterruptedException {
        Path campaign = CampaignFiles.write(dir, "campaign.json", "{\"coupling\": \"scenario.json\", \"seed\": 4,"
                + " \"timeout\": 8,"
                + " \"parameters\": {\"plant.k\": {\"values\": [0.2, 2]}, \"plant.hang_at\": {\"values\": [100, 0.35]},"
                + " \"plant.x0\": {\"uniform\": [1, 1.2]}},"
                + " \"keep\": [{\"variable\": \"plant.x\", \"stats\": [\"final\"]}]}");
        Set<Thread> before = Thread.getAllStackTraces().keySet();
        Console two = CampaignFiles.sweep(campaign.toString(), "-o", dir.resolve("two").toString(), "--master", "local[2]");
        Console one = CampaignFiles.sweep(campaign.toString(), "-o", dir.resolve("one").toString(), "--master", "local[1]");
        assertEquals(2, two.code(), two.err());
        assertTrue(two.out().startsWith("4 runs: 1 passed, 1 failed, 0 errors, 2 timed out (pass rate 25.0 %)"),
                two.out());
        assertArrayEquals(Files.readAllBytes(dir.resolve("two/runs.parquet")),
                Files.readAllBytes(dir.resolve("one/runs.parquet")), "byte for byte, local[2] and local[1]");

        List<Group> rows = new ArrayList<>();
        try (ParquetReader<Group> reader = ParquetReader.builder(new GroupReadSupport(),
                new org.apache.hadoop.fs.Path(dir.resolve("one/runs.parquet").toUri())).build()) {
            for (Group row; (row = reader.read()) != null;) {
                rows.add(row);
            }
        }
        // Nothing of the hung runs is left: no process (their workers were killed), no thread in an FMU.
        assertEquals(List.of(), ProcessHandle.current().descendants().map(ProcessHandle::info).toList());
        List<String> stuck = Thread.getAllStackTraces().entrySet().stream()
                .filter(t -> !before.contains(t.getKey()) && Arrays.stream(t.getValue()).anyMatch(f ->
                        f.getClassName().startsWith("org.btfmu.cosim.")))
                .map(t -> t.getKey().getName()).toList();
        assertEquals(List.of(), stuck, "threads left in an FMU");

        assertEquals(List.of(0, 1, 2, 3), rows.stream().map(r -> r.getInteger("run", 0)).toList());
        assertEquals(List.of("passed", "timeout", "failed", "timeout"),
                rows.stream().map(r -> r.getString("status", 0)).toList());
        assertEquals(2, rows.get(2).getDouble("plant.k", 0));
        assertEquals(rows.get(0).getDouble("plant.x0", 0) * Math.pow(1 - 0.002, 100),
                rows.get(0).getDouble("plant.x.final", 0), 1e-12);
        assertTrue(Double.isNaN(rows.get(1).getDouble("plant.x.final", 0)), "a hung run keeps nothing");
        assertEquals(5, Files.readAllLines(dir.resolve("one/wall-times.csv")).size());
        String html = Files.readString(dir.resolve("one/summary.html"));
        assertTrue(html.contains("pass rate <b>25.0 %</b>") && html.contains("<svg"), html);
        assertTrue(html.indexOf("<td>1</td><td class=\"text\">timeout") < html.indexOf("<td>2</td><td class=\"text\">failed"),
                "timed-out runs first among those that did not pass");

        // The same campaign on a standalone cluster (a master and two workers on this machine),
        // each run in an executor JVM of a worker: the same table again.
        try (StandaloneCluster cluster = new StandaloneCluster(Files.createDirectories(dir.resolve("cluster")))) {
            Console onCluster = CampaignFiles.sweep(campaign.toString(), "-o", dir.resolve("cluster-out").toString(),
                    "--master", cluster.url(), "--conf", "spark.executor.memory=512m");
            assertEquals(two.out().lines().findFirst(), onCluster.out().lines().findFirst(),
                    onCluster.err() + cluster.logs());
            assertArrayEquals(Files.readAllBytes(dir.resolve("one/runs.parquet")),
                    Files.readAllBytes(dir.resolve("cluster-out/runs.parquet")), "byte for byte, on the cluster");
            assertTrue(cluster.logs().contains("Launching executor"), "the workers ran the executors");
        }
    }
}
