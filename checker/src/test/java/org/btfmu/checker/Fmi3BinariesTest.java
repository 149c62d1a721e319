package org.btfmu.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The binaries of an FMI 3.0 FMU: every function of fmi3Functions.h exported by the
 * x86_64-linux library and the x86_64-windows DLL, one binary per modelIdentifier.
 */
class Fmi3BinariesTest {

    private static final String DESCRIPTION = """
            <?xml version="1.0" encoding="UTF-8"?>
            <fmiModelDescription fmiVersion="3.0" modelName="m" instantiationToken="{t}">
              <CoSimulation modelIdentifier="m"/>
              <ModelVariables>
                <Float64 name="time" valueReference="0" causality="independent" variability="continuous"/>
              </ModelVariables>
              <ModelStructure/>
            </fmiModelDescription>
            """;

    /** A library exporting three of the 75 functions. */
    private static final String PARTIAL = """
            const char *fmi3GetVersion(void) { return "3.0"; }
            int fmi3Terminate(void *instance) { (void) instance; return 0; }
            void fmi3FreeInstance(void *instance) { (void) instance; }
            """;

    @TempDir
    Path dir;

    private Path zip(Map<String, byte[]> entries) throws IOException {
        Path file = dir.resolve("m.fmu");
        try (OutputStream out = Files.newOutputStream(file); ZipOutputStream zip = new ZipOutputStream(out)) {
            zip.putNextEntry(new ZipEntry("modelDescription.xml"));
            zip.write(DESCRIPTION.getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                zip.putNextEntry(new ZipEntry(e.getKey()));
                zip.write(e.getValue());
                zip.closeEntry();
            }
        }
        return file;
    }

    /** The C source compiled into a shared library by the compiler; null when it is not installed. */
    private byte[] compile(String compiler, String output) throws Exception {
        Path source = Files.writeString(dir.resolve("partial.c"), PARTIAL);
        Path library = dir.resolve(output);
        Process p;
        try {
            p = new ProcessBuilder(compiler, "-shared", "-fPIC", "-o", library.toString(), source.toString())
                    .redirectErrorStream(true).start();
        } catch (IOException e) {
            return null;
        }
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, log);
        return Files.readAllBytes(library);
    }

    @Test
    void aLinuxLibraryMissingFunctionsIsNamedAndNotRun() throws Exception {
        byte[] library = compile("gcc", "m.so");
        assumeTrue(library != null, "gcc is not installed");
        Report report = Checker.check(zip(Map.of("binaries/x86_64-linux/m.so", library)));
        assertEquals(1, report.errors().size(), report.findings().toString());
        Finding error = report.errors().get(0);
        assertEquals("binaries/x86_64-linux/m.so", error.where());
        assertTrue(error.message().startsWith("does not export fmi3ActivateModelPartition, fmi3CompletedIntegratorStep,"),
                error.message());
        assertTrue(error.message().contains("fmi3DoStep") && !error.message().contains("fmi3GetVersion")
                && !error.message().contains("fmi3Terminate,"), error.message());
        assertTrue(error.message().endsWith("so the calling sequences and the dependency check were skipped"),
                error.message());
    }

    @Test
    void aWindowsDllMustBeThereForTheModelIdentifierAndBeADll() throws Exception {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("binaries/x86_64-windows/other.dll", "MZ".getBytes(StandardCharsets.US_ASCII));
        List<Finding> missing = Checker.check(zip(entries)).errors();
        assertTrue(missing.stream().anyMatch(f -> f.where().equals("binaries/x86_64-windows/m.dll")
                && f.message().equals("missing: the modelIdentifier 'm' has no DLL in binaries/x86_64-windows/ (it"
                        + " holds other.dll)")), missing.toString());
        entries.put("binaries/x86_64-windows/m.dll", "not a DLL".getBytes(StandardCharsets.US_ASCII));
        List<Finding> garbage = Checker.check(zip(entries)).errors();
        assertTrue(garbage.stream().anyMatch(f -> f.where().equals("binaries/x86_64-windows/m.dll")
                && f.message().startsWith("not a Windows DLL: not a PE file")), garbage.toString());
    }

    @Test
    void aWindowsDllMissingFunctionsIsNamed() throws Exception {
        byte[] dll = compile("x86_64-w64-mingw32-gcc", "m.dll");
        assumeTrue(dll != null, "MinGW-w64 is not installed");
        List<Finding> errors = Checker.check(zip(Map.of("binaries/x86_64-windows/m.dll", dll))).errors();
        Finding error = errors.stream().filter(f -> f.where().equals("binaries/x86_64-windows/m.dll")).findFirst()
                .orElseThrow(() -> new AssertionError(errors.toString()));
        assertTrue(error.message().startsWith("does not export fmi3ActivateModelPartition,"), error.message());
        assertTrue(!error.message().contains("fmi3GetVersion") && error.message().contains("fmi3DoStep"),
                error.message());
    }
}
