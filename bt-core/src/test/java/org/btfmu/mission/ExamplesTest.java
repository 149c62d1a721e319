package org.btfmu.mission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.btfmu.core.ProcessingMode;
import org.btfmu.core.Status;
import org.btfmu.core.TaskInfo;
import org.btfmu.core.TreeInstance;
import org.junit.jupiter.api.Test;

/**
 * Every example in {@code examples/} loads; the paper missions also run on the
 * engine with hand-set plant values and command what the papers describe.
 */
class ExamplesTest {

    static final Path EXAMPLES = Path.of("..", "examples");

    static List<Path> examples() throws IOException {
        try (Stream<Path> files = Files.list(EXAMPLES)) {
            return files.filter(f -> f.toString().endsWith(".json")).sorted().collect(Collectors.toList());
        }
    }

    @Test
    void everyExampleLoads() throws IOException {
        List<Path> examples = examples();
        assertEquals(List.of("solar-day-statemachine.json", "solar-day.json", "square-waypoints-naive.json", "square-waypoints-statemachine.json",
                "square-waypoints.json", "traffic-circuit-chattering.json", "traffic-circuit.json"),
                examples.stream().map(p -> p.getFileName().toString()).collect(Collectors.toList()));
        for (Path example : examples) {
            Mission mission = MissionLoader.load(example);
            String expectedName = example.getFileName().toString().replace(".json", "").replace('-', '_');
            assertEquals(expectedName, mission.name(), "mission name follows the file name");
        }
    }

    /** The plant FMUs' variable names (contract E), so that connections map 1:1 by name. */
    @Test
    void examplesUseThePlantVariableNames() throws IOException {
        List<String> pointMass = List.of("mode", "target_x", "target_y", "target_altitude", "target_speed",
                "advance_request", "reset_request", "x", "y", "altitude", "speed", "heading", "climb_rate",
                "waypoint_index", "waypoint_count", "advance_ack", "reset_ack", "at_last_waypoint",
                "advance_failed", "target_reached", "distance_to_target");
        List<String> solar = List.of("mode", "target_altitude", "altitude", "soc", "solar_power", "battery_power",
                "power_demand", "time_of_day", "vertical_speed");
        for (Path example : examples()) {
            List<String> plant = example.getFileName().toString().startsWith("solar") ? solar : pointMass;
            for (Variable v : MissionLoader.load(example).variables()) {
                if (v.causality() == Causality.INPUT || v.causality() == Causality.OUTPUT) {
                    assertTrue(plant.contains(v.name()), example + ": " + v.name() + " is not a plant variable");
                }
            }
        }
    }

    /**
     * examples/connections/&lt;example&gt;.json wires the mission FMU ("mission") to its plant FMU
     * ("plant") for {@code bt-fmu simulate}: every output to the plant input of the same name and
     * every input from the plant output of the same name, nothing else.
     */
    @Test
    void everyExampleHasAConnectionsFileThatWiresAllItsInputsAndOutputs() throws IOException {
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        for (Path example : examples()) {
            Path file = EXAMPLES.resolve("connections").resolve(example.getFileName());
            List<String> expected = new java.util.ArrayList<>();
            for (Variable v : MissionLoader.load(example).variables()) {
                if (v.causality() == Causality.OUTPUT) {
                    expected.add("mission." + v.name() + " -> plant." + v.name());
                } else if (v.causality() == Causality.INPUT) {
                    expected.add("plant." + v.name() + " -> mission." + v.name());
                }
            }
            List<String> actual = new java.util.ArrayList<>();
            json.readTree(file.toFile()).get("connections")
                    .forEach(c -> actual.add(c.get("from").asText() + " -> " + c.get("to").asText()));
            assertEquals(new java.util.TreeSet<>(expected), new java.util.TreeSet<>(actual), file.toString());
            assertEquals(expected.size(), actual.size(), file + ": no duplicates");
        }
    }

    private static final class Run {
        final Mission mission;
        final TreeInstance tree;

        Run(String example) {
            mission = MissionLoader.load(EXAMPLES.resolve(example));
            tree = new TreeInstance(mission.tree(), ProcessingMode.EVENT_DRIVEN);
        }

        int slot(String name) {
            int slot = mission.tree().blackboard().indexOf(name);
            assertTrue(slot >= 0, name);
            return slot;
        }

        Run set(String name, Object value) {
            int slot = slot(name);
            if (value instanceof Double d) {
                tree.setReal(slot, d);
            } else if (value instanceof Integer i) {
                tree.setInteger(slot, i);
            } else {
                tree.setBoolean(slot, (Boolean) value);
            }
            return this;
        }

        double real(String name) {
            return tree.getReal(slot(name));
        }

        int integer(String name) {
            return tree.getInteger(slot(name));
        }

        Status status(String path) {
            int index = mission.tree().indexOf(path);
            assertTrue(index >= 0, path);
            return tree.status(index);
        }
    }

