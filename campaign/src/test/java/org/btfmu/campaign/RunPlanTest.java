package org.btfmu.campaign;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runs a campaign makes: the grid, the draws, the Latin hypercube; from the seed and index alone. */
class RunPlanTest {

    @TempDir
    Path dir;

    @BeforeEach
    void coupling() throws IOException {
        CampaignFiles.scenario(dir, PlantFmu.EXPONENTIAL_DECAY.copyTo(dir), 1, 0.1, "[]");
    }

    private Campaign campaign(String seed, String samples, String parameters) throws IOException {
        return Campaign.read(CampaignFiles.write(dir, "c" + seed + ".json", "{\"coupling\": \"scenario.json\","
                + " \"seed\": " + seed + ", \"samples\": " + samples + ", \"parameters\": " + parameters + "}"));
    }

    @Test
    void gridTimesSamplesFirstQuantitySlowest() throws IOException {
        Campaign c = campaign("1", "2", "{\"plant.k\": {\"values\": [1, 2, 3]}, \"plant.x0\": {\"range\": [0, 1],"
                + " \"count\": 3}, \"plant.x0 \": {\"uniform\": [0, 1]}}");
        assertEquals(18, c.runs());
        assertEquals(1, c.run(0).values()[0]);
        assertEquals(0, c.run(0).values()[1]);
        assertEquals(0, c.run(1).values()[1], "two samples of one grid point");
        assertEquals(0.5, c.run(2).values()[1]);
        assertEquals(1, c.run(4).values()[1]);
        assertEquals(2, c.run(6).values()[0]);
        assertEquals(3, c.run(17).values()[0]);
        assertFalse(c.run(0).values()[2] == c.run(1).values()[2], "samples draw anew");
    }

    @Test
    void aRunDependsOnTheSeedAndItsIndexOnly() throws IOException {
        String parameters = "{\"plant.k\": {\"uniform\": [0, 1]}, \"plant.x0\": {\"normal\": [5, 2]},"
                + " \"plant.q\": {\"choice\": [1, 2, 3]}, \"plant.r\": {\"latin\": [0, 10]}}";
        Campaign a = campaign("7", "20", parameters);
        Campaign b = campaign("7", "20", parameters);
        Campaign other = campaign("8", "20", parameters);
        for (int i = 19; i >= 0; i--) { // another order, another instance: the same values
            assertArrayEquals(a.run(i).values(), b.run(i).values());
        }
        assertArrayEquals(a.run(13).values(), Campaign.read(a.file()).run(13).values());
        assertFalse(Arrays.equals(a.run(3).values(), other.run(3).values()), "another seed, other values");
    }

    @Test
    void drawsKeepToTheirDistributions() throws IOException {
        Campaign c = campaign("3", "400", "{\"plant.k\": {\"uniform\": [2, 4]}, \"plant.x0\": {\"normal\": [5, 2]},"
                + " \"plant.q\": {\"choice\": [1, 2, 3]}}");
        double sum = 0;
        double squares = 0;
        Set<Double> chosen = new HashSet<>();
        for (int i = 0; i < c.runs(); i++) {
            double[] v = c.run(i).values();
            assertTrue(v[0] >= 2 && v[0] < 4, "uniform in [2, 4): " + v[0]);
            sum += v[1];
            squares += v[1] * v[1];
            chosen.add(v[2]);
        }
        double mean = sum / c.runs();
        double sd = Math.sqrt(squares / c.runs() - mean * mean);
        assertEquals(5, mean, 0.4, "normal mean");
        assertEquals(2, sd, 0.4, "normal standard deviation");
        assertEquals(Set.of(1.0, 2.0, 3.0), chosen);
    }

    @Test
    void latinHypercubeDrawsEveryStratumOncePerGridPoint() throws IOException {
        int samples = 10;
        Campaign c = campaign("5", String.valueOf(samples), "{\"plant.k\": {\"values\": [1, 2]},"
                + " \"plant.x0\": {\"latin\": [0, 10]}, \"plant.q\": {\"latin\": [100, 200]}}");
        for (int grid = 0; grid < 2; grid++) {
            boolean[] seen = new boolean[samples];
            boolean[] seenQ = new boolean[samples];
            for (int s = 0; s < samples; s++) {
                double[] v = c.run(grid * samples + s).values();
                seen[(int) Math.floor(v[1])] = true;
                seenQ[(int) Math.floor((v[2] - 100) / 10)] = true;
            }
            for (int s = 0; s < samples; s++) {
                assertTrue(seen[s] && seenQ[s], "stratum " + s + " of grid point " + grid);
            }
        }
        List<Double> first = List.of(c.run(0).values()[1], c.run(1).values()[1]);
        assertFalse((int) Math.floor(first.get(0)) == 0 && (int) Math.floor(first.get(1)) == 1
                && (int) Math.floor(c.run(2).values()[1]) == 2, "strata in a shuffled order");
    }

    @Test
    void faultTimesAreVariedQuantities() throws IOException {
        Campaign c = Campaign.read(CampaignFiles.write(dir, "f.json", "{\"coupling\": \"scenario.json\","
                + " \"parameters\": {\"plant.k\": {\"values\": [1, 2]}},"
                + " \"faults\": [{\"input\": \"plant.u\", \"value\": 5, \"from\": {\"values\": [0.2, 0.8]}}]}"));
        assertEquals(List.of("plant.k", "plant.u fault at"), c.quantities());
        assertEquals(4, c.runs());
        assertEquals(0.8, c.run(3).value("plant.u fault at"));
    }
}
