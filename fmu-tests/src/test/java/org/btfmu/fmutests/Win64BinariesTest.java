package org.btfmu.fmutests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.btfmu.checker.Checker;
import org.btfmu.checker.Finding;
import org.btfmu.checker.PeFile;
import org.btfmu.checker.Win64Binaries;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * binaries/win64, read as PE files in Java (as GlibcBaselineTest reads the ELF files): every
 * DLL exports exactly the 44 functions of FMI 2.0 and imports only Windows system DLLs, and
 * {@code bt-fmu check} finds a missing DLL, a missing export and a file that is no DLL.
 * Skipped, saying so, where the build had no MinGW-w64 (then the FMUs have no win64).
 */
class Win64BinariesTest {

    @TempDir
    Path dir;

    @BeforeAll
    static void mingwBuiltTheDlls() {
        assumeTrue(hasMingw(), "win64 SKIPPED: x86_64-w64-mingw32-gcc is not installed, so the build made"
                + " no binaries/win64 (Debian: apt-get install gcc-mingw-w64-x86-64)");
    }

    /** Every function of the FMI 3.0 API (sections 2.3 to 5.2), as importer3.c looks them up. */
    private static final Set<String> FMI3_FUNCTIONS = new TreeSet<>(List.of(
            "fmi3GetVersion", "fmi3SetDebugLogging", "fmi3InstantiateModelExchange", "fmi3InstantiateCoSimulation",
            "fmi3InstantiateScheduledExecution", "fmi3FreeInstance", "fmi3EnterInitializationMode",
            "fmi3ExitInitializationMode", "fmi3EnterEventMode", "fmi3Terminate", "fmi3Reset", "fmi3GetFloat32",
            "fmi3GetFloat64", "fmi3GetInt8", "fmi3GetUInt8", "fmi3GetInt16", "fmi3GetUInt16", "fmi3GetInt32",
            "fmi3GetUInt32", "fmi3GetInt64", "fmi3GetUInt64", "fmi3GetBoolean", "fmi3GetString", "fmi3GetBinary",
            "fmi3GetClock", "fmi3SetFloat32", "fmi3SetFloat64", "fmi3SetInt8", "fmi3SetUInt8", "fmi3SetInt16",
            "fmi3SetUInt16", "fmi3SetInt32", "fmi3SetUInt32", "fmi3SetInt64", "fmi3SetUInt64", "fmi3SetBoolean",
            "fmi3SetString", "fmi3SetBinary", "fmi3SetClock", "fmi3GetNumberOfVariableDependencies",
            "fmi3GetVariableDependencies", "fmi3GetFMUState", "fmi3SetFMUState", "fmi3FreeFMUState",
            "fmi3SerializedFMUStateSize", "fmi3SerializeFMUState", "fmi3DeserializeFMUState",
            "fmi3GetDirectionalDerivative", "fmi3GetAdjointDerivative", "fmi3EnterConfigurationMode",
            "fmi3ExitConfigurationMode", "fmi3GetIntervalDecimal", "fmi3GetIntervalFraction", "fmi3GetShiftDecimal",
            "fmi3GetShiftFraction", "fmi3SetIntervalDecimal", "fmi3SetIntervalFraction", "fmi3SetShiftDecimal",
            "fmi3SetShiftFraction", "fmi3EvaluateDiscreteStates", "fmi3UpdateDiscreteStates",
            "fmi3EnterContinuousTimeMode", "fmi3CompletedIntegratorStep", "fmi3SetTime", "fmi3SetContinuousStates",
            "fmi3GetContinuousStateDerivatives", "fmi3GetEventIndicators", "fmi3GetContinuousStates",
            "fmi3GetNominalsOfContinuousStates", "fmi3GetNumberOfEventIndicators", "fmi3GetNumberOfContinuousStates",
            "fmi3EnterStepMode", "fmi3GetOutputDerivatives", "fmi3DoStep", "fmi3ActivateModelPartition"));

