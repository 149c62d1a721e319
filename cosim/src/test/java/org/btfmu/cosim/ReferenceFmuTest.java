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
 * The Modelica Association's Reference FMUs 0.0.39 (../shared/reference-fmus/2.0 beside
 * the repository; skipped when absent) run through this master as {@code bt-fmu simulate}
 * would, with each model's DefaultExperiment (its step, else (stop - start) / 500, as
 * fmusim chose for the reference results), compared with {@code <Model>_cs_ref.csv} at
 * every row. Tolerances: the same communication points to 1e-12 s; Integer, Boolean,
 * Enumeration and String values equal; Reals within 1e-12 relative (the FMUs' own
 * fixed-step solvers; the reference CSV prints 16 significant digits, and our step
 * sizes t(i+1) - t(i) may differ from fmusim's in the last bit; measured: 4.4e-16).
 * Stair ends the simulation itself at t=9 (fmi2Discard, fmi2Terminated), as in the reference.
 */
class ReferenceFmuTest {

    private static final Path REFERENCE_FMUS = Path.of("..", "..", "shared", "reference-fmus", "2.0");


    @Test
    void twoFmusSharingAGuidEachRunTheirOwnCode() throws Exception {
        // Stair and VanDerPol 0.0.39 declare the same GUID.
        Path stair = REFERENCE_FMUS.resolve("Stair.fmu");
        Path vanDerPol = REFERENCE_FMUS.resolve("VanDerPol.fmu");
        assumeTrue(Files.isRegularFile(stair) && Files.isRegularFile(vanDerPol), REFERENCE_FMUS + " is absent");
        Rows rows = new Rows();
        try (CoSimulation sim = CoSimulation.load(List.of(new CoSimulation.FmuSpec("stair", stair),
                new CoSimulation.FmuSpec("vdp", vanDerPol)), s -> { })) {
            sim.run(0, 1, 0.2, List.of(VariableReference.resolve("stair.counter", sim.fmus(), "t"),
                    VariableReference.resolve("vdp.x0", sim.fmus(), "t")), List.of(rows), f -> { });
        }
        List<String> reference = Files.readAllLines(REFERENCE_FMUS.resolve("VanDerPol_cs_ref.csv"));
        List<String> atOne = InputReplay.fields(reference.get(101), vanDerPol, 102);
        assertEquals("1", atOne.get(0));
        assertEquals(2, rows.values.get(5)[0], "Stair counts one per second from 1");
        assertEquals(Double.parseDouble(atOne.get(1)), (Double) rows.values.get(5)[1], 1e-12);
    }

    @ParameterizedTest
    @ValueSource(strings = {"BouncingBall", "Dahlquist", "Feedthrough", "Resource", "Stair", "VanDerPol"})
    void matchesTheReferenceResultAtEveryRow(String model) throws Exception {
        Path fmu = REFERENCE_FMUS.resolve(model + ".fmu");
        assumeTrue(Files.isRegularFile(fmu), fmu + " is absent");
        List<String> reference = Files.readAllLines(REFERENCE_FMUS.resolve(model + "_cs_ref.csv"), StandardCharsets.UTF_8);
        List<String> header = InputReplay.fields(reference.get(0), fmu, 1);
        assertEquals("time", header.get(0));

        Rows rows = new Rows();
        List<String> log = new ArrayList<>();
        CoSimulation.Result result;
        List<VariableReference> recorded = new ArrayList<>();
        try (CoSimulation sim = CoSimulation.load(List.of(new CoSimulation.FmuSpec(model, fmu)), log::add)) {
            FmuInstance instance = sim.fmus().get(0);
            for (String column : header.subList(1, header.size())) {
                recorded.add(VariableReference.resolve(column, sim.fmus(), model + "_cs_ref.csv"));
            }
            double[] experiment = instance.structure().defaultExperiment();
            double start = Double.isNaN(experiment[0]) ? 0 : experiment[0];
            double stop = experiment[1];
            double step = Double.isNaN(experiment[2]) ? (stop - start) / 500 : experiment[2];
            result = sim.run(start, stop, step, recorded, List.of(rows), f -> { });
        }
        assertEquals(reference.size() - 1, rows.times.size(), "rows (ended by " + result.endedBy() + ")");
        double worst = 0;
        for (int r = 1; r < reference.size(); r++) {
            List<String> expected = InputReplay.fields(reference.get(r), fmu, r + 1);
            double time = rows.times.get(r - 1);
            double expectedTime = Double.parseDouble(expected.get(0));
            assertEquals(expectedTime, time, 1e-12 * Math.max(1, Math.abs(expectedTime)), "time of row " + r);
            for (int c = 1; c < expected.size(); c++) {
                Object actual = rows.values.get(r - 1)[c - 1];
                String where = model + " " + header.get(c) + " at t=" + expected.get(0);
                switch (recorded.get(c - 1).variable().type()) {
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
        }
        System.out.printf(Locale.ROOT, "Reference FMU %s: %d rows, largest relative difference of a Real %.2g%s%n", model,
                rows.times.size(), worst, result.endedBy() == null ? "" : ", ended by the FMU at t=" + result.stop());
    }
}
