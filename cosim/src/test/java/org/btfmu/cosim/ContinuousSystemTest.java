package org.btfmu.cosim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Model Exchange master calls, for the derivatives, only the FMUs and connections they
 * depend on ({@link ContinuousSystem}); a stateless FMU between two connections must still be
 * fed at every derivative evaluation. The solar aircraft tracks (mode 0) a target that is
 * its own time of day passed through the Reference FMU Feedthrough (Model Exchange): starting at the target, with
 * time_of_day0 = 6,000 s, the error e = target - altitude obeys de/dt = 1 - 0.01 e, so
 * altitude(t) = 6000 + t - 100 (1 - exp(-0.01 t)). A target read only at output points or
 * step ends would lag by up to a step and miss this by metres.
 */
class ContinuousSystemTest {

    @Test
    void aStatelessFmuBetweenTwoConnectionsFeedsTheDerivatives(@TempDir Path dir) {
        Path plantFile = PlantFmu.SOLAR_AIRCRAFT.copyTo(dir);
        Path feedthroughFile = Path.of("..", "..", "shared", "reference-fmus", "2.0", "Feedthrough.fmu");
        Assumptions.assumeTrue(Files.isRegularFile(feedthroughFile), "no Reference FMUs beside the repository");
        Rows rows = new Rows();
        ModelExchangeMaster.Result result;
        try (CoSimulation sim = CoSimulation.load(List.of(new CoSimulation.FmuSpec("plant", plantFile),
                new CoSimulation.FmuSpec("ft", feedthroughFile)), m -> { }, true)) {
            FmuInstance plant = sim.fmus().get(0);
            FmuInstance ft = sim.fmus().get(1);
            sim.connect(List.of(new Connection(ref(plant, "time_of_day"), ref(ft, "Float64_continuous_input")),
                    new Connection(ref(ft, "Float64_continuous_output"), ref(plant, "target_altitude"))));
            sim.set(List.of(ConnectionFile.ParameterValue.of(ref(plant, "time_of_day0"), "6000", "test")));
            result = sim.runModelExchange(0, 3600, 600, ModelExchangeMaster.Tolerances.defaults(),
                    List.of(ref(plant, "altitude")), List.of(rows), fraction -> { });
        }
        assertEquals(7, rows.times.size(), "every 600 s: " + rows.times);
        for (int i = 0; i < rows.times.size(); i++) {
            double t = rows.times.get(i);
            double expected = 6000 + t - 100 * (1 - Math.exp(-0.01 * t));
            assertEquals(expected, (Double) rows.values.get(i)[0], 1e-3, "altitude at t=" + t);
        }
        assertTrue(result.steps() > 1 && result.steps() < 600, "one integration over the output points: " + result);
    }

    private static VariableReference ref(FmuInstance fmu, String name) {
        return new VariableReference(fmu, fmu.variable(name).orElseThrow());
    }
}