    private static boolean hasMingw() {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator))
                .anyMatch(p -> Files.isExecutable(Path.of(p, "x86_64-w64-mingw32-gcc")));
    }

    private static Set<String> allFmi2Functions() {
        Set<String> all = new TreeSet<>(Win64Binaries.COMMON);
        all.addAll(Win64Binaries.MODEL_EXCHANGE);
        all.addAll(Win64Binaries.CO_SIMULATION);
        return all;
    }

    @Test
    void fmi2DefinesFortyFourFunctions() {
        assertEquals(44, allFmi2Functions().size());
    }

    @Test
    void theShimDllExportsExactlyTheFmi2FunctionsAndImportsOnlySystemDlls() throws Exception {
        FmuFixture fmu = FmuFixture.build(dir, "shim_test.json", "win64_shim");
        PeFile dll = PeFile.read(Files.readAllBytes(fmu.directory().resolve("binaries/win64/win64_shim.dll")));
        assertEquals(PeFile.MACHINE_AMD64, dll.machine());
        assertTrue(dll.dll());
        assertEquals(allFmi2Functions(), new TreeSet<>(dll.exports()));
        assertEquals(44, dll.exports().size(), "no duplicates, nothing else");
        assertOnlySystemImports("shim", dll);
        assertTrue(dll.imports().stream().anyMatch(i -> i.equalsIgnoreCase("KERNEL32.dll")), dll.imports().toString());
    }

    @Test
    void everyPlantDllExportsExactlyTheFmi2FunctionsAndImportsOnlySystemDlls() throws Exception {
        for (PlantFmu plant : PlantFmu.values()) {
            FmuFixture fmu = FmuFixture.plant(dir.resolve(plant.modelName()), plant);
            PeFile dll = PeFile.read(Files.readAllBytes(
                    fmu.directory().resolve("binaries/win64/" + plant.modelName() + ".dll")));
            assertEquals(PeFile.MACHINE_AMD64, dll.machine(), plant.modelName());
            assertEquals(allFmi2Functions(), new TreeSet<>(dll.exports()), plant.modelName());
            assertOnlySystemImports(plant.modelName(), dll);
        }
    }

    @Test
    void everyFmi3PlantDllExportsExactlyTheFmi3FunctionsAndImportsOnlySystemDlls() throws Exception {
        assertEquals(75, FMI3_FUNCTIONS.size());
        for (PlantFmu plant : PlantFmu.values()) {
            Path fmu = plant.copyFmi3To(dir);
            byte[] bytes;
            try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(fmu.toFile())) {
                ZipEntry entry = zip.getEntry("binaries/x86_64-windows/" + plant.modelName() + ".dll");
                assertTrue(entry != null, plant.modelName() + ": binaries/x86_64-windows/" + plant.modelName() + ".dll");
                bytes = zip.getInputStream(entry).readAllBytes();
            }
            PeFile dll = PeFile.read(bytes);
            assertEquals(PeFile.MACHINE_AMD64, dll.machine(), plant.modelName());
            assertEquals(FMI3_FUNCTIONS, new TreeSet<>(dll.exports()), plant.modelName());
            assertOnlySystemImports(plant.modelName(), dll);
        }
    }

    private static void assertOnlySystemImports(String what, PeFile dll) {
        assertTrue(!dll.imports().isEmpty(), what);
        for (String imported : dll.imports()) {
            assertTrue(Win64Binaries.isSystemDll(imported), what + " imports " + imported);
        }
    }

    @Test
    void theCheckerAcceptsTheWin64DllsOfABuiltFmu() throws Exception {
        FmuFixture fmu = FmuFixture.build(dir, "shim_test.json", "win64_ok");
        assertEquals(List.of(), win64Findings(fmu.fmu()));
    }

    @Test
    void theCheckerReportsAModelIdentifierWithoutADll() throws Exception {
        FmuFixture fmu = FmuFixture.build(dir, "shim_test.json", "win64_gone");
        Path renamed = rezip(fmu, "binaries/win64/win64_gone.dll", "binaries/win64/other.dll", null);
        List<Finding> findings = win64Findings(renamed);
        assertTrue(findings.stream().anyMatch(f -> f.isError() && f.where().equals("binaries/win64/win64_gone.dll")
                && f.message().startsWith("missing")), findings.toString());
    }

    @Test
    void theCheckerReportsAMissingExport() throws Exception {
        FmuFixture fmu = FmuFixture.build(dir, "shim_test.json", "win64_export");
        byte[] dll = Files.readAllBytes(fmu.directory().resolve("binaries/win64/win64_export.dll"));
        byte[] name = "fmi2DoStep\0".getBytes(StandardCharsets.US_ASCII);
        int patched = 0;
        for (int at = indexOf(dll, name, 0); at >= 0; at = indexOf(dll, name, at + 1)) {
            dll[at + "fmi2DoStep".length() - 1] = 'X'; // the export table (and any copy) now names fmi2DoSteX
            patched++;
        }
        assertTrue(patched > 0);
        Path broken = rezip(fmu, "binaries/win64/win64_export.dll", "binaries/win64/win64_export.dll", dll);
        List<Finding> findings = win64Findings(broken);
        assertTrue(findings.stream().anyMatch(f -> f.isError() && f.message().contains("does not export fmi2DoStep")
                && f.message().contains("<CoSimulation>")), findings.toString());
    }

    @Test
    void theCheckerReportsAFileThatIsNoDll() throws Exception {
        FmuFixture fmu = FmuFixture.build(dir, "shim_test.json", "win64_elf");
        byte[] elf = Files.readAllBytes(fmu.directory().resolve("binaries/linux64/win64_elf.so"));
        Path broken = rezip(fmu, "binaries/win64/win64_elf.dll", "binaries/win64/win64_elf.dll", elf);
        List<Finding> findings = win64Findings(broken);
        assertTrue(findings.stream().anyMatch(f -> f.isError() && f.message().startsWith("not a Windows DLL")),
                findings.toString());
        assertThrows(IllegalArgumentException.class, () -> PeFile.read(elf));
    }

    private static List<Finding> win64Findings(Path fmu) throws IOException {
        return Checker.check(fmu).findings().stream().filter(f -> f.where().startsWith("binaries/win64")).toList();
    }

    /** The FMU again with one entry renamed (and its bytes replaced when given). */
    private Path rezip(FmuFixture fmu, String from, String to, byte[] bytes) throws IOException {
        Path out = dir.resolve("changed-" + fmu.fmu().getFileName());
        List<Path> files;
        try (Stream<Path> walk = Files.walk(fmu.directory())) {
            files = new ArrayList<>(walk.filter(Files::isRegularFile).toList());
        }
        try (OutputStream file = Files.newOutputStream(out); ZipOutputStream zip = new ZipOutputStream(file)) {
            for (Path path : files) {
                String name = fmu.directory().relativize(path).toString().replace('\\', '/');
                boolean changed = name.equals(from);
                zip.putNextEntry(new ZipEntry(changed ? to : name));
                zip.write(changed && bytes != null ? bytes : Files.readAllBytes(path));
                zip.closeEntry();
            }
        }
        return out;
    }

    private static int indexOf(byte[] haystack, byte[] needle, int from) {
        outer:
        for (int i = from; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
