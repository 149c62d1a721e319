package org.btfmu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Plant FMUs whose binary is missing or no shared library, and FMU file names with brackets. */
class BrokenFmuTest {

    @TempDir
    Path dir;

    /** ExponentialDecay.fmu as {@code name}, its binary replaced by {@code binary} (null: left out). */
    private Path decay(String name, UnaryOperator<byte[]> binary) throws IOException {
        Path original = PlantFmu.EXPONENTIAL_DECAY.copyTo(dir);
        Path copy = dir.resolve(name);
        try (ZipFile zip = new ZipFile(original.toFile());
                OutputStream file = Files.newOutputStream(copy);
                ZipOutputStream out = new ZipOutputStream(file)) {
            for (ZipEntry entry : java.util.Collections.list(zip.entries())) {
                byte[] bytes = zip.getInputStream(entry).readAllBytes();
                if (entry.getName().endsWith(".so")) {
                    bytes = binary.apply(bytes);
                    if (bytes == null) {
                        continue;
                    }
                }
                out.putNextEntry(new ZipEntry(entry.getName()));
                out.write(bytes);
                out.closeEntry();
            }
        }
        return copy;
    }

    private static List<String> temporaryFolders(String fmuName) throws IOException {
        List<String> found = new ArrayList<>();
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(tmp, p -> p.getFileName().toString()
                .startsWith("bt-fmu-" + fmuName + "-") || p.getFileName().toString().startsWith("fmu_")
                        && p.getFileName().toString().contains(fmuName + "-"))) {
            entries.forEach(p -> found.add(p.toString()));
        }
        return found;
    }

    private Console simulate(Path fmu) {
        return Console.run("simulate", "--fmu", fmu.toString(), "--stop", "1", "--step", "1", "-o",
                dir.resolve("out").toString());
    }

    private static void assertNoTrace(Console console) {
        assertFalse(console.err().contains("Exception") || console.err().contains("Error:"), console.err());
        assertFalse(console.err().contains("\tat "), console.err());
    }

    @Test
    void aMissingBinaryNamesTheFmuAndTheFile() throws Exception {
        Path fmu = decay("nobinary.fmu", bytes -> null);
        Console console = simulate(fmu);
        assertEquals(BtFmu.EXIT_BAD_INPUT, console.exit(), console.err());
        assertEquals("bt-fmu simulate: " + fmu + ": the FMU has no binary for this platform"
                + " (binaries/linux64/ExponentialDecay.so is not in the archive)\n", console.err());
        assertEquals(List.of(), temporaryFolders("nobinary"));
    }

    @Test
    void aBinaryThatIsNoElfFileNamesTheFmuAndTheFile() throws Exception {
        Path fmu = decay("notelf.fmu", bytes -> "#!/bin/sh\necho not a library\n".getBytes(StandardCharsets.UTF_8));
        Console console = simulate(fmu);
        assertEquals(BtFmu.EXIT_BAD_INPUT, console.exit(), console.err());
        assertEquals("bt-fmu simulate: " + fmu + ": binaries/linux64/ExponentialDecay.so is not a shared library"
                + " (no ELF header)\n", console.err());
        assertEquals(List.of(), temporaryFolders("notelf"));
    }

    @Test
    void anElfFileThatDoesNotLoadNamesTheFmuAndTheReason() throws Exception {
        Path fmu = decay("truncated.fmu", bytes -> java.util.Arrays.copyOf(bytes, 64));
        Console console = simulate(fmu);
        assertEquals(BtFmu.EXIT_BAD_INPUT, console.exit(), console.err());
        assertTrue(console.err().startsWith("bt-fmu simulate: " + fmu + ": cannot load the FMU's binary: "),
                console.err());
        assertNoTrace(console);
        assertEquals(List.of(), temporaryFolders("truncated"));
    }

    @Test
    void bracketsInFileNamesWorkAndBrokenOnesAreStillNamed() throws Exception {
        Path fine = decay("decay[1].fmu", bytes -> bytes);
        Console ran = simulate(fine);
        assertEquals(0, ran.exit(), ran.err());
        assertTrue(Files.readString(dir.resolve("out/result.csv")).startsWith("time,x\n"));

        for (String name : new String[] {"broken[1].fmu", "broken[.fmu", "broken].fmu"}) {
            Path broken = decay(name, bytes -> java.util.Arrays.copyOf(bytes, 64));
            Console console = simulate(broken);
            assertEquals(BtFmu.EXIT_BAD_INPUT, console.exit(), console.err());
            assertTrue(console.err().startsWith("bt-fmu simulate: " + broken + ": cannot load the FMU's binary: "),
                    console.err());
            assertNoTrace(console);
        }
        assertEquals(List.of(), temporaryFolders("broken"));
    }
}
