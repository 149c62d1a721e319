package org.btfmu.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.btfmu.core.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StatusTimelineChartTest {

    @TempDir
    Path dir;

    @Test
    void drawsOneRowPerTaskWithEveryStatusInItsOwnColour() throws Exception {
        double[] times = {0, 1, 2, 3, 4, 5, 6, 7, 8};
        List<double[]> statuses = List.of(
                new double[] {3, 4, 5, 5, 6, 8, 3, 3, 3},  // ACCEPT, ACTIVATING, RUNNING, FINISHED, DEACTIVATING
                new double[] {2, 2, 2, 1, 1, 1, 7, 7, 2},  // FAILURE, SUCCESS, ABORTED
                new double[] {1, 1, 1, 1, 1, 1, 1, 1, 1});
        Path png = dir.resolve("status.png");
        StatusTimelineChart.write(png, "Task status: test", List.of("root", "root.check", "root.fly"), times, statuses);
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(1200, image.getWidth());
        assertEquals(140 + 26 * 3, image.getHeight());
        Map<Integer, Integer> pixels = new HashMap<>();
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                pixels.merge(image.getRGB(x, y) & 0xffffff, 1, Integer::sum);
            }
        }
        int[] expected = Arrays.stream(Status.values()).mapToInt(s -> StatusPalette.colour(s).getRGB() & 0xffffff).toArray();
        for (Status s : Status.values()) {
            // A legend swatch has well under 200 pixels; every status here also has a bar of one time unit or more.
            assertTrue(pixels.getOrDefault(expected[s.ordinal()], 0) > 200, s + " drawn as a bar");
        }
        int success = pixels.get(expected[Status.SUCCESS.ordinal()]);
        int aborted = pixels.get(expected[Status.ABORTED.ordinal()]);
        assertTrue(success > 3 * aborted, "bar lengths follow the durations: " + success + " vs " + aborted);
    }
}
