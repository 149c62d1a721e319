package org.btfmu.cosim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleConsumer;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CoSimulationTest {

    private static final DoubleConsumer NO_PROGRESS = f -> { };

    @TempDir
    Path dir;

    private final List<String> log = new ArrayList<>();

    /** Keeps every sample in memory. */
    static final class Samples implements SampleListener {
        List<String> columns;
        final List<Double> times = new ArrayList<>();
        final List<Object[]> rows = new ArrayList<>();

        @Override
        public void columns(List<String> names) {
            columns = names;
        }

        @Override
        public void sample(double time, Object[] values) {
            times.add(time);
            rows.add(values.clone());
        }

        Object value(int row, String column) {
            return rows.get(row)[columns.indexOf(column)];
        }
    }

    private CoSimulation load(PlantFmu... plants) {
        List<CoSimulation.FmuSpec> specs = new ArrayList<>();
        for (PlantFmu plant : plants) {
            specs.add(new CoSimulation.FmuSpec(plant.modelName(), plant.copyTo(dir)));
        }
        return CoSimulation.load(specs, log::add);
    }

    @Test
    void singleFmuRecordsItsOutputsUnderTheirOwnNamesAtEveryCommunicationPoint() {
        Samples samples = new Samples();
        try (CoSimulation sim = load(PlantFmu.EXPONENTIAL_DECAY)) {
            FmuInstance decay = sim.fmus().get(0);
            sim.set(List.of(ConnectionFile.ParameterValue.of(
                    VariableReference.resolve("k", sim.fmus(), "test"), "0.25", "test")));
            CoSimulation.Result result = sim.run(0, 2, 0.5, sim.allOutputs(), List.of(samples), NO_PROGRESS);
            assertEquals(4, result.steps());
            assertEquals("ExponentialDecay", decay.name());
        }
        assertEquals(List.of("x"), samples.columns);
        assertEquals(List.of(0.0, 0.5, 1.0, 1.5, 2.0), samples.times);
        for (int i = 0; i < samples.times.size(); i++) {
            assertEquals(Math.exp(-0.25 * samples.times.get(i)), (Double) samples.value(i, "x"), 1e-9);
        }
    }

    @Test
    void theLastStepIsShortenedToEndOnStop() {
        Samples samples = new Samples();
        try (CoSimulation sim = load(PlantFmu.EXPONENTIAL_DECAY)) {
            sim.run(0, 1, 0.4, sim.allOutputs(), List.of(samples), NO_PROGRESS);
        }
        assertEquals(List.of(0.0, 0.4, 0.8, 1.0), samples.times);
        assertEquals(Math.exp(-1.0), (Double) samples.value(3, "x"), 1e-9);
    }

    @Test
    void connectionsCarryEveryTypeBetweenFmusAndColumnsArePrefixed() throws Exception {
        Path a = PlantFmu.FEEDTHROUGH.copyTo(dir);
        Path b = Files.copy(a, dir.resolve("second.fmu"));
        Samples samples = new Samples();
        try (CoSimulation sim = CoSimulation.load(List.of(new CoSimulation.FmuSpec("first", a),
                new CoSimulation.FmuSpec("second", b)), log::add)) {
            List<FmuInstance> fmus = sim.fmus();
            List<Connection> wiring = new ArrayList<>();
            for (String type : List.of("real", "integer", "boolean", "string", "enumeration")) {
                wiring.add(new Connection(VariableReference.resolve("first." + type + "_out", fmus, "test"),
                        VariableReference.resolve("second." + type + "_in", fmus, "test")));
            }
            sim.connect(wiring);
            sim.set(List.of(
                    ConnectionFile.ParameterValue.of(VariableReference.resolve("first.real_in", fmus, "t"), "2.5", "t"),
                    ConnectionFile.ParameterValue.of(VariableReference.resolve("first.integer_in", fmus, "t"), "-7", "t"),
                    ConnectionFile.ParameterValue.of(VariableReference.resolve("first.boolean_in", fmus, "t"), "true", "t"),
                    ConnectionFile.ParameterValue.of(VariableReference.resolve("first.string_in", fmus, "t"), "a,b", "t"),
                    ConnectionFile.ParameterValue.of(VariableReference.resolve("first.enumeration_in", fmus, "t"), "2", "t")));
            sim.run(0, 1, 1, sim.allOutputs(), List.of(samples), NO_PROGRESS);
        }
        assertTrue(samples.columns.contains("second.real_out"), samples.columns.toString());
        for (int row = 0; row < 2; row++) {
            assertEquals(2.5, samples.value(row, "second.real_out"));
            assertEquals(-7, samples.value(row, "second.integer_out"));
            assertEquals(true, samples.value(row, "second.boolean_out"));
            assertEquals("a,b", samples.value(row, "second.string_out"));
            assertEquals(2, samples.value(row, "second.enumeration_out"));
        }
    }

    @Test
    void aChainOfFeedthroughsSettlesWithinOneCommunicationPoint() throws Exception {
        Path a = PlantFmu.FEEDTHROUGH.copyTo(dir);
        Samples samples = new Samples();
        try (CoSimulation sim = CoSimulation.load(List.of(new CoSimulation.FmuSpec("a", a),
                new CoSimulation.FmuSpec("b", a), new CoSimulation.FmuSpec("c", a)), log::add)) {
            List<FmuInstance> fmus = sim.fmus();
            // Listed against the flow, so one pass over the connections is not enough.
            sim.connect(List.of(
                    new Connection(VariableReference.resolve("b.real_out", fmus, "t"), VariableReference.resolve("c.real_in", fmus, "t")),
                    new Connection(VariableReference.resolve("a.real_out", fmus, "t"), VariableReference.resolve("b.real_in", fmus, "t"))));
            Path csv = dir.resolve("inputs.csv");
            Files.writeString(csv, "time,a.real_in\n0,1\n1,2\n2,3\n");
            sim.replay(InputReplay.read(csv, fmus.get(0)));
            sim.run(0, 2, 1, List.of(VariableReference.resolve("c.real_out", fmus, "t")), List.of(samples), NO_PROGRESS);
        }
        assertEquals(List.of(1.0, 2.0, 3.0), samples.rows.stream().map(r -> r[0]).toList());
    }

    @Test
    void anAlgebraicLoopIsReportedByItsVariablesWhenConnected() throws Exception {
        Path a = PlantFmu.FEEDTHROUGH.copyTo(dir);
        try (CoSimulation sim = CoSimulation.load(List.of(new CoSimulation.FmuSpec("a", a),
                new CoSimulation.FmuSpec("b", a)), log::add)) {
            List<FmuInstance> fmus = sim.fmus();
            // Feedthrough declares real_out to depend on real_in, in both modes.
            CoSimulationException e = assertThrows(CoSimulationException.class, () -> sim.connect(List.of(
                    new Connection(VariableReference.resolve("a.real_out", fmus, "t"), VariableReference.resolve("b.real_in", fmus, "t")),
                    new Connection(VariableReference.resolve("b.real_out", fmus, "t"), VariableReference.resolve("a.real_in", fmus, "t")))));
            assertTrue(e.getMessage().startsWith("algebraic loop in Initialization Mode: "
                    + "b.real_out -> a.real_in => a.real_out -> b.real_in => b.real_out"), e.getMessage());
        }
    }

    @Test
    void anFmuErrorNamesTheFmuTheFunctionAndTheTime() throws Exception {
        Path csv = dir.resolve("inputs.csv");
        Files.writeString(csv, "time,real_in\n0,1\n2,NaN\n");
        Samples samples = new Samples();
        try (CoSimulation sim = load(PlantFmu.FEEDTHROUGH)) {
            sim.replay(InputReplay.read(csv, sim.fmus().get(0)));
            CoSimulationException e = assertThrows(CoSimulationException.class,
                    () -> sim.run(0, 5, 1, sim.allOutputs(), List.of(samples), NO_PROGRESS));
            assertTrue(e.getMessage().contains("FMU 'Feedthrough'"), e.getMessage());
            assertTrue(e.getMessage().contains("fmi2DoStep"), e.getMessage());
            assertTrue(e.getMessage().contains("at t=2.0"), e.getMessage());
            assertTrue(e.getMessage().contains("real_out is not finite"), e.getMessage());
        }
        assertEquals(List.of(0.0, 1.0, 2.0), samples.times, "sampled up to the failure");
    }

    /** Instance names unique to one test, so that other processes' temporary files do not count. */
    private final String tag = "t" + System.nanoTime();

    @Test
    void extractedFilesAreRemovedAfterTheRun() throws Exception {
        try (CoSimulation sim = CoSimulation.load(List.of(
                new CoSimulation.FmuSpec("decay" + tag, PlantFmu.EXPONENTIAL_DECAY.copyTo(dir)),
                new CoSimulation.FmuSpec("feedthrough" + tag, PlantFmu.FEEDTHROUGH.copyTo(dir))), log::add)) {
            assertEquals(4, tmpEntries().size(), "extraction folders and link folders while loaded");
            sim.run(0, 1, 0.5, sim.allOutputs(), List.of(), NO_PROGRESS);
        }
        assertEquals(List.of(), tmpEntries());
    }

    @Test
    void extractedFilesAreRemovedWhenAnFmuCannotBeLoaded() throws Exception {
        Path broken = dir.resolve("broken.fmu");
        try (var zip = new java.util.zip.ZipOutputStream(Files.newOutputStream(broken))) {
            zip.putNextEntry(new java.util.zip.ZipEntry("modelDescription.xml"));
            zip.write("<fmiModelDescription fmiVersion=\"2.0\"".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        CoSimulationException e = assertThrows(CoSimulationException.class, () -> CoSimulation.load(List.of(
                new CoSimulation.FmuSpec("good" + tag, PlantFmu.EXPONENTIAL_DECAY.copyTo(dir)),
                new CoSimulation.FmuSpec("broken" + tag, broken)), log::add));
        assertTrue(e.getMessage().contains("broken.fmu"), e.getMessage());
        assertEquals(List.of(), tmpEntries());
    }

    /** javafmi's extraction folders (fmu_<millis><instance>-<n>) and the link folders of this test's FMUs. */
    private List<Path> tmpEntries() throws Exception {
        try (var entries = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return entries.filter(p -> {
                String n = p.getFileName().toString();
                return (n.startsWith("fmu_") || n.startsWith("bt-fmu-")) && n.contains(tag);
            }).sorted().toList();
        }
    }
}
