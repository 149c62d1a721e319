package org.btfmu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line as a user runs it: {@code bt-fmu build} an example mission, then
 * {@code bt-fmu simulate} it against a plant FMU with the example's connection file.
 * (The papers' behaviours are checked in org.btfmu.scenarios.)
 */
class SimulateMissionTest {

    @TempDir
    Path dir;

    private String out = "";
    private String err = "";

    private int run(String... args) {
        PrintStream savedOut = System.out;
        PrintStream savedErr = System.err;
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
        try {
            return BtFmu.run(args);
        } finally {
            System.setOut(savedOut);
            System.setErr(savedErr);
            out = o.toString(StandardCharsets.UTF_8);
            err = e.toString(StandardCharsets.UTF_8);
        }
    }

    @Test
    void builtMissionFlownAgainstThePlantGivesStatusColumnsTimelineAndSummary() throws Exception {
        Path examples = Path.of("..", "examples");
        Path mission = dir.resolve("traffic-circuit.fmu");
        assertEquals(0, run("build", examples.resolve("traffic-circuit.json").toString(), "-o", mission.toString()), err);
        Path outDir = dir.resolve("out");
        assertEquals(0, run("simulate", "--fmu", "mission=" + mission, "--fmu",
                "plant=" + PlantFmu.POINT_MASS_AIRCRAFT.copyTo(dir), "--connections",
                examples.resolve("connections").resolve("traffic-circuit.json").toString(),
                "--stop", "300", "--step", "0.5", "--plot", "plant.altitude", "-o", outDir.toString()), err);

        List<String> lines = Files.readAllLines(outDir.resolve("result.csv"));
        assertEquals(602, lines.size(), "header and 601 communication points");
        List<String> header = List.of(lines.get(0).split(","));
        List<String> statusColumns = header.stream().filter(c -> c.startsWith("mission.status.")).toList();
        assertEquals(13, statusColumns.size(), header.toString());
        assertTrue(header.contains("plant.waypoint_index") && header.contains("mission.advance_request"));

        // Status changes in the CSV agree with the summary line.
        long changes = 0;
        Map<String, String> previous = new HashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] fields = line.split(",");
            for (String column : statusColumns) {
                String value = fields[header.indexOf(column)];
                String before = previous.put(column, value);
                changes += before != null && !before.equals(value) ? 1 : 0;
            }
        }
        assertTrue(changes > 10, "the circuits switch tasks: " + changes);
        assertTrue(out.contains("600 steps of 0.5 s, " + changes + " status changes"), out);

        BufferedImage timeline = ImageIO.read(outDir.resolve("status.png").toFile());
        assertEquals(140 + 26 * 13, timeline.getHeight(), "one row per task");
        assertTrue(Files.size(outDir.resolve("plant.altitude.png")) > 0);
    }
}