    @Test
    void trafficCircuitTakesOffHoldsAltitudeAndCyclesTheWaypoints() {
        Run run = new Run("traffic-circuit.json");
        String plan = "traffic_circuit/mission/circuits/waypoint_plan/";
        run.set("altitude", 0.0).tree.start(0);
        assertEquals(Status.RUNNING, run.status("traffic_circuit/mission/altitude_selector/take_off"));
        assertEquals(1, run.integer("mode"), "take-off climb");
        assertEquals(25.0, run.real("target_speed"));
        assertEquals(0.0, run.real("target_altitude"));

        run.set("altitude", 310.0).tree.settle();
        assertEquals(Status.RUNNING, run.status("traffic_circuit/mission/altitude_selector/take_off"),
                "within the hysteresis band (300 +- 20 m) the check keeps failing");
        run.set("altitude", 321.0).tree.settle();
        assertFalse(run.status("traffic_circuit/mission/altitude_selector/take_off").isNonTransient());
        assertEquals(300.0, run.real("target_altitude"), "the take-off's exit hook: altitude hold");
        assertEquals(Status.RUNNING, run.status(plan + "leg/fly"));
        assertEquals(3, run.integer("mode"), "fly to the current waypoint");

        run.set("target_reached", true).tree.settle();
        assertEquals(Status.RUNNING, run.status(plan + "next_waypoint/advance"));
        assertEquals(1, run.integer("advance_request"));

        run.set("advance_ack", 1).set("target_reached", false).tree.settle();
        assertEquals(Status.RUNNING, run.status(plan + "leg/fly"), "the loop starts the next leg");
        assertEquals(1, run.integer("advance_request"));

        run.set("at_last_waypoint", true).set("target_reached", true).tree.settle();
        assertEquals(Status.FAILURE, run.status(plan + "next_waypoint/advance"), "cannot advance past the last");
        assertEquals(Status.RUNNING, run.status(plan + "next_waypoint/reset"));
        assertEquals(1, run.integer("reset_request"));
        assertEquals(1, run.integer("advance_request"));
    }

    @Test
    void solarDayHoldsLowAtNightHarvestsWithSurplusAndSinksInTheEvening() {
        Run run = new Run("solar-day.json");
        String energy = "solar_day/day_plan/energy/";
        run.set("altitude", 6000.0).set("soc", 0.3).set("solar_power", 0.0).set("power_demand", 2700.0).tree.start(0);
        assertEquals(Status.RUNNING, run.status(energy + "save/hold_min_altitude"));
        assertEquals(0, run.integer("mode"));
        assertEquals(6000.0, run.real("target_altitude"));

        run.set("soc", 0.9).set("solar_power", 15000.0).tree.settle();
        assertEquals(Status.RUNNING, run.status(energy + "save/hold_min_altitude"), "charging first");

        run.set("soc", 1.0).tree.settle();
        assertEquals(Status.RUNNING, run.status(energy + "harvest/maximize_altitude/climb"));
        assertEquals(1, run.integer("mode"));

        run.set("altitude", 13000.0).tree.settle();
        assertEquals(Status.RUNNING, run.status("solar_day/day_plan/mission"), "the mission runs when energy is stored");
        assertEquals(0, run.integer("mode"));
        assertEquals(13000.0, run.real("target_altitude"));

        run.set("solar_power", 3000.0).tree.settle();
        assertEquals(Status.RUNNING, run.status(energy + "save/minimize_altitude/sink"));
        assertEquals(2, run.integer("mode"));
    }

    /** Start between waypoints 4 and 1, reach waypoint 1, then leave its radius towards waypoint 2. */
    private static Run flySquare(String example) {
        Run run = new Run(example);
        run.set("x", 0.0).set("y", 500.0).tree.start(0);
        assertEquals(2, run.integer("mode"));
        assertEquals(0.0, run.real("target_x"));
        assertEquals(1000.0, run.real("target_y"));
        run.set("y", 950.0).tree.settle();
        assertEquals(1000.0, run.real("target_x"), example + ": waypoint 2 after reaching waypoint 1");
        assertEquals(1000.0, run.real("target_y"));
        run.set("x", 300.0).set("y", 1000.0).tree.settle();
        return run;
    }

    @Test
    void squareWithSequenceStarKeepsGoingToTheNextWaypoint() {
        Run run = flySquare("square-waypoints.json");
        assertEquals(1000.0, run.real("target_x"));
        assertEquals(Status.SUCCESS, run.status("square/repeat/sequence_star/legs/visited1"), "memory latched");
        run.set("x", 1000.0).set("y", 950.0).tree.settle();
        assertEquals(1000.0, run.real("target_x"));
        assertEquals(0.0, run.real("target_y"), "waypoint 3");
    }

    @Test
    void squareWithAStateMachineKeepsGoingToTheNextWaypoint() {
        Run run = flySquare("square-waypoints-statemachine.json");
        assertEquals(1000.0, run.real("target_x"));
        assertEquals(1000.0, run.real("target_y"));
    }

    @Test
    void naiveSquareTurnsBackToTheFirstWaypoint() {
        Run run = flySquare("square-waypoints-naive.json");
        assertEquals(0.0, run.real("target_x"), "the plain sequence re-engages waypoint 1 (2015, Fig. 4)");
        assertEquals(1000.0, run.real("target_y"));
    }

    @Test
    void taskPathsOfTheTrafficCircuit() {
        Mission mission = MissionLoader.load(EXAMPLES.resolve("traffic-circuit.json"));
        assertEquals(List.of("traffic_circuit", "traffic_circuit/mission", "traffic_circuit/mission/altitude_selector",
                "traffic_circuit/mission/altitude_selector/altitude_reached",
                "traffic_circuit/mission/altitude_selector/take_off", "traffic_circuit/mission/circuits",
                "traffic_circuit/mission/circuits/waypoint_plan", "traffic_circuit/mission/circuits/waypoint_plan/leg",
                "traffic_circuit/mission/circuits/waypoint_plan/leg/waypoint_reached",
                "traffic_circuit/mission/circuits/waypoint_plan/leg/fly",
                "traffic_circuit/mission/circuits/waypoint_plan/next_waypoint",
                "traffic_circuit/mission/circuits/waypoint_plan/next_waypoint/advance",
                "traffic_circuit/mission/circuits/waypoint_plan/next_waypoint/reset"),
                mission.tree().tasks().stream().map(TaskInfo::path).collect(Collectors.toList()));
    }
}
