package org.btfmu.nativeshim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Function;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Checks the built shim library as an importer sees it. */
class ShimLibraryTest {

    static final Path SHIM = Path.of("target/classes/org/btfmu/native/linux64/libbtfmu.so");

    @Test
    void reportsFmiVersionAndPlatform() {
        NativeLibrary lib = NativeLibrary.getInstance(SHIM.toAbsolutePath().toString());
        Function version = lib.getFunction("fmi2GetVersion");
        Function platform = lib.getFunction("fmi2GetTypesPlatform");
        assertEquals("2.0", version.invokeString(new Object[0], false));
        assertEquals("default", platform.invokeString(new Object[0], false));
    }

    /** The FMI 2.0 common and Co-Simulation functions (spec 2.1 and 4.2), declared in fmi2.h. */
    static final Set<String> FMI2_CO_SIMULATION = Set.of(
            "fmi2GetTypesPlatform", "fmi2GetVersion", "fmi2SetDebugLogging", "fmi2Instantiate",
            "fmi2FreeInstance", "fmi2SetupExperiment", "fmi2EnterInitializationMode",
            "fmi2ExitInitializationMode", "fmi2Terminate", "fmi2Reset", "fmi2GetReal",
            "fmi2GetInteger", "fmi2GetBoolean", "fmi2GetString", "fmi2SetReal", "fmi2SetInteger",
            "fmi2SetBoolean", "fmi2SetString", "fmi2GetFMUstate", "fmi2SetFMUstate",
            "fmi2FreeFMUstate", "fmi2SerializedFMUstateSize", "fmi2SerializeFMUstate",
            "fmi2DeSerializeFMUstate", "fmi2GetDirectionalDerivative",
            "fmi2SetRealInputDerivatives", "fmi2GetRealOutputDerivatives", "fmi2DoStep",
            "fmi2CancelStep", "fmi2GetStatus", "fmi2GetRealStatus", "fmi2GetIntegerStatus",
            "fmi2GetBooleanStatus", "fmi2GetStringStatus");

    /** The FMI 2.0 Model Exchange functions (spec 3.2), declared in fmi2.h. */
    static final Set<String> FMI2_MODEL_EXCHANGE = Set.of(
            "fmi2EnterEventMode", "fmi2NewDiscreteStates", "fmi2EnterContinuousTimeMode",
            "fmi2CompletedIntegratorStep", "fmi2SetTime", "fmi2SetContinuousStates",
            "fmi2GetDerivatives", "fmi2GetEventIndicators", "fmi2GetContinuousStates",
            "fmi2GetNominalsOfContinuousStates");

    @Test
    void exportsExactlyTheFmiFunctionsOfBothInterfaces() throws Exception {
        Set<String> symbols = run("nm", "-D", "--defined-only", SHIM.toString()).lines()
                .map(line -> line.substring(line.lastIndexOf(' ') + 1))
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> expected = new TreeSet<>(FMI2_CO_SIMULATION);
        expected.addAll(FMI2_MODEL_EXCHANGE);
        assertEquals(expected, symbols);
    }

    @Test
    void instantiateWithoutResourceLocationReturnsNull() {
        NativeLibrary lib = NativeLibrary.getInstance(SHIM.toAbsolutePath().toString());
        Function instantiate = lib.getFunction("fmi2Instantiate");
        // functions == NULL: nowhere to log, but it must not crash the importer
        Object component = instantiate.invoke(Pointer.class,
                new Object[] {"x", 1, "guid", null, null, 0, 0});
        assertEquals(null, component);
    }

    @Test
    void isNotLinkedAgainstLibjvm() throws Exception {
        String dynamic = run("readelf", "-d", SHIM.toString());
        assertFalse(dynamic.contains("libjvm"), dynamic);
        assertTrue(dynamic.contains("NODELETE"), "shim must be linked with -z nodelete:\n" + dynamic);
    }

    private static String run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), String.join(" ", command) + ":\n" + out);
        assertTrue(Files.exists(SHIM));
        return out;
    }
}
