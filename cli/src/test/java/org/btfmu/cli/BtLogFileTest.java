package org.btfmu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.btfmu.core.Status;
import org.btfmu.core.TaskInfo;
import org.btfmu.core.TreeDefinition;
import org.btfmu.mission.MissionLoader;
import org.btfmu.report.BtLog;
import org.btfmu.report.ReportTask;
import org.btfmu.report.StatusEvent;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code simulate --btlog}: the run as BehaviorTree.CPP's FileLogger2 log, read back by {@link BtLogReader}. */
class BtLogFileTest {

    @TempDir
    Path dir;

    /** BT.CPP's status of each of the eight, as docs/report.md gives it (IDLE 0, RUNNING 1, SUCCESS 2, FAILURE 3). */
    private static final Map<Status, Integer> BTCPP = Map.of(Status.SUCCESS, 2, Status.FINISHED, 2,
            Status.FAILURE, 3, Status.ABORTED, 3, Status.ACTIVATING, 1, Status.RUNNING, 1, Status.DEACTIVATING, 1,
            Status.ACCEPT, 0);

    @Test
    void simulateWritesTheTreeWithUidsAndTransitionsThatReplayTheSampledStatuses() throws Exception {
        Path examples = Path.of("..", "examples");
        Path fmu = dir.resolve("traffic_circuit.fmu");
        assertEquals(0, Console.run("build", examples.resolve("traffic-circuit.json").toString(), "-o",
                fmu.toString()).exit());
        Path out = dir.resolve("out");
        Path btlog = dir.resolve("run.btlog");
        Console sim = Console.run("simulate", "--fmu", "mission=" + fmu, "--fmu",
                "plant=" + PlantFmu.POINT_MASS_AIRCRAFT.copyTo(dir), "--connections",
                examples.resolve("connections/traffic-circuit.json").toString(), "--stop", "300", "--step", "0.5",
                "-o", out.toString(), "--btlog", btlog.toString());
        assertEquals(0, sim.exit(), sim.err());
        assertTrue(sim.out().contains(btlog.toString()), sim.out());

        BtLogReader log = BtLogReader.read(btlog);
        assertEquals(0, log.firstTimestamp(), "the first timestamp is the start time, 0 s");
        // The tree: one node per task, nested as the mission, UIDs 1..n depth-first.
        TreeDefinition tree = MissionLoader.load(examples.resolve("traffic-circuit.json")).tree();
        List<BtLogReader.LoggedNode> flat = new ArrayList<>();
        log.tree().forEach(n -> flatten(n, flat));
        assertEquals(tree.size(), flat.size());
        for (TaskInfo task : tree.tasks()) {
            BtLogReader.LoggedNode node = flat.get(task.index());
            assertEquals(task.name(), node.name());
            assertEquals(task.index() + 1, node.uid());
            assertEquals(tree.childCount(task.index()), node.children().size(), task.path());
        }
        assertEquals("Fallback", flat.get(tree.indexOf("traffic_circuit/mission/altitude_selector")).tag(),
                "a Selector is BT.CPP's Fallback");
        assertTrue(log.xml().getElementsByTagName("TreeNodesModel").getLength() == 1, "custom nodes declared");

        // Replaying the transitions before each sample gives BT.CPP's status of the sampled one.
        ReportBrowserTest.Csv csv = ReportBrowserTest.Csv.read(out.resolve("result.csv"));
        long previous = -1;
        for (BtLogReader.Transition t : log.transitions()) {
            assertTrue(t.usec() >= previous, "transitions in time order");
            assertTrue(t.uid() >= 1 && t.uid() <= tree.size() && t.status() <= 3, t.toString());
            previous = t.usec();
        }
        int[] state = new int[tree.size() + 1];
        int next = 0;
        for (int row = 0; row < csv.rows(); row++) {
            long usec = Math.round(csv.time(row) * 1e6);
            // A sample holds the outputs of the step that ends there, before the FMU takes the inputs of that
            // point: it shows the changes logged before its time. (The first sample, at the start time,
            // shows the initialization, and the first step's instant at that same time comes after it.)
            while (next < log.transitions().size() && log.transitions().get(next).usec() < usec) {
                state[log.transitions().get(next).uid()] = log.transitions().get(next).status();
                next++;
            }
            for (TaskInfo task : row == 0 ? List.<TaskInfo>of() : tree.tasks()) {
                Status sampled = Status.values()[(int) csv.value(row,
                        "mission.status." + task.path().replace('/', '.')) - 1];
                assertEquals(BTCPP.get(sampled), state[task.index() + 1], task.path() + " at t=" + csv.time(row));
            }
        }
        assertTrue(log.transitions().size() > 20, "the circuits are logged: " + log.transitions().size());
    }

