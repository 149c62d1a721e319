package org.btfmu.cosim;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.btfmu.testfmus.PlantFmu;

/**
 * The bindings' common test coupling: the solar aircraft in a feedback loop through a Feedthrough
 * FMU (Real, Integer and Boolean values cross both ways, every step changes them), written to CSV.
 */
final class SolarLoop {

    private SolarLoop() {
    }

    /** Runs it from 0 to {@code stop} s at 1 s with the FMI {@code version}'s FMUs; the CSV's bytes. */
    static byte[] run(Path dir, int version, double stop, FmuInstance.Binding binding, String name)
            throws Exception {
        Path plant = version == 3 ? PlantFmu.SOLAR_AIRCRAFT.copyFmi3To(dir) : PlantFmu.SOLAR_AIRCRAFT.copyTo(dir);
        Path feedthrough = version == 3 ? PlantFmu.FEEDTHROUGH.copyFmi3To(dir) : PlantFmu.FEEDTHROUGH.copyTo(dir);
        Path csv = dir.resolve(name + ".csv");
        try (CoSimulation sim = CoSimulation.load(List.of(new CoSimulation.FmuSpec("plant", plant),
                new CoSimulation.FmuSpec("loop", feedthrough)), s -> { }, false, binding);
                CsvWriter writer = new CsvWriter(csv)) {
            List<FmuInstance> fmus = sim.fmus();
            sim.connect(List.of(
                    new Connection(VariableReference.resolve("plant.altitude", fmus, "t"),
                            VariableReference.resolve("loop.real_in", fmus, "t")),
                    new Connection(VariableReference.resolve("loop.real_out", fmus, "t"),
                            VariableReference.resolve("plant.target_altitude", fmus, "t")),
                    new Connection(VariableReference.resolve("loop.integer_out", fmus, "t"),
                            VariableReference.resolve("plant.mode", fmus, "t"))));
            sim.set(List.of(
                    ConnectionFile.ParameterValue.of(VariableReference.resolve("loop.integer_in", fmus, "t"), "1", "t"),
                    ConnectionFile.ParameterValue.of(VariableReference.resolve("loop.boolean_in", fmus, "t"), "true", "t")));
            sim.run(0, stop, 1, sim.allOutputs(), List.of(writer), f -> { });
        }
        return Files.readAllBytes(csv);
    }
}
