package org.btfmu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.btfmu.core.Status;
import org.btfmu.mission.MissionLoader;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bt-fmu simulate} of the traffic circuit writes report.html, and headless Chromium draws
 * it as the run says: one timeline row and one tree node per task of the mission, one bar per
 * stretch of equal status in result.csv, one chart per recorded variable, the tree coloured at
 * the cursor by the statuses result.csv holds at that time (see {@link ReportPage}).
 */
class ReportBrowserTest {

    @TempDir
    Path dir;

    @Test
    void simulateReportDrawsTheRunInChromium() throws Exception {
        ReportPage.chromium(); // skipped, saying why, without a browser
        Path examples = Path.of("..", "examples");
        Path fmu = dir.resolve("traffic_circuit.fmu");
        Console build = Console.run("build", examples.resolve("traffic-circuit.json").toString(), "-o", fmu.toString());
        assertEquals(0, build.exit(), build.err());
        Path out = dir.resolve("out");
        Console sim = Console.run("simulate", "--fmu", "mission=" + fmu, "--fmu",
                "plant=" + PlantFmu.POINT_MASS_AIRCRAFT.copyTo(dir), "--connections",
                examples.resolve("connections/traffic-circuit.json").toString(), "--stop", "900", "--step", "0.5",
                "-o", out.toString());
        assertEquals(0, sim.exit(), sim.err());
        assertTrue(sim.out().contains(out.resolve("report.html").toString()), sim.out());

        int tasks = MissionLoader.load(examples.resolve("traffic-circuit.json")).tree().size();
        assertDrawnAsTheRun(out, "simulate-traffic-circuit", tasks);
    }

    /**
     * The report.html in {@code out} drawn in Chromium as {@code out/result.csv} says, for a mission FMU
     * instance "mission" of {@code tasks} tasks; the screenshot is {@code <shot>.png}.
     */
    static void assertDrawnAsTheRun(Path out, String shot, int tasks) throws Exception {
        Csv csv = Csv.read(out.resolve("result.csv"));
        List<String> statusColumns = csv.header().stream().filter(c -> c.startsWith("mission.status.")).toList();
        assertEquals(tasks, statusColumns.size());
        // Two cursor times at which some task's status differs, found in the run, not assumed.
        int first = 20;
        int second = -1;
        for (int row = first + 1; row < csv.rows() && second < 0; row++) {
            for (String c : statusColumns) {
                if (csv.value(row, c) != csv.value(first, c)) {
                    second = row;
                }
            }
        }
        assertTrue(second > 0, "the statuses change after t=" + csv.time(first));

        JsonNode page = ReportPage.check(out.resolve("report.html"), shot, csv.time(first),
                csv.time(second));
        assertEquals(tasks, page.path("timelineRows").asInt(), "one timeline row per task");
        assertEquals(tasks, page.path("treeNodes").asInt(), "one tree node per task");
        assertEquals(tasks - 1, page.path("treeEdges").asInt(), "a tree: every task but the root has one parent");
        Map<String, Integer> bars = bars(csv, statusColumns);
        assertEquals(bars.values().stream().mapToInt(Integer::intValue).sum(), page.path("timelineBars").asInt(),
                "one bar per stretch of equal status");
        bars.forEach((status, n) -> assertEquals(n, page.path("barsByStatus").path(status).asInt(),
                status + " bars in the status's colour"));
        long variables = csv.header().stream().filter(c -> !c.equals("time") && !c.startsWith("mission.status."))
                .count();
        assertEquals(variables, page.path("variableCharts").asInt(), "one chart per recorded variable");
        assertTrue(page.path("eventRows").asInt() >= page.path("timelineBars").asInt() - tasks,
                "the logged changes include every change the samples show");
        int[] rows = {first, second};
        for (int k = 0; k < 2; k++) {
            JsonNode shown = page.path("cursor").get(k).path("statuses");
            for (String c : statusColumns) {
                String path = c.substring("mission.status.".length());
                assertEquals(Status.values()[(int) csv.value(rows[k], c) - 1].name(), shown.path(path).asText(),
                        path + " at t=" + csv.time(rows[k]));
            }
        }
        ReportPage.assertCursorRecolours(page);
        assertRoundTimeTicks(page, csv.time(csv.rows() - 1) - csv.time(0));
    }

    /**
     * The time axis is labelled in seconds up to 10 min, minutes up to 3 h, hours beyond, and its
     * ticks fall on round values of that unit (1, 2, 5 x 10^k; 15 or 30 min; 3, 6 or 12 h), not
     * on round numbers of seconds shown as 3.333 min.
     */
    static void assertRoundTimeTicks(JsonNode page, double span) {
        String unit = page.path("timeUnit").asText();
        assertEquals(span <= 600 ? "s" : span <= 3 * 3600 ? "min" : "h", unit, "the time axis's unit for " + span + " s");
        List<Double> ticks = new ArrayList<>();
        page.path("timeTicks").forEach(t -> ticks.add(t.asDouble()));
        assertTrue(ticks.size() >= 4, "ticks on the time axis: " + ticks);
        double step = ticks.get(2) - ticks.get(1);
        double power = Math.pow(10, Math.floor(Math.log10(step) + 1e-9));
        double mantissa = step / power;
        List<Double> round = new ArrayList<>(List.of(1.0, 2.0, 5.0));
        if (unit.equals("min")) {
            round.addAll(List.of(1.5, 3.0));
        } else if (unit.equals("h")) {
            round.addAll(List.of(3.0, 6.0, 1.2));
        }
        assertTrue(round.stream().anyMatch(m -> Math.abs(m - mantissa) < 1e-6), "a round tick step in " + unit
                + ": " + ticks);
        for (double t : ticks.subList(1, ticks.size() - 1)) {
            assertEquals(0, Math.abs(Math.IEEEremainder(t, step)), 1e-6, "tick " + t + " of " + ticks);
        }
    }

    /** The timeline's bars by status: runs of equal status of positive length, per task. */
    static Map<String, Integer> bars(Csv csv, List<String> statusColumns) {
        Map<String, Integer> bars = new TreeMap<>();
        for (String c : statusColumns) {
            int begin = 0;
            for (int row = 1; row <= csv.rows(); row++) {
                if (row == csv.rows() || csv.value(row, c) != csv.value(begin, c)) {
                    double end = row == csv.rows() ? csv.time(csv.rows() - 1) : csv.time(row);
                    if (end > csv.time(begin)) {
                        bars.merge(Status.values()[(int) csv.value(begin, c) - 1].name(), 1, Integer::sum);
                    }
                    begin = row;
                }
            }
        }
        return bars;
    }

    /** A result.csv of numbers. */
    record Csv(List<String> header, List<double[]> values) {
        static Csv read(Path file) throws Exception {
            List<String> lines = Files.readAllLines(file);
            List<double[]> values = new ArrayList<>();
            for (String line : lines.subList(1, lines.size())) {
                String[] fields = line.split(",");
                double[] row = new double[fields.length];
                for (int i = 0; i < fields.length; i++) {
                    row[i] = fields[i].equals("true") ? 1 : fields[i].equals("false") ? 0 : Double.parseDouble(fields[i]);
                }
                values.add(row);
            }
            return new Csv(List.of(lines.get(0).split(",")), values);
        }

        int rows() {
            return values.size();
        }

        double time(int row) {
            return values.get(row)[0];
        }

        double value(int row, String column) {
            int c = header.indexOf(column);
            assertNotEquals(-1, c, column);
            return values.get(row)[c];
        }
    }
}
