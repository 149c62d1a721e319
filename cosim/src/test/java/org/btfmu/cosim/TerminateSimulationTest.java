package org.btfmu.cosim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.btfmu.testfmus.ModelFmu;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An FMU that sets terminateSimulation in completedIntegratorStep ends the Model Exchange run
 * there (FMI 2.0 §3.2.2, FMI 3.0 §3.2.2: the simulation shall be terminated): the tank of
 * src/test/c/Ending.c asks for the end once its level x = exp(-t) is below 0.5, so the run ends
 * at the first integrator step past ln 2, long before the stop time, with that step's sample
 * last. Before, the request was not read and the run went on to the stop time.
 */
class TerminateSimulationTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(ints = {2, 3})
    void completedIntegratorStepEndsTheRunWhenTheFmuAsks(int fmiVersion) throws Exception {
        Path fmu = ModelFmu.build("Ending", fmiVersion, dir);
        List<double[]> samples = new ArrayList<>();
        try (CoSimulation sim = CoSimulation.load(List.of(new CoSimulation.FmuSpec("tank", fmu)), m -> { }, true)) {
            FmuInstance tank = sim.fmus().get(0);
            List<VariableReference> recorded = List.of(new VariableReference(tank, tank.variable("x").orElseThrow()));
            ModelExchangeMaster.Result result = sim.runModelExchange(0, 5, 0.01,
                    ModelExchangeMaster.Tolerances.defaults(), recorded, List.of(new SampleListener() {
                        @Override
                        public void columns(List<String> names) {
                        }

                        @Override
                        public void sample(double time, Object[] values) {
                            samples.add(new double[] {time, (Double) values[0]});
                        }
                    }), fraction -> { });
            double end = result.stop();
            assertTrue(end >= Math.log(2) && end < 5, "FMI " + fmiVersion + ": ended at " + end);
            double[] last = samples.get(samples.size() - 1);
            assertEquals(end, last[0], "the last sample is at the end");
            assertTrue(last[1] < 0.5, "the level that asked for the end: " + last[1]);
            assertEquals(Math.exp(-end), last[1], 1e-6, "the state at the end");
        }
    }
}
