package org.btfmu.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.btfmu.campaign.CampaignFiles.Console;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad campaign files: exit 2 and a message naming the file, line:column and JSON pointer; nothing written. */
class CampaignFileTest {

    @TempDir
    Path dir;

    @BeforeEach
    void coupling() throws IOException {
        Path fmu = PlantFmu.EXPONENTIAL_DECAY.copyTo(dir);
        CampaignFiles.scenario(dir, fmu, 1, 0.1, "[{\"variable\": \"plant.x\", \"at\": 1, \"max\": 0.5}]");
    }

    private Console sweepOf(String json) throws IOException {
        Path campaign = CampaignFiles.write(dir, "campaign.json", json);
        return CampaignFiles.sweep(campaign.toString(), "-o", dir.resolve("out").toString());
    }

    private void assertLocated(Console c, String where, String text) {
        assertEquals(2, c.code(), c.err());
        assertTrue(c.err().contains(dir.resolve("campaign.json") + ":" + where), c.err());
        assertTrue(c.err().contains(text), c.err());
        assertFalse(Files.exists(dir.resolve("out")), "nothing is written for a bad campaign");
    }

    @Test
    void unknownKey() throws IOException {
        Console c = sweepOf("{\"coupling\": \"scenario.json\",\n  \"parameter\": {}}");
        assertLocated(c, "[2,16] /parameter: ", "unknown key");
    }

    @Test
    void badSpread() throws IOException {
        Console c = sweepOf("{\"coupling\": \"scenario.json\",\n \"parameters\": {\n  \"plant.k\": {\"uniform\": [2, 1]}}}");
        assertLocated(c, "[3,26] /parameters/plant.k/uniform: ", "low <= high");
    }

    @Test
    void unknownVariable() throws IOException {
        Console c = sweepOf("{\"coupling\": \"scenario.json\",\n \"parameters\": {\n  \"plant.q\": {\"values\": [1, 2]}}}");
        assertLocated(c, "[3,14] /parameters/plant.q", "q");
    }

    @Test
    void faultOnAnOutput() throws IOException {
        Console c = sweepOf("{\"coupling\": \"scenario.json\",\n \"faults\": [\n  {\"input\": \"plant.x\", \"value\": 1,"
                + " \"from\": 0.5}]}");
        assertLocated(c, "[3,13] /faults/0/input", "a fault overrides an input");
    }

    @Test
    void rangeWithoutCount() throws IOException {
        Console c = sweepOf("{\"coupling\": \"scenario.json\", \"parameters\": {\"plant.k\": {\"range\": [1, 2]}}}");
        assertLocated(c, "[1,", "a range needs \"count\"");
    }

    @Test
    void missingCoupling() throws IOException {
        Console c = sweepOf("{\"coupling\": \"nowhere.ssp\"}");
        assertLocated(c, "[1,14] /coupling: ", "no such file");
    }

    @Test
    void notJson() throws IOException {
        Console c = sweepOf("{\"coupling\": \"scenario.json\",\n  \"seed\": }");
        assertEquals(2, c.code());
        assertTrue(c.err().contains(dir.resolve("campaign.json") + ":[2,"), c.err());
    }

    @Test
    void expectationsOfAScenarioStayInIt() throws IOException {
        Console c = sweepOf("{\"coupling\": \"scenario.json\",\n \"expect\": []}");
        assertLocated(c, "[2,12] /expect: ", "the scenario scenario.json brings the expect");
    }

    @Test
    void rerunOfARunTheCampaignHasNot() throws IOException {
        Path campaign = CampaignFiles.write(dir, "campaign.json",
                "{\"coupling\": \"scenario.json\", \"parameters\": {\"plant.k\": {\"values\": [1, 2]}}}");
        Console rerun = CampaignFiles.sweep(campaign.toString(), "--rerun", "2", "-o", dir.resolve("r").toString());
        assertEquals(2, rerun.code());
        assertTrue(rerun.err().contains("the campaign has runs 0 to 1; no run 2"), rerun.err());
    }
}
