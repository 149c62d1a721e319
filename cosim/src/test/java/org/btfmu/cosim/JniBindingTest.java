package org.btfmu.cosim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.btfmu.testfmus.PlantFmu;
import org.javafmi.proxy.v2.Fmu;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The master's per-step calls through our JNI library against JNA's direct mapping (the
 * fallback) and javafmi's proxy (the independent cross-check, FMI 2.0 only): the same couplings
 * as {@link DirectBindingTest}, Co-Simulation and Model Exchange, FMI 2.0 and 3.0, the same bytes.
 */
class JniBindingTest {

    @TempDir
    Path dir;

    @BeforeAll
    static void theLibraryLoads() {
        // Else every "JNI" run below would silently be JNA's (the tests run with BTFMU_CACHE_DIR=off:
        // the library comes from a temporary file).
        assertTrue(JniFmiLibrary.loaded(), "the JNI library did not load");
    }

    /** {@code run} with the per-step calls through {@code calls} ("jni" or "jna"). */
    private static <T> T through(String calls, Callable<T> run) throws Exception {
        System.setProperty("btfmu.fmiCalls", calls);
        try {
            return run.call();
        } finally {
            System.clearProperty("btfmu.fmiCalls");
        }
    }

    private Path fmu(PlantFmu plant, int version) {
        return version == 3 ? plant.copyFmi3To(dir) : plant.copyTo(dir);
    }

    /** {@link SolarLoop} for an hour. */
    private byte[] solarLoop(int version, FmuInstance.Binding binding, String name) throws Exception {
        return SolarLoop.run(dir, version, 3600, binding, name);
    }

    /** The solar aircraft alone in Model Exchange, holding its altitude while the battery drains. */
    private byte[] solarHold(int version, FmuInstance.Binding binding, String name) throws Exception {
        Path csv = dir.resolve(name + "-me.csv");
        try (CoSimulation sim = CoSimulation.load(List.of(new CoSimulation.FmuSpec("plant",
                fmu(PlantFmu.SOLAR_AIRCRAFT, version))), s -> { }, true, binding);
                CsvWriter writer = new CsvWriter(csv)) {
            sim.runModelExchange(0, 3600, 1, ModelExchangeMaster.Tolerances.defaults(), sim.allOutputs(),
                    List.of(writer), f -> { });
        }
        return Files.readAllBytes(csv);
    }

    private static void assertMoves(byte[] csv, String column) {
        List<String> rows = new String(csv).lines().toList();
        assertTrue(rows.size() >= 3602, "rows: " + rows.size());
        int c = List.of(rows.get(0).split(",")).indexOf(column);
        assertTrue(c > 0, rows.get(0));
        // equal bytes of constant rows would prove little
        assertNotEquals(rows.get(1).split(",")[c], rows.get(rows.size() - 1).split(",")[c]);
    }

    @Test
    void fmi2CoSimulationWritesTheBytesOfJnaAndOfJavafmi() throws Exception {
        byte[] jni = through("jni", () -> solarLoop(2, FmuInstance.Binding.DIRECT, "jni"));
        byte[] jna = through("jna", () -> solarLoop(2, FmuInstance.Binding.DIRECT, "jna"));
        byte[] javafmi = solarLoop(2, FmuInstance.Binding.JAVAFMI, "javafmi");
        assertMoves(jni, "plant.altitude");
        assertArrayEquals(javafmi, jni);
        assertArrayEquals(jna, jni);
    }

    @Test
    void fmi2ModelExchangeWritesTheBytesOfJnaAndOfJavafmi() throws Exception {
        byte[] jni = through("jni", () -> solarHold(2, FmuInstance.Binding.DIRECT, "jni"));
        byte[] jna = through("jna", () -> solarHold(2, FmuInstance.Binding.DIRECT, "jna"));
        byte[] javafmi = solarHold(2, FmuInstance.Binding.JAVAFMI, "javafmi");
        assertMoves(jni, "soc");
        assertArrayEquals(javafmi, jni);
        assertArrayEquals(jna, jni);
    }

    @Test
    void fmi3CoSimulationWritesTheBytesOfJna() throws Exception {
        byte[] jni = through("jni", () -> solarLoop(3, FmuInstance.Binding.DIRECT, "jni3"));
        byte[] jna = through("jna", () -> solarLoop(3, FmuInstance.Binding.DIRECT, "jna3"));
        assertMoves(jni, "plant.altitude");
        assertArrayEquals(jna, jni);
    }

