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
 * The Model Exchange master against the Modelica Association's Reference FMUs (in
 * ../shared/reference-fmus/2.0; skipped without it): every output of {@code <Model>_me_ref.csv}
 * at every output point up to {@code until}, within the stated absolute tolerance, and the
 * events (the instants the reference lists twice) at the reference's times within
 * {@code eventTolerance}: BouncingBall's bounces (state events) and Stair's steps (time
 * events). The reference was computed with another integrator and event locator: its first
 * bounce is 1.6e-5 s before the analytic sqrt(2 h / g), its Dahlquist 3e-4 off exp(-t) at
 * t = 0.4; so the tolerances are those of two solutions of different accuracy, and
 * BouncingBall is compared for its first five bounces, before the shrinking flights make the
 * two event sequences drift apart; VanDerPol for its first 2 s (the reference's x1 is 1e-3 off
 * ours at 0.28 s already, and the limit cycle's phase error grows).
 */
class ModelExchangeReferenceFmusTest {

    private static final Path REFERENCE = Path.of("..", "..", "shared", "reference-fmus", "2.0");

    /** Rows of a reference CSV: the time, then the outputs (Strings as they stand). */
    private record Table(List<String> columns, List<double[]> rows) {
    }

    private static Table read(Path csv) throws Exception {
        List<String> lines = Files.readAllLines(csv);
        List<String> columns = new ArrayList<>();
        for (String name : lines.get(0).split(",")) {
            columns.add(name.replace("\"", ""));
        }
        List<double[]> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",");
            double[] row = new double[cells.length];
            for (int i = 0; i < cells.length; i++) {
                row[i] = cells[i].startsWith("\"") ? Double.NaN : Double.parseDouble(cells[i]);
            }
            rows.add(row);
        }
        return new Table(columns, rows);
    }


    @ParameterizedTest
    @CsvSource({
        "BouncingBall, 1e-2, 1e-3, 2.1",
        "Dahlquist,    2e-3, 0,    10",
        "Feedthrough,  0,    0,    2",
        "Resource,     0,    0,    1",
        "Stair,        0,    1e-9, 10",
        "VanDerPol,    1e-2, 0,    2",
    })
    void reproducesTheReferenceResult(String model, double tolerance, double eventTolerance, double until)
            throws Exception {
        Path fmu = REFERENCE.resolve(model + ".fmu");
        Assumptions.assumeTrue(Files.isRegularFile(fmu), "no Reference FMUs beside the repository");
        Table reference = read(REFERENCE.resolve(model + "_me_ref.csv"));
        double stop = reference.rows().get(reference.rows().size() - 1)[0];
        double interval = reference.rows().get(1)[0] == 0 ? reference.rows().get(2)[0] : reference.rows().get(1)[0];
        Rows rows = new Rows();
        ModelExchangeMaster.Result result;
        try (CoSimulation sim = CoSimulation.load(List.of(new CoSimulation.FmuSpec(model, fmu)), m -> { }, true)) {
            FmuInstance instance = sim.fmus().get(0);
            List<VariableReference> recorded = new ArrayList<>();
            for (String column : reference.columns().subList(1, reference.columns().size())) {
                recorded.add(new VariableReference(instance, instance.variable(column).orElseThrow()));
            }
            result = sim.runModelExchange(0, stop, interval, ModelExchangeMaster.Tolerances.defaults(), recorded,
                    List.of(rows), fraction -> { });
        }
        // Events: the reference lists each event's instant twice (before and after).
        List<Double> expectedEvents = new ArrayList<>();
        for (int r = 1; r < reference.rows().size(); r++) {
            double t = reference.rows().get(r)[0];
            if (t == reference.rows().get(r - 1)[0] && t > 0 && t < until) {
                expectedEvents.add(t);
            }
        }
        // Every output point: the reference's last row at that time (after its event, if any);
        // an event between output points is located by each solver on its own (compared below),
        // so the two output points around it are left out.
        int compared = 0;
        for (int r = 0; r < reference.rows().size(); r++) {
            double[] expected = reference.rows().get(r);
            boolean onGrid = Math.abs(expected[0] / interval - Math.rint(expected[0] / interval)) < 1e-6;
            boolean nearEvent = expectedEvents.stream().anyMatch(e -> Math.abs(e - expected[0]) < 2 * interval
                    && Math.abs(e / interval - Math.rint(e / interval)) > 1e-6);
            if (r + 1 < reference.rows().size() && reference.rows().get(r + 1)[0] == expected[0] || !onGrid
                    || nearEvent || expected[0] > until) {
                continue;
            }
            int ours = lastRowAt(rows.times, expected[0]);
            assertTrue(ours >= 0, model + ": no output at t=" + expected[0] + " (" + rows.times.size() + " rows)");
            for (int c = 1; c < expected.length; c++) {
                if (Double.isNaN(expected[c])) {
                    continue; // a String output
                }
                double actual = ((Number) toNumber(rows.values.get(ours)[c - 1])).doubleValue();
                assertEquals(expected[c], actual, tolerance, model + "." + reference.columns().get(c) + " at t="
                        + expected[0]);
            }
            compared++;
        }
        assertTrue(compared > 40, model + ": only " + compared + " output points");
        List<Double> ours = result.eventTimes().stream().filter(t -> t < until).toList();
        assertEquals(expectedEvents.size(), ours.size(), model + " events: " + ours + " vs " + expectedEvents);
        for (int i = 0; i < ours.size(); i++) {
            assertEquals(expectedEvents.get(i), ours.get(i), eventTolerance, model + " event " + i);
        }
    }

    private static Object toNumber(Object value) {
        return value instanceof Boolean b ? (b ? 1 : 0) : value;
    }

    private static int lastRowAt(List<Double> times, double t) {
        int found = -1;
        for (int i = 0; i < times.size(); i++) {
            if (Math.abs(times.get(i) - t) <= 1e-9 * Math.max(1, Math.abs(t))) {
                found = i;
            }
        }
        return found;
    }
}
