package org.btfmu.campaign;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bundle shipped to a cluster's executors holds every file the campaign reads: unpacked
 * elsewhere, with the driver's files gone, the campaign reads and gives the same runs, its
 * coupling and FMU found through the same relative paths.
 */
class CampaignBundleTest {

    @TempDir
    Path dir;

    @Test
    void anUnpackedBundleStandsAloneWithTheSameRuns() throws IOException {
        Path project = Files.createDirectories(dir.resolve("project"));
        Path fmus = Files.createDirectories(project.resolve("fmus"));
        Path plant = PlantFmu.EXPONENTIAL_DECAY.copyTo(fmus);
        Path couplings = Files.createDirectories(project.resolve("couplings"));
        Files.writeString(couplings.resolve("decay.json"), "{\"fmus\": {\"plant\": \"../fmus/" + plant.getFileName()
                + "\"}, \"stop\": 1, \"step\": 0.1, \"expect\": [{\"variable\": \"plant.x\", \"at\": 1, \"min\": 0.1}]}\n");
        Path campaigns = Files.createDirectories(project.resolve("campaigns"));
        Path file = CampaignFiles.write(campaigns, "decay-campaign.json", "{\"coupling\": \"../couplings/decay.json\","
                + " \"seed\": 3, \"samples\": 4, \"parameters\": {\"plant.k\": {\"uniform\": [0.5, 2]}}}");
        Campaign campaign = Campaign.read(file);
        assertEquals(3, CampaignBundle.files(campaign).size(), CampaignBundle.files(campaign).toString());

        Path zip = dir.resolve("bundle.zip");
        CampaignBundle.write(campaign, zip);
        delete(project);
        assertFalse(Files.exists(plant), "the driver's files are gone");
        Path unpacked = CampaignBundle.unpack(zip, Files.createDirectories(dir.resolve("executor")), file);

        Campaign shipped = Campaign.read(unpacked);
        assertEquals(campaign.runs(), shipped.runs());
        for (int i = 0; i < campaign.runs(); i++) {
            assertArrayEquals(campaign.run(i).values(), shipped.run(i).values(), "run " + i);
        }
        Path shippedPlant = shipped.scenario().fmus().get("plant");
        assertTrue(shippedPlant.startsWith(dir.resolve("executor")), "read from the unpacked copy: " + shippedPlant);
    }

    private static void delete(Path tree) throws IOException {
        try (Stream<Path> files = Files.walk(tree)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
