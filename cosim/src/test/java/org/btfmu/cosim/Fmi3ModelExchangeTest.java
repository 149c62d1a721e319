package org.btfmu.cosim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * FMI 3.0 Model Exchange on the Hipparchus master: the Reference FMUs 0.0.39 built for FMI 3.0
 * (../shared/reference-fmus/3.0; skipped without them) give the run of the same models built
 * for FMI 2.0 (which {@link ModelExchangeReferenceFmusTest} compares with fmusim; the two
 * reference CSVs are the same file for these models): the same output points, values within
 * 1e-12, the same events at the same instants. The event counts show state events
 * (BouncingBall) and time events (Stair) are seen through the FMI 3.0 calls.
 */
class Fmi3ModelExchangeTest {

    private static final Path REFERENCE = Path.of("..", "..", "shared", "reference-fmus");

    private record Run(Rows rows, ModelExchangeMaster.Result result) {
    }

    private static Run run(String version, String model, List<String> columns, double stop, double interval) {
        Path fmu = REFERENCE.resolve(version).resolve(model + ".fmu");
        Assumptions.assumeTrue(Files.isRegularFile(fmu), "no Reference FMUs beside the repository");
        Rows rows = new Rows();
        try (CoSimulation sim = CoSimulation.load(List.of(new CoSimulation.FmuSpec(model, fmu)), m -> { }, true)) {
            FmuInstance instance = sim.fmus().get(0);
            assertEquals(version, instance.fmiVersion());
            List<VariableReference> recorded = new ArrayList<>();
            for (String column : columns) {
                recorded.add(new VariableReference(instance, instance.variable(column).orElseThrow()));
            }
            ModelExchangeMaster.Result result = sim.runModelExchange(0, stop, interval,
                    ModelExchangeMaster.Tolerances.defaults(), recorded, List.of(rows), fraction -> { });
            return new Run(rows, result);
        }
    }

    @ParameterizedTest
    @CsvSource({
        "BouncingBall, h v,     3,  0.01, 8",
        "Dahlquist,    x,       10, 0.1,  0",
        "Resource,     y,       1,  0.01, 0",
        "Stair,        counter, 10, 0.2,  9",
        "VanDerPol,    x0 x1,   20, 0.1,  0",
    })
    void runsAsTheSameModelBuiltForFmi2(String model, String columns, double stop, double interval, int minEvents) {
        List<String> recorded = List.of(columns.split(" "));
        Run fmi3 = run("3.0", model, recorded, stop, interval);
        Run fmi2 = run("2.0", model, recorded, stop, interval);
        assertEquals(fmi2.result().eventTimes(), fmi3.result().eventTimes(), model + " events");
        assertTrue(fmi3.result().eventTimes().size() >= minEvents, model + ": " + fmi3.result().eventTimes());
        assertEquals(fmi2.rows().times, fmi3.rows().times, model + " output points");
        for (int r = 0; r < fmi2.rows().times.size(); r++) {
            for (int c = 0; c < recorded.size(); c++) {
                double expected = ((Number) fmi2.rows().values.get(r)[c]).doubleValue();
                double actual = ((Number) fmi3.rows().values.get(r)[c]).doubleValue();
                assertEquals(expected, actual, 1e-12 * Math.max(1, Math.abs(expected)),
                        model + "." + recorded.get(c) + " at t=" + fmi2.rows().times.get(r));
            }
        }
    }
}
