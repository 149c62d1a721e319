package org.btfmu.fmutests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.btfmu.packager.ElfFile;
import org.btfmu.packager.GlibcVersion;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every binary an FMU carries loads on glibc 2.17 (RHEL 7/8, Ubuntu 20.04, Debian 11 …): the
 * symbol versions it needs, read from the ELF files themselves, are none newer. (A bundled
 * runtime's glibc is checked, and documented, by the packager's BundledJreTest.)
 */
class GlibcBaselineTest {

    @TempDir
    Path dir;

    @Test
    void theMissionFmuShimNeedsNoNewerGlibc() throws Exception {
        FmuFixture fmu = FmuFixture.build(dir, "shim_test.json", "glibc_test");
        List<ElfFile> binaries = binaries(fmu.fmu());
        assertEquals(1, binaries.size(), "one shim");
        assertBaseline(binaries);
    }

    @Test
    void everyPlantFmuBinaryNeedsNoNewerGlibc() throws Exception {
        for (PlantFmu plant : PlantFmu.values()) {
            List<ElfFile> binaries = binaries(plant.copyTo(dir));
            assertFalse(binaries.isEmpty(), plant.modelName());
            assertBaseline(binaries);
        }
    }

    @Test
    void everyFmi3PlantFmuBinaryNeedsNoNewerGlibc() throws Exception {
        for (PlantFmu plant : PlantFmu.values()) {
            List<ElfFile> binaries = binaries(plant.copyFmi3To(dir), "binaries/x86_64-linux/");
            assertFalse(binaries.isEmpty(), plant.modelName());
            assertBaseline(binaries);
        }
    }

    /**
     * The shim binds dlopen to its first version, which lives in libdl.so.2 before glibc 2.34
     * (in libc.so.6 after): so libdl.so.2 must be loaded with it.
     */
    @Test
    void theShimTakesDlopenInItsOldVersionFromLibdl() throws Exception {
        FmuFixture fmu = FmuFixture.build(dir, "shim_test.json", "glibc_dl");
        ElfFile shim = binaries(fmu.fmu()).get(0);
        assertTrue(shim.needed().contains("libdl.so.2"), shim.needed().toString());
        assertTrue(shim.neededVersions().stream().anyMatch(v -> v.version().equals("GLIBC_2.2.5")
                && v.symbols().contains("dlopen")), shim.neededVersions().toString());
    }

    private static void assertBaseline(List<ElfFile> binaries) {
        for (ElfFile binary : binaries) {
            for (ElfFile.NeededVersion needed : binary.neededVersions()) {
                GlibcVersion.ofSymbolVersion(needed.version()).ifPresent(version -> assertTrue(
                        version.compareTo(GlibcVersion.BASELINE) <= 0,
                        binary.name() + " needs " + needed.version() + " from " + needed.file()
                                + " for " + needed.symbols() + "; the baseline is glibc "
                                + GlibcVersion.BASELINE + " (see native/include/glibc_baseline.h)"));
            }
        }
    }

    /** The ELF files under binaries/linux64/ in an .fmu archive. */
    private static List<ElfFile> binaries(Path fmu) throws IOException {
        return binaries(fmu, "binaries/linux64/");
    }

    /** The ELF files under the folder (FMI 2.0 binaries/linux64/, FMI 3.0 binaries/x86_64-linux/). */
    private static List<ElfFile> binaries(Path fmu, String folder) throws IOException {
        List<ElfFile> binaries = new ArrayList<>();
        try (ZipFile zip = new ZipFile(fmu.toFile())) {
            for (ZipEntry entry : Collections.list(zip.entries())) {
                if (entry.getName().startsWith(folder) && !entry.isDirectory()) {
                    try (InputStream in = zip.getInputStream(entry)) {
                        binaries.add(ElfFile.of(fmu.getFileName() + "!/" + entry.getName(),
                                in.readAllBytes()));
                    }
                }
            }
        }
        assertTrue(Files.size(fmu) > 0);
        return binaries;
    }
}
