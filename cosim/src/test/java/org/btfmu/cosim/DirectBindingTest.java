package org.btfmu.cosim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Native;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JNA's direct binding (the fallback where our JNI library does not load: {@link
 * FmiCallBindings}) against javafmi's proxy, the independent cross-check: the same run, the
 * same bytes. {@link JniBindingTest} does the same for the JNI binding.
 */
class DirectBindingTest {

    @TempDir
    Path dir;

    @BeforeEach
    void throughJna() {
        System.setProperty("btfmu.fmiCalls", "jna");
    }

    @AfterEach
    void asBefore() {
        System.clearProperty("btfmu.fmiCalls");
    }

    /** {@link SolarLoop} for two hours, once per binding. */
    private byte[] solarLoop(FmuInstance.Binding binding) throws Exception {
        return SolarLoop.run(dir, 2, 7200, binding, binding.toString());
    }

    @Test
    void theSameCouplingThroughBothBindingsWritesTheSameBytes() throws Exception {
        byte[] direct = solarLoop(FmuInstance.Binding.DIRECT);
        byte[] javafmi = solarLoop(FmuInstance.Binding.JAVAFMI);
        List<String> rows = Files.readAllLines(dir.resolve("DIRECT.csv"));
        assertEquals(7202, rows.size());
        // The run moves: climbing (mode 1 through the loop), so equal bytes are not constant rows.
        assertNotEquals(rows.get(1).split(",")[1], rows.get(7201).split(",")[1]);
        assertTrue(rows.get(0).contains("loop.boolean_out"), rows.get(0));
        assertArrayEquals(javafmi, direct);
    }

    /**
     * The solar aircraft alone in Model Exchange (the Feedthrough FMU is Co-Simulation only),
     * holding its altitude while the battery drains (main's ME master hangs when it climbs from
     * altitude_min: issue 20 item 6, fixed on another branch).
     */
    private byte[] solarHold(FmuInstance.Binding binding) throws Exception {
        Path plant = PlantFmu.SOLAR_AIRCRAFT.copyTo(dir);
        Path csv = dir.resolve(binding + "-me.csv");
        try (CoSimulation sim = CoSimulation.load(List.of(new CoSimulation.FmuSpec("plant", plant)), s -> { },
                true, binding); CsvWriter writer = new CsvWriter(csv)) {
            sim.runModelExchange(0, 3600, 1, ModelExchangeMaster.Tolerances.defaults(), sim.allOutputs(),
                    List.of(writer), f -> { });
        }
        return Files.readAllBytes(csv);
    }

    @Test
    void theSameModelExchangeRunThroughBothBindingsWritesTheSameBytes() throws Exception {
        byte[] direct = solarHold(FmuInstance.Binding.DIRECT);
        byte[] javafmi = solarHold(FmuInstance.Binding.JAVAFMI);
        List<String> rows = Files.readAllLines(dir.resolve("DIRECT-me.csv"));
        assertTrue(rows.size() >= 3602, "rows: " + rows.size());
        int soc = List.of(rows.get(0).split(",")).indexOf("soc");
        assertNotEquals(rows.get(1).split(",")[soc], rows.get(rows.size() - 1).split(",")[soc]);
        assertArrayEquals(javafmi, direct);
    }

    @Test
    void twoFmusWithDifferentLibrariesEachCallTheirOwn() throws Exception {
        // One class per library: were the plant's functions bound for the Feedthrough too,
        // loop.real_out would not follow plant.altitude.
        List<String> rows = new String(solarLoop(FmuInstance.Binding.DIRECT)).lines().toList();
        List<String> header = List.of(rows.get(0).split(","));
        int altitude = header.indexOf("plant.altitude");
        int copied = header.indexOf("loop.real_out");
        String[] last = rows.get(rows.size() - 1).split(",");
        assertEquals(last[altitude], last[copied]);
        assertEquals("1", last[header.indexOf("loop.boolean_out")]);
    }

    /**
     * JNA's registrations of the direct binding's class copies (its private maps of registered
     * classes and of their libraries): each bound instance adds two (get/set and doStep).
     */
    private static int registeredCopies(String mapName) throws Exception {
        Field field = Native.class.getDeclaredField(mapName);
        field.setAccessible(true);
        Map<?, ?> map = (Map<?, ?>) field.get(null);
        synchronized (map) {
            return (int) map.keySet().stream()
                    .filter(c -> ((Class<?>) c).getName().startsWith(DirectFmi2.class.getName())).count();
        }
    }

    private static int registeredCopies() throws Exception {
        return Math.max(registeredCopies("registeredClasses"), registeredCopies("registeredLibraries"));
    }

    @Test
    void freedInstancesReleaseTheirRegisteredClassesAndLibraries() throws Exception {
        Path feedthrough = PlantFmu.FEEDTHROUGH.copyTo(dir);
        int instances = 40;
        for (int i = 0; i < instances; i++) {
            try (CoSimulation sim = CoSimulation.load(List.of(new CoSimulation.FmuSpec("f", feedthrough)),
                    s -> { }, false, FmuInstance.Binding.DIRECT)) {
                sim.run(0, 2, 1, sim.allOutputs(), List.of(), f -> { });
                assertTrue(registeredCopies() >= 2, "the instance is bound: " + registeredCopies());
            }
        }
        // Released once the collector finds the freed instances' bindings unreachable: collect
        // until every copy is gone (or give up after many collections; before the fix all stayed, two per instance).
        for (int gc = 0; gc < 100 && registeredCopies() > 0; gc++) {
            System.gc();
            Thread.sleep(20);
        }
        assertEquals(0, registeredCopies("registeredClasses"));
        assertEquals(0, registeredCopies("registeredLibraries"));
    }
}
