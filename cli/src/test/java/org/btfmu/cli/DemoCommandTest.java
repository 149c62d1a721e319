package org.btfmu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.btfmu.cosim.CoSimulation;
import org.btfmu.cosim.Experiment;
import org.btfmu.cosim.SspArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DemoCommandTest {

    @TempDir
    Path dir;

    @Test
    void writesTheFmusCsvsAndPlotsOfEveryScenario() throws Exception {
        Path out = dir.resolve("demo-output");
        Console c = Console.run("demo", "-o", out.toString());
        assertEquals(0, c.exit(), c.err());
        assertEquals("", c.err(), "no FMU messages in a clean run");
        assertTrue(c.out().contains(out.toString()), c.out());

        assertScenario(out.resolve("traffic-circuit"), List.of("status.png", "altitude.png", "trajectory.png"),
                List.of("time", "mission.mode", "mission.status.traffic_circuit.mission.altitude_selector.take_off",
                        "plant.x", "plant.y", "plant.altitude"), 901);
        assertScenario(out.resolve("solar-day"), List.of("status.png", "altitude.png", "soc.png", "solar_power.png"),
                List.of("time", "mission.mode", "mission.status.solar_day.day_plan.mission", "plant.altitude",
                        "plant.soc", "plant.solar_power"), 8641);
        assertScenario(out.resolve("square-waypoints"), List.of("status.png", "trajectory.png"),
                List.of("time", "mission.target_x", "mission.target_y", "plant.x", "plant.y"), 701);
        assertScenario(out.resolve("square-waypoints-naive"), List.of("status.png", "trajectory.png"),
                List.of("time", "plant.x", "plant.y"), 701);
    }

    private static void assertScenario(Path dir, List<String> plots, List<String> columns, int rows) throws Exception {
        for (String file : List.of("mission.json", "connections.json", "mission.fmu", "plant.fmu")) {
            assertTrue(Files.size(dir.resolve(file)) > 0, dir + "/" + file);
        }
        List<String> lines = Files.readAllLines(dir.resolve("result.csv"));
        List<String> header = List.of(lines.get(0).split(","));
        assertTrue(header.containsAll(columns), dir + ": columns " + header);
        assertEquals("time", header.get(0));
        assertEquals(rows + 1, lines.size(), dir + ": one row per communication point");
        for (String plot : plots) {
            BufferedImage image = ImageIO.read(dir.resolve(plot).toFile());
            assertTrue(image.getWidth() >= 500 && image.getHeight() >= 100, dir + "/" + plot);
        }
        try (SspArchive ssp = SspArchive.open(dir.resolve("scenario.ssp"))) {
            assertEquals(List.of("mission", "plant"), ssp.fmus().stream().map(CoSimulation.FmuSpec::name).toList());
            double stop = Double.parseDouble(lines.get(lines.size() - 1).split(",")[0]);
            double step = Double.parseDouble(lines.get(2).split(",")[0]);
            assertEquals(new Experiment(0, stop, step), ssp.experiment(), dir + ": the scenario's experiment");
            assertEquals(Files.size(dir.resolve("mission.fmu")), Files.size(ssp.fmus().get(0).path()));
        }
    }

    @Test
    void anOutputThatIsAFileIsBadInput() throws Exception {
        Path file = Files.writeString(dir.resolve("taken"), "x");
        Console c = Console.run("demo", "-o", file.toString());
        assertEquals(BtFmu.EXIT_BAD_INPUT, c.exit());
        assertTrue(c.err().contains("taken") && c.err().contains("not a directory"), c.err());
    }
}
