package org.btfmu.packager;

import com.sun.jna.Memory;
import java.nio.file.Path;
import org.btfmu.core.EngineException;
import org.btfmu.core.ProcessingMode;
import org.btfmu.core.TreeInstance;
import org.btfmu.fmu.ModelVariables;
import org.btfmu.mission.Mission;
import org.btfmu.mission.MissionLoader;

/**
 * Runs what an FMU runs (mission loading with Jackson, the engine, JNA's native
 * memory) inside a bundled Java runtime, to prove its module set is enough.
 * Started by {@link JreImageTest} with the image's {@code bin/java} and only the
 * runtime jar and this class on the class path.
 */
public final class RuntimeProbe {

    private RuntimeProbe() {
    }

    public static void main(String[] missions) {
        for (String file : missions) {
            Mission mission = MissionLoader.load(Path.of(file));
            ModelVariables variables = ModelVariables.of(mission);
            TreeInstance tree = new TreeInstance(mission.tree(), ProcessingMode.EVENT_DRIVEN);
            String run;
            try {
                tree.start(0);
                tree.advanceTo(100);
                run = "state " + tree.snapshot().toBytes().length + " bytes";
            } catch (EngineException e) {
                // A plan meant to chatter (without inputs from a plant) is still a fine probe.
                run = "engine: " + e.getMessage();
            }
            System.out.println(file + ": " + variables.size() + " variables, " + run);
        }
        try (Memory memory = new Memory(8)) {
            memory.setDouble(0, 2.5);
            System.out.println("jna: " + memory.getDouble(0));
        }
    }
}
