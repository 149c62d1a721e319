package org.btfmu.cosim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Reference FMUs 0.0.39 built for FMI 3.0 (../shared/reference-fmus/3.0 beside the
 * repository; skipped when absent) in Co-Simulation through this master, compared with
 * fmusim's {@code <Model>_cs_ref.csv} at every row as {@link ReferenceFmuTest} does for FMI 2.0:
 * the same communication points, Integers, Booleans, Strings and Binaries (as hexadecimal)
 * equal, Reals within 1e-12 relative. fmusim wrote them without Event Mode and early return
 * (its defaults), so they run with {@link CoSimulation#earlyReturn(boolean) earlyReturn(false)};
 * BouncingBall is run with early return too. StateSpace (array variables) is not moved by this
 * master; Clocks is Scheduled Execution only.
 */
class Fmi3ReferenceFmuTest {

    private static final Path REFERENCE_FMUS = Path.of("..", "..", "shared", "reference-fmus", "3.0");

    private record Run(List<String> reference, List<String> header, List<VariableReference> recorded, Rows rows,
            CoSimulation.Result result) {
    }

    private static Run run(String model, boolean earlyReturn) throws Exception {
        Path fmu = REFERENCE_FMUS.resolve(model + ".fmu");
        assumeTrue(Files.isRegularFile(fmu), fmu + " is absent");
        List<String> reference = Files.readAllLines(REFERENCE_FMUS.resolve(model + "_cs_ref.csv"),
                StandardCharsets.UTF_8);
        List<String> header = InputReplay.fields(reference.get(0), fmu, 1);
        Rows rows = new Rows();
        List<VariableReference> recorded = new ArrayList<>();
        try (CoSimulation sim = CoSimulation.load(List.of(new CoSimulation.FmuSpec(model, fmu)), m -> { })) {
            FmuInstance instance = sim.fmus().get(0);
            assertEquals("3.0", instance.fmiVersion());
            for (String column : header.subList(1, header.size())) {
                recorded.add(VariableReference.resolve(column, sim.fmus(), model + "_cs_ref.csv"));
            }
            double[] experiment = instance.structure().defaultExperiment();
            double start = Double.isNaN(experiment[0]) ? 0 : experiment[0];
            double stop = experiment[1];
            double step = Double.isNaN(experiment[2]) ? (stop - start) / 500 : experiment[2];
            sim.earlyReturn(earlyReturn);
            CoSimulation.Result result = sim.run(start, stop, step, recorded, List.of(rows), f -> { });
            return new Run(reference, header, recorded, rows, result);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"BouncingBall", "Dahlquist", "Feedthrough", "Resource", "Stair", "VanDerPol"})
    void matchesTheReferenceResultAtEveryRow(String model) throws Exception {
        Run run = run(model, false);
        assertEquals(run.reference().size() - 1, run.rows().times.size(), "rows (ended by " + run.result().endedBy() + ")");
        assertEquals(0, run.result().earlyReturns());
        double worst = 0;
        for (int r = 1; r < run.reference().size(); r++) {
            worst = Math.max(worst, compareRow(model, run, r, r - 1));
        }
        System.out.printf(Locale.ROOT, "Reference FMU 3.0 %s: %d rows, largest relative difference of a Real %.2g%s%n",
                model, run.rows().times.size(), worst,
                run.result().endedBy() == null ? "" : ", ended by the FMU at t=" + run.result().stop());
    }

    /** Compares reference row {@code r} with our row {@code ours}; the largest relative difference of a Real. */
    private static double compareRow(String model, Run run, int r, int ours) {
        Path fmu = REFERENCE_FMUS.resolve(model + ".fmu");
        List<String> expected = InputReplay.fields(run.reference().get(r), fmu, r + 1);
        double expectedTime = Double.parseDouble(expected.get(0));
        assertEquals(expectedTime, run.rows().times.get(ours), 1e-12 * Math.max(1, Math.abs(expectedTime)),
                "time of row " + r);
        double worst = 0;
        for (int c = 1; c < expected.size(); c++) {
            Object actual = run.rows().values.get(ours)[c - 1];
            String where = model + " " + run.header().get(c) + " at t=" + expected.get(0);
            switch (run.recorded().get(c - 1).variable().type()) {
                case REAL -> {
                    double e = Double.parseDouble(expected.get(c));
                    double difference = Math.abs((Double) actual - e) / Math.max(1, Math.abs(e));
                    worst = Math.max(worst, difference);
                    assertTrue(difference <= 1e-12, where + ": " + actual + " against " + e);
                }
                case INTEGER -> assertEquals(Integer.parseInt(expected.get(c)), actual, where);
                case BOOLEAN -> assertEquals(expected.get(c).equals("1") || expected.get(c).equals("true"), actual, where);
                case STRING -> assertEquals(expected.get(c), actual, where);
            }
        }
        return worst;
    }

    /**
     * With early return, BouncingBall (mightReturnEarlyFromDoStep, hasEventMode) stops each step
     * at its bounce: the master adds a row there, runs Event Mode (the velocity reverses), and
     * the rows on the communication grid stay those of the reference until the first bounce.
     */
    @Test
    void bouncingBallReturnsEarlyAtEachBounce() throws Exception {
        Run run = run("BouncingBall", true);
        Rows rows = run.rows();
        assertTrue(run.result().earlyReturns() > 0, "no early return");
        assertTrue(run.result().events() >= run.result().earlyReturns(), "Event Mode at every bounce");
        int first = -1;
        for (int i = 0; i < rows.times.size(); i++) {
            if (Math.abs(rows.times.get(i) / 0.01 - Math.rint(rows.times.get(i) / 0.01)) > 1e-6) {
                first = i;
                break;
            }
        }
        assertTrue(first > 0, "a row off the 0.01 s grid");
        double bounce = rows.times.get(first);
        // h(t) = 1 - g t^2 / 2 with g = 9.81 reaches 0 at sqrt(2 / 9.81) = 0.4515 s; the FMU's
        // explicit Euler steps of 1e-3 s reach h <= 0 at 0.453 s (measured), off the 0.01 s grid.
        assertEquals(Math.sqrt(2 / 9.81), bounce, 2e-3);
        assertTrue((Double) rows.values.get(first)[1] > 0, "after Event Mode the ball flies up: v > 0");
        for (int r = 1; r <= first; r++) {
            compareRow("BouncingBall", run, r, r - 1);
        }
    }
}
