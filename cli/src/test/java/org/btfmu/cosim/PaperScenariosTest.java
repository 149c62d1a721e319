package org.btfmu.cosim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.btfmu.cli.BtFmu;
import org.btfmu.core.Status;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The papers' scenarios end to end: an example mission built into an FMU by
 * {@code bt-fmu build}, co-simulated with a plant FMU in C by {@code bt-fmu simulate},
 * and the behaviour checked in result.csv.
 */
class PaperScenariosTest {

    private static final Path EXAMPLES = Path.of("..", "examples");

    @TempDir
    Path dir;

    private String err = "";

    private int run(String... args) {
        PrintStream savedOut = System.out;
        PrintStream savedErr = System.err;
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        System.setOut(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
        try {
            return BtFmu.run(args);
        } finally {
            System.setOut(savedOut);
            System.setErr(savedErr);
            err = e.toString(StandardCharsets.UTF_8);
        }
    }

    /** Builds examples/<mission>.json and flies it against the plant; returns the exit code. */
    private int fly(String mission, PlantFmu plant, double stop, double step) {
        Path fmu = dir.resolve(mission + ".fmu");
        assertEquals(0, run("build", EXAMPLES.resolve(mission + ".json").toString(), "-o", fmu.toString()), err);
        return run("simulate", "--fmu", "mission=" + fmu, "--fmu", "plant=" + plant.copyTo(dir),
                "--connections", EXAMPLES.resolve("connections").resolve(mission + ".json").toString(),
                "--stop", String.valueOf(stop), "--step", String.valueOf(step), "-o", dir.resolve("out").toString());
    }

    /** result.csv as columns of numbers. */
    private Map<String, double[]> result() throws Exception {
        List<String> lines = Files.readAllLines(dir.resolve("out").resolve("result.csv"));
        String[] header = lines.get(0).split(",");
        Map<String, double[]> columns = new HashMap<>();
        for (int c = 0; c < header.length; c++) {
            double[] values = new double[lines.size() - 1];
            for (int r = 1; r < lines.size(); r++) {
                values[r - 1] = Double.parseDouble(lines.get(r).split(",")[c]);
            }
            columns.put(header[c], values);
        }
        return columns;
    }

    private static double code(Status status) {
        return status.ordinal() + 1;
    }

    @Test
    void trafficCircuit2013TakesOffHoldsAltitudeByTheExitHookAndFliesTheCircuitsInOrder() throws Exception {
        assertEquals(0, fly("traffic-circuit", PlantFmu.POINT_MASS_AIRCRAFT, 600, 0.5), err);
        Map<String, double[]> r = result();
        double[] time = r.get("time");
        double[] altitude = r.get("plant.altitude");
        double[] takeOff = r.get("mission.status.traffic_circuit.mission.altitude_selector.take_off");
        double safe = 300;
        int end = -1;
        for (int i = 0; i < time.length; i++) {
            if (takeOff[i] != code(Status.RUNNING)) {
                end = i;
                break;
            }
            // The mission settles an instant with the inputs of that communication point (before the
            // exchange), so at row i it has seen the altitude of row i - 1.
            double seen = altitude[Math.max(i - 1, 0)];
            assertTrue(seen <= safe + 20, "take-off running only up to the threshold (+ hysteresis), t=" + time[i]);
        }
        assertTrue(end > 0, "the take-off ran and ended");
        for (int i = end; i < time.length; i++) {
            assertTrue(takeOff[i] != code(Status.RUNNING), "no second take-off, t=" + time[i]);
            assertTrue(altitude[i] < safe + 30, "bounded after the take-off (exit hook), t=" + time[i]);
            if (time[i] > time[end] + 40) {
                assertEquals(safe, altitude[i], 1.0, "held at the exit hook's altitude, t=" + time[i]);
            }
        }
        // Waypoints in order, the failed advance at the last one followed by a reset: 1 2 3 4 1 2 3 4 ...
        List<Integer> order = new ArrayList<>();
        double[] index = r.get("plant.waypoint_index");
        double[] resets = r.get("plant.reset_ack");
        for (int i = 0; i < time.length; i++) {
            if (order.isEmpty() || order.get(order.size() - 1) != (int) index[i]) {
                order.add((int) index[i]);
                if (order.size() > 1 && index[i] == 1) {
                    assertEquals(resets[i - 1] + 1, resets[i], "back to waypoint 1 by a reset, t=" + time[i]);
                }
            }
        }
        assertTrue(order.size() >= 9, order.toString());
        for (int k = 0; k < order.size(); k++) {
            assertEquals(k % 4 + 1, order.get(k), "visiting order " + order);
        }
    }

    @Test
    void nonTransientAltitudeCheckChattersAndTheEngineReportsTheInstant() {
        assertEquals(BtFmu.EXIT_BAD_INPUT, fly("traffic-circuit-chattering", PlantFmu.POINT_MASS_AIRCRAFT, 100, 0.5));
        assertTrue(err.contains("did not settle"), err);
        assertTrue(err.contains("altitude_reached"), err);
        assertTrue(err.contains("FMU 'mission'"), err);
    }

    @Test
    void solarDay2014HoldsTheLowerLimitChargesThenClimbsAndSinksInTheEvening() throws Exception {
        assertEquals(0, fly("solar-day", PlantFmu.SOLAR_AIRCRAFT, 86_400, 10), err);
        Map<String, double[]> r = result();
        double[] time = r.get("time");
        double[] altitude = r.get("plant.altitude");
        double[] soc = r.get("plant.soc");
        double sunrise = 28_200;
        int climbStart = -1;
        double highest = 0;
        for (int i = 0; i < time.length; i++) {
            if (time[i] < sunrise) {
                assertEquals(6000, altitude[i], 1.0, "lower limit before sunrise, t=" + time[i]);
            }
            if (climbStart < 0 && altitude[i] > 6010) {
                climbStart = i;
            }
            highest = Math.max(highest, altitude[i]);
        }
        assertTrue(climbStart > 0);
        assertTrue(soc[climbStart] >= 0.98, "climbs only with a full battery: soc " + soc[climbStart]
                + " at t=" + time[climbStart]);
        assertTrue(soc[climbStart - 10] < soc[climbStart], "it was charging before");
        assertEquals(13_000, highest, 1.0, "reaches the mission altitude");
        assertEquals(6000, altitude[time.length - 1], 1.0, "back at the lower limit in the evening");
    }

    @Test
    void squareWaypoints2015WithSequenceStarVisitsTheCornersInOrderAndTheNaivePlanCircles() throws Exception {
        assertEquals(0, fly("square-waypoints", PlantFmu.POINT_MASS_AIRCRAFT, 600, 0.5), err);
        assertEquals(List.of(1, 2, 3, 4, 1, 2, 3, 4), visited(result()).subList(0, 8));
        assertEquals(0, fly("square-waypoints-naive", PlantFmu.POINT_MASS_AIRCRAFT, 600, 0.5), err);
        List<Integer> naive = visited(result());
        assertTrue(naive.contains(1) && !naive.contains(2), "never gets past the first corner: " + naive);
    }

    /** The corners of the 1,000 m square the aircraft comes within 100 m of, in order, starting after t = 0. */
    private static List<Integer> visited(Map<String, double[]> r) {
        double[][] corners = {{0, 1000}, {1000, 1000}, {1000, 0}, {0, 0}};
        double[] x = r.get("plant.x");
        double[] y = r.get("plant.y");
        List<Integer> order = new ArrayList<>();
        for (int i = 1; i < x.length; i++) {
            for (int c = 0; c < corners.length; c++) {
                boolean near = Math.hypot(x[i] - corners[c][0], y[i] - corners[c][1]) < 100;
                if (near && (order.isEmpty() || order.get(order.size() - 1) != c + 1) && !(order.isEmpty() && c == 3)) {
                    order.add(c + 1);
                }
            }
        }
        return order;
    }
}
