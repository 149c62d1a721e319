package org.btfmu.scenarios;

import java.nio.file.Path;
import org.btfmu.core.Status;
import org.btfmu.demo.MissionCoSimulation;
import org.btfmu.demo.Recording;
import org.btfmu.testfmus.PlantFmu;

/** The examples flown through their FMUs, for the scenario tests. */
final class Scenarios {

    static final Path EXAMPLES = Path.of("..", "examples");

    private Scenarios() {
    }

    /** Flies examples/{@code name}.json with examples/{@code name}.connections.json. */
    static Recording fly(String name, PlantFmu plant, double stop, double step, Path work) throws Exception {
        return MissionCoSimulation.fly(EXAMPLES.resolve(name + ".json"), EXAMPLES.resolve("connections").resolve(name + ".json"),
                plant, stop, step, work.resolve(name));
    }

    /** Flies a variant of an example: its text changed by {@code edit}, with the example's connections. */
    static Recording flyVariant(String name, java.util.function.UnaryOperator<String> edit, String variantName,
            PlantFmu plant, double stop, double step, Path work) throws Exception {
        String text = java.nio.file.Files.readString(EXAMPLES.resolve(name + ".json"));
        String changed = edit.apply(text);
        if (changed.equals(text)) {
            throw new IllegalArgumentException("the edit did not change " + name + ".json");
        }
        java.nio.file.Files.createDirectories(work);
        Path mission = java.nio.file.Files.writeString(work.resolve(variantName + ".json"), changed);
        return MissionCoSimulation.fly(mission, EXAMPLES.resolve("connections").resolve(name + ".json"), plant, stop, step,
                work.resolve(variantName));
    }

    /**
     * The waypoints (1-based indexes into {@code wx}/{@code wy}) the trajectory comes
     * within {@code radius} of, in the order visited, each visit once, from sample {@code from}.
     */
    static java.util.List<Integer> visits(Recording r, double[] wx, double[] wy, double radius, int from) {
        double[] x = r.values("plant.x");
        double[] y = r.values("plant.y");
        java.util.List<Integer> order = new java.util.ArrayList<>();
        int inside = 0;
        for (int i = from; i < x.length; i++) {
            int near = 0;
            for (int w = 0; w < wx.length; w++) {
                if (Math.hypot(x[i] - wx[w], y[i] - wy[w]) < radius) {
                    near = w + 1;
                }
            }
            if (near != 0 && near != inside) {
                order.add(near);
            }
            inside = near;
        }
        return order;
    }

    /** The statuses of the task with this path ("a/b/c") as recorded from the mission FMU. */
    static Status[] statuses(Recording r, String taskPath) {
        int[] values = r.integers("mission.status." + taskPath.replace('/', '.'));
        Status[] result = new Status[values.length];
        for (int i = 0; i < values.length; i++) {
            result[i] = Status.values()[values[i] - 1];
        }
        return result;
    }
}
