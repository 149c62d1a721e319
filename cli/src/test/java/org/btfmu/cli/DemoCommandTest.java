package org.btfmu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
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

        assertScenario(out.resolve("traffic-circuit"), List.of("status.png", "plant.altitude.png", "trajectory.png"),
                List.of("time", "mission.mode", "mission.status.traffic_circuit.mission.altitude_selector.take_off",
                        "plant.x", "plant.y", "plant.altitude"), 901);
        assertScenario(out.resolve("solar-day"), List.of("status.png", "plant.altitude.png", "plant.soc.png", "plant.solar_power.png"),
                List.of("time", "mission.mode", "mission.status.solar_day.day_plan.mission", "plant.altitude",
                        "plant.soc", "plant.solar_power"), 8641);
        assertScenario(out.resolve("square-waypoints"), List.of("status.png", "trajectory.png"),
                List.of("time", "mission.target_x", "mission.target_y", "plant.x", "plant.y"), 701);
        assertScenario(out.resolve("square-waypoints-naive"), List.of("status.png", "trajectory.png"),
                List.of("time", "plant.x", "plant.y"), 701);
        assertScenario(out.resolve("reactive-patrol"), List.of("status.png", "plant.altitude.png", "plant.soc.png"),
                List.of("time", "mission.mode", "plant.altitude", "plant.soc"), 8641);
        assertScenario(out.resolve("navigate-with-replanning"), List.of("status.png", "plant.x.png", "plant.y.png"),
                List.of("time", "mission.recoveries", "plant.x", "plant.y"), 601);
        assertScenario(out.resolve("nav2-navigate-to-pose"), List.of("status.png", "plant.x.png", "plant.y.png"),
                List.of("time", "mission.recoveries", "plant.x", "plant.y"), 601);
        assertBtcppScenariosBehave(out);
        assertNav2NavigatorRecoversAndArrives(out);
        assertReportAndBtLogOfEveryScenario(out);
        assertCampaignAnswers(out, c.out());
    }

    /**
     * Every scenario folder holds report.html and run.btlog: the log's tree has one node per task of the
     * scenario's mission and its transitions; the Nav2 navigator's report (the largest tree) is drawn in
     * Chromium as its result.csv says, where Chromium is installed (ReportBrowserTest says when not).
     */
    private static void assertReportAndBtLogOfEveryScenario(Path out) throws Exception {
        for (org.btfmu.demo.DemoScenario scenario : org.btfmu.demo.DemoScenario.ALL) {
            Path folder = out.resolve(scenario.example());
            int tasks = org.btfmu.mission.MissionLoader.load(folder.resolve("mission.json")).tree().size();
            assertTrue(Files.readString(folder.resolve("report.html")).contains("id=\"run-data\""), scenario.example());
            BtLogReader log = BtLogReader.read(folder.resolve("run.btlog"));
            List<BtLogReader.LoggedNode> nodes = new java.util.ArrayList<>(log.tree());
            for (int i = 0; i < nodes.size(); i++) {
                nodes.addAll(nodes.get(i).children());
            }
            assertEquals(tasks, nodes.size(), scenario.example() + ": one node per task");
            assertTrue(log.transitions().size() > 0, scenario.example() + ": the run's transitions");
        }
        if (ReportPage.find().isPresent()) {
            Path nav2 = out.resolve("nav2-navigate-to-pose");
            ReportBrowserTest.assertDrawnAsTheRun(nav2, "demo-nav2-navigate-to-pose",
                    org.btfmu.mission.MissionLoader.load(nav2.resolve("mission.json")).tree().size());
        }
    }

    /**
     * The campaign (solar day over initial charge x panel area, on Spark in a JVM of its own):
     * only the fullest battery with the largest panel both reaches 13,000 m and keeps charge
     * through the night; its summary and table are written.
     */
    private static void assertCampaignAnswers(Path out, String console) throws Exception {
        Path dir = out.resolve("solar-day-campaign");
        assertTrue(console.contains("9 runs: 1 passed, 8 failed, 0 errors, 0 timed out (pass rate 11.1 %)"), console);
        assertTrue(console.contains("run 0 failed (plant.soc0=0.3000, plant.solar_peak_power=5000)"), console);
        assertTrue(Files.size(dir.resolve("runs.parquet")) > 0);
        String html = Files.readString(dir.resolve("summary.html"));
        assertTrue(html.contains("<svg") && html.contains("run 8 passed (plant.soc0=0.7000, plant.solar_peak_power=15000)"),
                html);
    }

    /**
     * The BehaviorTree.CPP examples do what their trees say: the patrol hands over to the
     * recovery when the battery check fails at night and gets the aircraft back once it passes;
     * the navigation times out once, recovers, retries and reaches its goal.
     */
    private static void assertBtcppScenariosBehave(Path out) throws Exception {
        List<Map<String, Double>> patrol = rows(out.resolve("reactive-patrol/result.csv"));
        int firstRecovery = indexWhere(patrol, 0, r -> r.get("mission.mode") == 2);
        assertTrue(firstRecovery > 0, "the recovery (mode 2) runs");
        assertTrue(patrol.get(firstRecovery).get("plant.soc") < 0.46, "when the battery check fails");
        int backToPatrol = indexWhere(patrol, firstRecovery, r -> r.get("mission.mode") == 0);
        assertTrue(backToPatrol > firstRecovery, "the fallback hands back to the patrol");
        assertTrue(patrol.get(backToPatrol).get("plant.soc") > 0.45);

        List<Map<String, Double>> navigate = rows(out.resolve("navigate-with-replanning/result.csv"));
        Map<String, Double> last = navigate.get(navigate.size() - 1);
        assertEquals(1.0, last.get("mission.recoveries"), "one timeout, one recovery");
        int reached = indexWhere(navigate, 0, r -> Math.hypot(r.get("plant.x") - 4000, r.get("plant.y") - 3000) < 100);
        assertTrue(reached > 150, "the goal is reached after the recovery, at row " + reached);
        assertEquals(6.0, last.get("mission.status.NavigateWithReplanning"), "the tree FINISHED");
    }

    /**
     * Nav2's published navigator tree (examples/nav2, imported with the Nav2 library and Nav2's
     * manifest): the planner runs once a second (RateController at 1 Hz); started within 2.5 km of
     * the goal the follower fails four times in one instant: the follower's RecoveryNode clears the
     * local costmap, the navigator's RecoveryNode runs the RoundRobin's clearing actions, then after
     * the next two failures the RoundRobin's next child, Spin (10 s holding the heading); then the
     * follower flies on and reaches the goal, and the tree finishes.
     */
    private static void assertNav2NavigatorRecoversAndArrives(Path out) throws Exception {
        assertEquals(Files.readString(Path.of("..", "examples", "nav2", "navigate_to_pose_w_replanning_and_recovery.xml")),
                Files.readString(out.resolve("nav2-navigate-to-pose/tree.xml")), "the tree flown is the published one");
        List<Map<String, Double>> nav = rows(out.resolve("nav2-navigate-to-pose/result.csv"));
        int failed = indexWhere(nav, 0, r -> r.get("mission.follow_failures") > 0);
        assertTrue(failed > 0, "the follower fails");
        for (int k = 1; k < failed; k++) {
            assertEquals(k + 1.0, nav.get(k).get("mission.replans"), "replanning at 1 Hz, at " + k + " s");
        }
        double distance = Math.hypot(nav.get(failed).get("plant.x") - 4000, nav.get(failed).get("plant.y") - 3000);
        assertTrue(distance < 2500 && distance > 2450, "started 2.5 km out: " + distance);
        Map<String, Double> recovered = nav.get(failed);
        assertEquals(4.0, recovered.get("mission.follow_failures"));
        assertEquals(4.0, recovered.get("mission.clears"), "local costmap, then the RoundRobin's two clearing actions,"
                + " then local again");
        assertEquals(1.0, recovered.get("mission.recoveries"), "then the RoundRobin's next child: Spin");
        assertEquals(0.0, nav.get(failed + 5).get("mission.mode"), "Spin holds the heading");
        int flying = indexWhere(nav, failed, r -> r.get("mission.mode") == 2);
        assertEquals(failed + 10, flying, "for 10 s, then navigation starts again");
        assertEquals(nav.get(flying + 20).get("mission.replans") - 20, nav.get(flying).get("mission.replans"),
                "replanning at 1 Hz again");
        int reached = indexWhere(nav, flying, r -> Math.hypot(r.get("plant.x") - 4000, r.get("plant.y") - 3000) < 100);
        assertTrue(reached > flying, "the goal is reached after the recovery");
        Map<String, Double> last = nav.get(nav.size() - 1);
        assertEquals(6.0, last.get("mission.status.MainTree"), "the tree FINISHED");
        assertEquals(nav.get(reached).get("mission.replans"), last.get("mission.replans"), "no planning after the goal");
    }

    private static List<Map<String, Double>> rows(Path csv) throws java.io.IOException {
        List<String> lines = Files.readAllLines(csv);
        String[] header = lines.get(0).split(",");
        List<Map<String, Double>> rows = new java.util.ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",");
            Map<String, Double> row = new java.util.HashMap<>();
            for (int k = 0; k < header.length; k++) {
                row.put(header[k], Double.parseDouble(cells[k]));
            }
            rows.add(row);
        }
        return rows;
    }

    private static int indexWhere(List<Map<String, Double>> rows, int from, java.util.function.Predicate<Map<String, Double>> p) {
        for (int k = from; k < rows.size(); k++) {
            if (p.test(rows.get(k))) {
                return k;
            }
        }
        return -1;
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