    @Test
    void aChangeThatMapsToTheSameBtcppStatusIsLeftOutAndTheRangeIsChecked() throws Exception {
        List<ReportTask> tasks = List.of(new ReportTask("r", "r", "Root", -1, "", Map.of()),
                new ReportTask("r.a", "a", "Action", 0, "", Map.of()));
        Path file = dir.resolve("t.btlog");
        BtLog.write(file, "t", tasks, Map.of("r", Status.RUNNING), List.of(
                new StatusEvent(10, "r.a", Status.ACCEPT, Status.ACTIVATING, ""),
                new StatusEvent(10, "r.a", Status.ACTIVATING, Status.RUNNING, ""),
                new StatusEvent(12.5, "r.a", Status.RUNNING, Status.FINISHED, "")), 10);
        BtLogReader log = BtLogReader.read(file);
        assertEquals(10_000_000, log.firstTimestamp());
        assertEquals(List.of(new BtLogReader.Transition(0, 1, 1), new BtLogReader.Transition(0, 2, 1),
                new BtLogReader.Transition(2_500_000, 2, 2)), log.transitions(),
                "r RUNNING at the start; a RUNNING once (ACTIVATING and RUNNING are both RUNNING); SUCCESS at 2.5 s");
        assertEquals("btfmu.Action", log.tree().get(0).children().get(0).tag());

        IOException tooLate = assertThrows(IOException.class, () -> BtLog.write(file, "t", tasks, Map.of(),
                List.of(new StatusEvent(500 * 86_400.0, "r.a", Status.ACCEPT, Status.RUNNING, "")), 0));
        assertTrue(tooLate.getMessage().contains("out of a .btlog's range"), tooLate.getMessage());
        assertEquals(BtLogReader.read(file).transitions().size(), 3, "the earlier file stays whole");
    }

    @Test
    void aBtlogThatIsNotNamedSoIsRefusedBeforeTheRun() throws Exception {
        Console sim = Console.run("simulate", "--fmu", "plant=" + PlantFmu.POINT_MASS_AIRCRAFT.copyTo(dir), "--stop",
                "1", "--step", "1", "-o", dir.resolve("out").toString(), "--btlog", dir.resolve("run.log").toString());
        assertEquals(2, sim.exit());
        assertTrue(sim.err().contains("--btlog") && sim.err().contains("must end in .btlog"), sim.err());
        assertFalse(Files.exists(dir.resolve("out")), "nothing written");
    }

    @Test
    void aRunWithoutAMissionFmuHasNoTreeToLog() throws Exception {
        Console sim = Console.run("simulate", "--fmu", "plant=" + PlantFmu.POINT_MASS_AIRCRAFT.copyTo(dir), "--stop",
                "1", "--step", "1", "-o", dir.resolve("out").toString(), "--btlog", dir.resolve("run.btlog").toString());
        assertEquals(2, sim.exit());
        assertTrue(sim.err().contains("no mission FMU"), sim.err());
        assertFalse(Files.exists(dir.resolve("run.btlog")));
    }

    private static void flatten(BtLogReader.LoggedNode node, List<BtLogReader.LoggedNode> into) {
        into.add(node);
        node.children().forEach(c -> flatten(c, into));
    }

}
