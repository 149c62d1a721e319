package org.btfmu.demo;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrajectoryChartTest {

    @TempDir
    Path dir;

    @Test
    void marksTheStartOnTopOfTheWaypointItLeavesFrom() throws Exception {
        Path png = dir.resolve("trajectory.png");
        // The track starts at the last waypoint, as the demo's square does.
        TrajectoryChart.write(png, "square: ground track", new double[] {0, 0, 500, 1000},
                new double[] {0, 500, 1000, 1000}, new double[] {0, 1000, 1000, 0}, new double[] {1000, 1000, 0, 0});
        BufferedImage image = ImageIO.read(png.toFile());
        int start = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                start += (image.getRGB(x, y) & 0xffffff) == 0x009e73 ? 1 : 0;
            }
        }
        // The legend swatch and the "start" label alone are well under 300 pixels; the marker adds about 200.
        assertTrue(start > 300, "start marker drawn, not hidden under WP4: " + start + " pixels");
    }
}
