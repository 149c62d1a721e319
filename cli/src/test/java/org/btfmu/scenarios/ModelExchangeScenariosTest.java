package org.btfmu.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.btfmu.demo.MissionCoSimulation;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The three papers' scenarios flown twice, mission and plant as Co-Simulation with fixed
 * steps and as one Model Exchange system with located events: every task goes through the
 * same sequence of statuses (as the mission FMU logs them, changes within one instant
 * included). Timing: a Co-Simulation reaction comes at the first communication point after
 * the crossing, so at most one step late, and the located Model Exchange event is never later
 * than that. The lateness of earlier reactions carries over into the trajectory (a turn begun
 * later ends later), so the two runs drift apart by up to one step per earlier reaction: that
 * is the bound checked, one step per reaction instant of the mission before the change, plus
 * one.
 */
class ModelExchangeScenariosTest {

    private static final Pattern CHANGE = Pattern.compile("t=(\\S+) (\\S+): (\\w+) -> (\\w+)");

    @TempDir
    Path dir;

    /** One task's status change: when, and to what. */
    private record Change(double time, String status) {
    }

    @ParameterizedTest
    @CsvSource({
        "traffic-circuit, POINT_MASS_AIRCRAFT, 600, 0.5",
        "solar-day, SOLAR_AIRCRAFT, 86400, 10",
        "square-waypoints, POINT_MASS_AIRCRAFT, 600, 0.5",
    })
    void sameStatusSequenceAsCoSimulation(String example, PlantFmu plant, double stop, double step) throws Exception {
        Path mission = Scenarios.EXAMPLES.resolve(example + ".json");
        Path connections = Scenarios.EXAMPLES.resolve("connections").resolve(example + ".json");
        Path work = dir.resolve(example);
        MissionCoSimulation.prepare(mission, plant, work);
        Map<String, List<Change>> cs = byTask(MissionCoSimulation.statusChanges(work, connections, stop, step, false));
        Map<String, List<Change>> me = byTask(MissionCoSimulation.statusChanges(work, connections, stop, step, true));
        assertTrue(cs.size() > 3, example + ": tasks that changed status: " + cs.keySet());
        assertEquals(cs.keySet(), me.keySet(), example + ": the tasks that change");
        List<Double> reactions = cs.values().stream().flatMap(List::stream).map(Change::time).distinct().sorted()
                .toList();
        for (String task : cs.keySet()) {
            List<Change> expected = cs.get(task);
            List<Change> actual = me.get(task);
            assertEquals(expected.stream().map(Change::status).toList(), actual.stream().map(Change::status).toList(),
                    example + " " + task + ":\nCS " + expected + "\nME " + actual);
            for (int i = 0; i < expected.size(); i++) {
                double tcs = expected.get(i).time();
                double tme = actual.get(i).time();
                long earlier = reactions.stream().filter(t -> t < tcs).count();
                String where = example + " " + task + " change " + i + ":\nCS " + expected + "\nME " + actual;
                assertTrue(tme <= tcs + step * (1 + 1e-9), "the located event is not after the step: " + where);
                assertEquals(tcs, tme, step * (earlier + 1) * (1 + 1e-9), where);
            }
        }
    }

    private static Map<String, List<Change>> byTask(List<String> log) {
        Map<String, List<Change>> changes = new LinkedHashMap<>();
        for (String line : log) {
            Matcher m = CHANGE.matcher(line);
            if (m.matches()) {
                changes.computeIfAbsent(m.group(2), k -> new ArrayList<>())
                        .add(new Change(Double.parseDouble(m.group(1)), m.group(4)));
            }
        }
        return changes;
    }
}
