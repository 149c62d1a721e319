package org.btfmu.fmu;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.mission.Causality;

/**
 * What the archiving process of {@link ClassDataArchive} runs: the first calls of an importer
 * on the FMU whose resource files are in the directory given, so that the classes they load
 * go into the archive the JVM writes when this process exits. A class the warm-up does not load
 * is loaded from its jar (parsed, verified, linked) on the importer's thread at the first
 * fmi2Instantiate, interpreted. So the warm-up takes the importers' path: loggingOn = fmi2True
 * (OMSimulator's) with a logger, which here discards the messages; every variable read in
 * Initialization Mode and after each step; inputs that change before each step, so that the
 * steps have events and log them under logEvents. No output: the process's only product is the archive.
 */
final class ClassDataWarmUp {

    private static final int MODEL_EXCHANGE = 0;
    private static final int CO_SIMULATION = 1;
    private static final int STEPS = 10;

    private ClassDataWarmUp() {
    }

    public static void main(String[] args) throws Exception {
        run(Path.of(args[0]).toAbsolutePath(), new Discard());
    }

    /** The importer's calls on the FMU in resources, its messages to sink. */
    static void run(Path resources, ImporterLog.Sink sink) throws IOException, ClassNotFoundException {
        String guid = Files.readString(resources.resolve("guid.txt")).strip();
        ImporterLog log = new ImporterLog(sink, true); // loggingOn = fmi2True
        String location = resources.toUri().toString();
        Class.forName(FmiEntry.class.getName()); // the shim's entry, initialised as it is at first use
        Class.forName(ImporterLogger.class.getName()); // the shim's sink (its native call needs the shim)
        UpcallStubs.stubs(); // what the shim has the runtime make first (FmiEntry.upcallStubs), Java 22+
        FmuSlave slave = FmuSlave.instantiate("class-data", CO_SIMULATION, guid, location, log);
        if (slave == null) { // a Model Exchange only FMU
            slave = FmuSlave.instantiate("class-data", MODEL_EXCHANGE, guid, location, log);
            if (slave == null) {
                throw new IllegalStateException("the FMU in " + resources + " does not instantiate");
            }
            ClassDataArchive.makeOnce(slave.resources.directory(), log);
            slave.free();
            return;
        }
        ClassDataArchive.makeOnce(slave.resources.directory(), log); // as fmi2Instantiate (no cache here)
        try (Variables variables = new Variables(slave.variables)) {
            slave.setupExperiment(false, 0, 0, false, 0);
            slave.enterInitializationMode();
            variables.getAll(slave);
            slave.exitInitializationMode();
            double time = 0;
            for (int i = 0; i < STEPS; i++) {
                variables.setInputs(slave, i);
                slave.doStep(time, 0.1, true);
                variables.getAll(slave);
                time += 0.1;
            }
            slave.terminate();
        } finally {
            slave.free();
        }
    }

    /** The FMU's value references by type and the C arrays an importer passes. */
    private static final class Variables implements AutoCloseable {

        private final long[] all = new long[SlotType.values().length]; // vr arrays by type
        private final int[] counts = new int[SlotType.values().length];
        private final long[] inputs = new long[SlotType.values().length];
        private final int[] inputCounts = new int[SlotType.values().length];
        private final long[] inputValues = new long[SlotType.values().length];
        private final long values; // room for any type's values
        private final List<Long> strings = new ArrayList<>();

        Variables(ModelVariables variables) {
            int size = variables.entries().size();
            values = NativeMemory.allocateZeroed(8L * Math.max(1, size));
            for (SlotType type : SlotType.values()) {
                int t = type.ordinal();
                all[t] = NativeMemory.allocateZeroed(4L * Math.max(1, size));
                inputs[t] = NativeMemory.allocateZeroed(4L * Math.max(1, size));
                inputValues[t] = NativeMemory.allocateZeroed(8L * Math.max(1, size));
            }
            for (ModelVariables.Entry v : variables.entries()) {
                int t = v.type().ordinal();
                NativeMemory.putInt(all[t] + 4L * counts[t]++, v.valueReference());
                if (v.causality() == Causality.INPUT) {
                    int k = inputCounts[t]++;
                    NativeMemory.putInt(inputs[t] + 4L * k, v.valueReference());
                    if (v.type() == SlotType.STRING) {
                        long s = NativeMemory.allocateString(v.start() == null ? "" : v.start().toString());
                        strings.add(s);
                        NativeMemory.putLong(inputValues[t] + 8L * k, s);
                    }
                }
            }
        }

        void getAll(FmuSlave slave) {
            slave.getReal(all[SlotType.REAL.ordinal()], counts[SlotType.REAL.ordinal()], values);
            slave.getInteger(all[SlotType.INTEGER.ordinal()], counts[SlotType.INTEGER.ordinal()], values);
            slave.getBoolean(all[SlotType.BOOLEAN.ordinal()], counts[SlotType.BOOLEAN.ordinal()], values);
            slave.getString(all[SlotType.STRING.ordinal()], counts[SlotType.STRING.ordinal()], values);
        }

        /** Sets every input, to a value that changes with the step (strings: their start value). */
        void setInputs(FmuSlave slave, int step) {
            int r = SlotType.REAL.ordinal();
            int i = SlotType.INTEGER.ordinal();
            int b = SlotType.BOOLEAN.ordinal();
            int s = SlotType.STRING.ordinal();
            for (int k = 0; k < inputCounts[r]; k++) {
                NativeMemory.putDouble(inputValues[r] + 8L * k, 100.0 * step);
            }
            for (int k = 0; k < inputCounts[i]; k++) {
                NativeMemory.putInt(inputValues[i] + 4L * k, step);
            }
            for (int k = 0; k < inputCounts[b]; k++) {
                NativeMemory.putInt(inputValues[b] + 4L * k, step % 2);
            }
            slave.setReal(inputs[r], inputCounts[r], inputValues[r]);
            slave.setInteger(inputs[i], inputCounts[i], inputValues[i]);
            slave.setBoolean(inputs[b], inputCounts[b], inputValues[b]);
            slave.setString(inputs[s], inputCounts[s], inputValues[s]);
        }

        @Override
        public void close() {
            NativeMemory.free(values);
            for (int t = 0; t < all.length; t++) {
                NativeMemory.free(all[t]);
                NativeMemory.free(inputs[t]);
                NativeMemory.free(inputValues[t]);
            }
            for (long s : strings) {
                NativeMemory.free(s);
            }
        }
    }

    /** The importer's logger of the archiving process: C copies as the shim's, then nothing. */
    private static final class Discard implements ImporterLog.Sink {
        @Override
        public void message(int status, String category, String text) {
            long name = NativeMemory.allocateString("class-data");
            long categoryName = NativeMemory.allocateString(category);
            long format = NativeMemory.allocateString(text);
            NativeMemory.free(format);
            NativeMemory.free(categoryName);
            NativeMemory.free(name);
        }
    }
}
