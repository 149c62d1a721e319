package org.btfmu.packager;

import java.lang.reflect.Field;
import java.nio.file.Path;
import org.btfmu.core.EngineException;
import org.btfmu.core.ProcessingMode;
import org.btfmu.core.TreeInstance;
import org.btfmu.fmu.ModelVariables;
import org.btfmu.mission.Mission;
import org.btfmu.mission.MissionLoader;

/**
 * Runs what an FMU runs (mission loading with Jackson, the engine, C memory through
 * sun.misc.Unsafe as the slave reads and writes it) inside a bundled Java runtime, to
 * prove its module set is enough.
 * Started by {@link JreImageTest} with the image's {@code bin/java} and only the
 * runtime jar and this class on the class path.
 */
public final class RuntimeProbe {

    private RuntimeProbe() {
    }

    public static void main(String[] missions) throws ReflectiveOperationException {
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
        Field field = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
        field.setAccessible(true);
        sun.misc.Unsafe unsafe = (sun.misc.Unsafe) field.get(null);
        long address = unsafe.allocateMemory(8);
        unsafe.putDouble(address, 2.5);
        System.out.println("C memory: " + unsafe.getDouble(address));
        unsafe.freeMemory(address);
    }
}
