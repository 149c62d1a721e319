package org.btfmu.demo;

import java.util.ArrayList;
import java.util.List;
import org.btfmu.testfmus.PlantFmu;

/**
 * One scenario of {@code bt-fmu demo}: an example mission flown against a plant FMU,
 * and what to plot besides the status timeline.
 *
 * @param example    file name in examples/ without ".json"; its wiring is examples/connections/&lt;example&gt;.json
 * @param variables  plant outputs plotted over time
 * @param trajectory whether to plot the ground track (x, y) with the plant's waypoints
 * @param tree       the BT.CPP tree's file in examples/ when it is not &lt;folder&gt;/&lt;example&gt;.xml (a
 *                   published tree keeps its own name), else null
 */
public record DemoScenario(String example, String paper, PlantFmu plant, double stop, double step,
        List<String> variables, boolean trajectory, String tree) {

    public DemoScenario(String example, String paper, PlantFmu plant, double stop, double step,
            List<String> variables, boolean trajectory) {
        this(example, paper, plant, stop, step, variables, trajectory, null);
    }

    /**
     * The papers' three missions, plus the chattering pre-condition that shows why transient
     * tasks are needed and the plain sequence that shows why sequence* is; then the two
     * BehaviorTree.CPP trees of examples/btcpp/ (an example without a mission file there is
     * imported from examples/btcpp/&lt;example&gt;.xml with its bindings) and Nav2's published navigator
     * tree, copied unmodified into examples/nav2/ and bound there.
     */
    public static final List<DemoScenario> ALL = List.of(
            new DemoScenario("traffic-circuit", "2013, Fig. 7-9: take-off, exit hook, traffic circuits",
                    PlantFmu.POINT_MASS_AIRCRAFT, 900, 1, List.of("altitude"), true),
            new DemoScenario("traffic-circuit-chattering",
                    "2013, Fig. 10: a non-transient altitude check takes turns with the take-off in every step",
                    PlantFmu.POINT_MASS_AIRCRAFT, 60, 1, List.of("altitude"), false),
            new DemoScenario("solar-day", "2014, Fig. 7 and 9: one day of a solar aircraft",
                    PlantFmu.SOLAR_AIRCRAFT, 86_400, 10, List.of("altitude", "soc", "solar_power"), false),
            new DemoScenario("square-waypoints", "2015, Fig. 7: the square flown with sequence*",
                    PlantFmu.POINT_MASS_AIRCRAFT, 700, 1, List.of(), true),
            new DemoScenario("square-waypoints-naive", "2015, Fig. 2b: a plain sequence circles the first waypoint",
                    PlantFmu.POINT_MASS_AIRCRAFT, 700, 1, List.of(), true),
            new DemoScenario("reactive-patrol",
                    "BehaviorTree.CPP tree (examples/btcpp): reactive patrol, battery check, recovery fallback",
                    PlantFmu.SOLAR_AIRCRAFT, 86_400, 10, List.of("altitude", "soc"), false),
            new DemoScenario("navigate-with-replanning",
                    "BehaviorTree.CPP tree (examples/btcpp): Nav2-like navigation with replanning and recovery",
                    PlantFmu.POINT_MASS_AIRCRAFT, 600, 1, List.of("x", "y"), false),
            new DemoScenario("nav2-navigate-to-pose",
                    "Nav2's own navigate_to_pose_w_replanning_and_recovery.xml (--library nav2): replanning at 1 Hz,"
                            + " the follower fails near the goal, RecoveryNode and RoundRobin recoveries",
                    PlantFmu.POINT_MASS_AIRCRAFT, 600, 1, List.of("x", "y"), false,
                    "nav2/navigate_to_pose_w_replanning_and_recovery.xml"));

    /** The PNG files the demo writes for this scenario, each variable plot named after its result.csv column. */
    public List<String> plotFiles() {
        List<String> files = new ArrayList<>(List.of("status.png"));
        variables.forEach(variable -> files.add(plotFile(variable)));
        if (trajectory) {
            files.add("trajectory.png");
        }
        return files;
    }

    /** {@code plant.<variable>.png}: the name simulate gives the plot of the same column. */
    public static String plotFile(String variable) {
        return "plant." + variable + ".png";
    }
}
