package org.btfmu.fmu;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the archiving process of {@link ClassDataArchive} runs: the first calls of an importer
 * on the FMU whose resource files are in the directory given, so that the classes they load
 * go into the archive the JVM writes when this process exits. No logger and no output: the
 * process's only product is the archive.
 */
final class ClassDataWarmUp {

    private static final int MODEL_EXCHANGE = 0;
    private static final int CO_SIMULATION = 1;
    private static final int STEPS = 10;

    private ClassDataWarmUp() {
    }

    public static void main(String[] args) throws Exception {
        Path resources = Path.of(args[0]).toAbsolutePath();
        String guid = Files.readString(resources.resolve("guid.txt")).strip();
        ImporterLog log = new ImporterLog(0, 0, "class-data", false);
        String location = resources.toUri().toString();
        Class.forName(FmiEntry.class.getName()); // the shim's entry, initialised as it is at first use
        UpcallStubs.stubs(); // what the shim has the runtime make first (FmiEntry.upcallStubs), Java 22+
        FmuSlave slave = FmuSlave.instantiate("class-data", CO_SIMULATION, guid, location, log);
        if (slave == null) { // a Model Exchange only FMU
            slave = FmuSlave.instantiate("class-data", MODEL_EXCHANGE, guid, location, log);
            if (slave == null) {
                throw new IllegalStateException("the FMU in " + resources + " does not instantiate");
            }
            slave.free();
            return;
        }
        slave.setupExperiment(false, 0, 0, false, 0);
        slave.enterInitializationMode();
        slave.exitInitializationMode();
        double time = 0;
        for (int i = 0; i < STEPS; i++) {
            slave.doStep(time, 0.1, true);
            time += 0.1;
        }
        slave.terminate();
        slave.free();
    }
}
