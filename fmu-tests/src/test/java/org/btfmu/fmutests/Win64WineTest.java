package org.btfmu.fmutests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The win64 DLLs run under Wine (Debian wine64), driven by src/test/c/plant_steps.c built twice,
 * natively and with MinGW-w64: every plant FMU's outputs over 200 steps equal linux64's bit for
 * bit, and the shim without any Java returns NULL from fmi2Instantiate with a message listing
 * every place it looked. Skipped, saying so, where Wine or MinGW-w64 is absent.
 */
class Win64WineTest {

    @TempDir
    static Path dir;

    private static Path linuxImporter;
    private static Path windowsImporter;

    @BeforeAll
    static void buildTheImporters() throws Exception {
        Wine.assumeInstalled();
        linuxImporter = dir.resolve("plant_steps");
        windowsImporter = dir.resolve("plant_steps.exe");
        String source = Path.of("src/test/c/plant_steps.c").toAbsolutePath().toString();
        String include = "-I" + Path.of("../native/include").toAbsolutePath();
        Wine.run(dir, List.of("gcc", "-std=c11", "-D_GNU_SOURCE", "-Wall", "-Wextra", "-Werror", include, "-o",
                linuxImporter.toString(), source, "-ldl"), Map.of());
        Wine.run(dir, List.of(Wine.MINGW, "-std=c11", "-Wall", "-Wextra", "-Werror", include, "-o",
                windowsImporter.toString(), source), Map.of());
    }

    @Test
    void everyPlantRunsUnderWineBitForBitLikeLinux() throws Exception {
        for (PlantFmu plant : PlantFmu.values()) {
            FmuFixture fmu = FmuFixture.plant(dir.resolve(plant.modelName()), plant);
            String references = String.valueOf(referenceCount(fmu.directory()));
            Path resources = fmu.directory().resolve("resources");
            String linux = Wine.run(dir, List.of(linuxImporter.toString(),
                    fmu.directory().resolve("binaries/linux64/" + plant.modelName() + ".so").toString(),
                    fmu.guid(), resources.toUri().toString(), references), Map.of()).stdout();
            String windows = Wine.wine(dir, List.of(windowsImporter.toString(),
                    Wine.windowsPath(fmu.directory().resolve("binaries/win64/" + plant.modelName() + ".dll")),
                    fmu.guid(), Wine.windowsUri(resources), references), Map.of()).stdout();
            assertTrue(linux.startsWith("version 2.0 platform default\ninstance created\n"), plant + ": " + linux);
            assertTrue(linux.lines().count() > 200, plant.modelName());
            assertEquals(linux, windows, plant.modelName() + ": win64 under Wine differs from linux64");
        }
    }

    @Test
    void theShimWithoutJavaListsEveryPlaceItLooked() throws Exception {
        FmuFixture fmu = FmuFixture.build(dir.resolve("shim"), "shim_test.json", "wine_shim");
        Wine.Result result = Wine.wine(dir, List.of(windowsImporter.toString(),
                Wine.windowsPath(fmu.directory().resolve("binaries/win64/wine_shim.dll")), fmu.guid(),
                Wine.windowsUri(fmu.directory().resolve("resources"))), Map.of("JAVA_HOME", "", "BTFMU_LIBJVM", ""));
        assertEquals("version 2.0 platform default\ninstance NULL\n", result.stdout());
        for (String place : List.of("a jvm.dll in the process", "BTFMU_LIBJVM (unset)",
                "resources\\jre\\bin\\server\\jvm.dll", "JAVA_HOME (unset)", "java.exe on PATH",
                "HKLM\\SOFTWARE\\JavaSoft\\JDK", "HKLM\\SOFTWARE\\JavaSoft\\JRE",
                "HKLM\\SOFTWARE\\Eclipse Adoptium\\JDK", "HKLM\\SOFTWARE\\Eclipse Adoptium\\JRE")) {
            assertTrue(result.stderr().contains(place), place + " not in: " + result.stderr());
        }
        assertTrue(result.stderr().contains("fmi2Instantiate: no Java runtime found"), result.stderr());
    }

    /** The highest value reference in the description, plus one. */
    private static int referenceCount(Path fmu) throws IOException {
        Matcher m = Pattern.compile("valueReference=\"(\\d+)\"").matcher(Files.readString(fmu.resolve("modelDescription.xml")));
        int count = 0;
        while (m.find()) {
            count = Math.max(count, Integer.parseInt(m.group(1)) + 1);
        }
        return count;
    }
}
