package org.btfmu.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.btfmu.campaign.CampaignFiles.Console;
import org.btfmu.testfmus.ModelFmu;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One run in this JVM (no Spark): faults, kept values, expectations, a hung FMU, --rerun. */
class CampaignRunTest {

    @TempDir
    static Path dir;

    @BeforeAll
    static void fmu() throws IOException, InterruptedException {
        ModelFmu.build("Hang", 2, dir);
        CampaignFiles.scenario(dir, dir.resolve("Hang.fmu"), 1, 0.1,
                "[{\"variable\": \"plant.y\", \"max\": 1}, {\"variable\": \"plant.x\", \"at\": 1, \"min\": 0.5}]");
    }

    private static Campaign campaign(String name, String json) throws IOException {
        return Campaign.read(CampaignFiles.write(dir, name, json));
    }

    @Test
    void aFaultOverridesItsInputFromItsTimeOn() throws IOException {
        Campaign c = campaign("fault.json", "{\"coupling\": \"scenario.json\", \"parameters\": {\"plant.k\": 0.1},"
                + " \"faults\": [{\"input\": \"plant.u\", \"value\": 5, \"from\": {\"values\": [0.5, 100]}}],"
                + " \"keep\": [{\"variable\": \"plant.y\"}, {\"variable\": \"plant.x\", \"stats\": [\"final\"]}]}");
        assertEquals(List.of("plant.y.final", "plant.y.min", "plant.y.max", "plant.x.final"), c.keptColumns());
        RunResult faulted = CampaignRun.run(c, c.run(0));
        RunResult clean = CampaignRun.run(c, c.run(1));
        assertEquals(RunResult.PASSED, clean.status(), clean.message());
        assertEquals(0, clean.kept()[2], "no fault before the stop time: y stays 0");
        assertEquals(Math.pow(1 - 0.01 * 0.1, 100), clean.kept()[3], 1e-12, "x decays with k = 0.1 (Euler, 10 ms)");
        assertEquals(5, faulted.kept()[2], "y = u = 5 once the fault holds");
        assertEquals(0, faulted.kept()[1]);
        assertEquals(5, faulted.kept()[0]);
        assertEquals(RunResult.FAILED, faulted.status());
        assertTrue(faulted.message().contains("expected plant.y in [-Infinity, 1.0] throughout"), faulted.message());
        assertEquals(4, faulted.misses()[0], 1e-12, "y was 4 above its max");
        assertEquals(0, faulted.misses()[1]);
    }

    @Test
    void aHungFmuIsOneTimedOutRun() throws IOException {
        Campaign c = campaign("hang.json", "{\"coupling\": \"scenario.json\", \"timeout\": 1.5,"
                + " \"parameters\": {\"plant.k\": 0.1, \"plant.hang_at\": {\"values\": [0.35, 100]}}}");
        RunResult hung = CampaignRun.run(c, c.run(0));
        assertEquals(RunResult.TIMEOUT, hung.status());
        assertTrue(hung.message().contains("timeout of 1.5 s"), hung.message());
        assertTrue(hung.wallSeconds() >= 1.5 && hung.wallSeconds() < 30, "given up after the timeout");
        assertEquals(RunResult.PASSED, CampaignRun.run(c, c.run(1)).status(), "the next run runs");
    }

    @Test
    void aMissedExpectationRanksByHowFar() throws IOException {
        Campaign c = campaign("miss.json", "{\"coupling\": \"scenario.json\","
                + " \"parameters\": {\"plant.k\": {\"values\": [0.1, 3, 2]}}}");
        RunResult k01 = CampaignRun.run(c, c.run(0));
        RunResult k3 = CampaignRun.run(c, c.run(1));
        RunResult k2 = CampaignRun.run(c, c.run(2));
        assertEquals(RunResult.FAILED, k3.status());
        assertEquals(RunResult.PASSED, k01.status(), k01.message());
        assertEquals(0.5 - Math.pow(1 - 0.03, 100), k3.miss(), 1e-12, "x at 1 s, short of 0.5");
        assertTrue(k3.miss() > k2.miss() && k2.miss() > 0, k2.miss() + " " + k3.miss());
        Summary summary = new Summary(c, List.of(k01, k3, k2));
        assertEquals(List.of(1, 2), summary.failing.stream().map(RunResult::index).toList());
        assertTrue(summary.influence[0] < -0.9, "passing falls as k grows: " + summary.influence[0]);
    }

    @Test
    void rerunWritesTheFullCsvOfThatRun() throws IOException {
        Path campaign = CampaignFiles.write(dir, "rerun.json", "{\"coupling\": \"scenario.json\","
                + " \"parameters\": {\"plant.k\": {\"values\": [0.1, 3]}}, \"keep\": [{\"variable\": \"plant.x\"}]}");
        Console c = CampaignFiles.sweep(campaign.toString(), "--rerun", "1", "-o", dir.resolve("out").toString());
        assertEquals(2, c.code(), c.err());
        assertTrue(c.out().startsWith("run 1 (plant.k=3): failed"), c.out());
        List<String> csv = Files.readAllLines(dir.resolve("out/run-1/result.csv"));
        assertEquals(12, csv.size(), "a header and 11 communication points");
        assertTrue(csv.get(0).contains("x") && csv.get(0).contains("y"), csv.get(0));
        assertEquals(c.out(), Files.readString(dir.resolve("out/run-1/report.txt")) + "Wrote "
                + dir.resolve("out/run-1/result.csv") + " and report.txt\n");
    }
}
