package org.btfmu.nativeshim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Function;
import com.sun.jna.NativeLibrary;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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

    @Test
    void exportsOnlyFmiFunctions() throws Exception {
        List<String> symbols = run("nm", "-D", "--defined-only", SHIM.toString()).lines()
                .map(line -> line.substring(line.lastIndexOf(' ') + 1))
                .toList();
        assertTrue(symbols.contains("fmi2GetVersion"), symbols.toString());
        for (String symbol : symbols) {
            assertTrue(symbol.startsWith("fmi2"), "unexpected exported symbol " + symbol);
        }
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