    @Test
    void fmi3ModelExchangeWritesTheBytesOfJna() throws Exception {
        byte[] jni = through("jni", () -> solarHold(3, FmuInstance.Binding.DIRECT, "jni3"));
        byte[] jna = through("jna", () -> solarHold(3, FmuInstance.Binding.DIRECT, "jna3"));
        assertMoves(jni, "soc");
        assertArrayEquals(jna, jni);
    }

    @Test
    void theBindingsAreOursUnlessJnaIsAsked() throws Exception {
        try (FmuInstance fmu = loaded(PlantFmu.FEEDTHROUGH)) {
            NativeLibrary library = NativeLibrary.getInstance(fmu.file().getLibraryPath());
            assertInstanceOf(JniFmi2Calls.class, through("jni", () -> FmiCallBindings.fmi2(library)));
            // JNA's binding is a copy of DirectFmi2 in a class loader of its own
            assertEquals(DirectFmi2.class.getName(),
                    through("jna", () -> FmiCallBindings.fmi2(library)).getClass().getName());
            assertThrows(CoSimulationException.class, () -> through("ffm", () -> FmiCallBindings.fmi2(library)));
        }
    }

    private FmuInstance loaded(PlantFmu plant) {
        FmuInstance fmu = FmuInstance.load("f", plant.copyTo(dir), s -> { });
        fmu.instantiate();
        fmu.enterInitialization(0, 10);
        fmu.exitInitialization();
        return fmu;
    }

    private static long component(FmuInstance fmu) throws ReflectiveOperationException {
        Field field = Fmu.class.getDeclaredField("component");
        field.setAccessible(true);
        return Pointer.nativeValue((Pointer) field.get(fmu.proxy()));
    }

    /** Both bindings on the same instance: no value references, the same status, nothing written. */
    @Test
    void zeroValueReferencesBehaveAsThroughJna() throws Exception {
        try (FmuInstance fmu = loaded(PlantFmu.FEEDTHROUGH)) {
            NativeLibrary library = NativeLibrary.getInstance(fmu.file().getLibraryPath());
            long c = component(fmu);
            Fmi2Calls jni = new JniFmi2Calls(library);
            Fmi2Calls jna = DirectBinding.bind(library);
            double[] untouched = {42};
            assertEquals(jna.getReal(c, new int[0], new double[0]), jni.getReal(c, new int[0], untouched));
            assertEquals(42, untouched[0]);
            assertEquals(jna.setReal(c, new int[0], new double[0]), jni.setReal(c, new int[0], new double[0]));
            assertEquals(jna.getInteger(c, new int[0], new int[0]), jni.getInteger(c, new int[0], new int[0]));
            assertEquals(jna.setBoolean(c, new int[0], new int[0]), jni.setBoolean(c, new int[0], new int[0]));
            // a values array shorter than the value references: refused before the FMU is called
            int in = fmu.variable("real_in").orElseThrow().valueReference();
            assertThrows(IllegalArgumentException.class, () -> jni.getReal(c, new int[] {in, in}, new double[1]));
        }
    }

    /**
     * A non-finite input through one binding on a fresh Feedthrough instance, which copies real_in
     * to real_out and refuses a non-finite output at fmi2DoStep: the statuses of set, doStep and
     * get, and the bits read back.
     */
    private List<Long> nonFinite(boolean jni, double value) throws Exception {
        try (FmuInstance fmu = loaded(PlantFmu.FEEDTHROUGH)) {
            NativeLibrary library = NativeLibrary.getInstance(fmu.file().getLibraryPath());
            long c = component(fmu);
            Fmi2Calls calls = jni ? new JniFmi2Calls(library) : DirectBinding.bind(library);
            Fmi2Step step = jni ? new JniFmi2Step(library) : DirectBinding.bindStep(library);
            int in = fmu.variable("real_in").orElseThrow().valueReference();
            int out = fmu.variable("real_out").orElseThrow().valueReference();
            double[] read = {1};
            long set = calls.setReal(c, new int[] {in}, new double[] {value});
            long stepped = step.doStep(c, 0, 1, true);
            long got = calls.getReal(c, new int[] {out}, read);
            return List.of(set, stepped, got, Double.doubleToRawLongBits(read[0]));
        }
    }

    @Test
    void nonFiniteValuesBehaveAsThroughJna() throws Exception {
        for (double value : new double[] {Double.NaN, Double.NEGATIVE_INFINITY, -0.0}) {
            assertEquals(nonFinite(false, value), nonFinite(true, value), "real_in = " + value);
        }
        // and the cases differ (the FMU refuses NaN at the step, copies -0.0 bit for bit)
        assertNotEquals(nonFinite(true, Double.NaN).get(1), nonFinite(true, -0.0).get(1));
        assertEquals(Double.doubleToRawLongBits(-0.0), nonFinite(true, -0.0).get(3));
    }
}
