package org.btfmu.cosim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The FMUs of a coupling load side by side, with the result and errors of loading them in order. */
class ParallelLoadingTest {

    @TempDir
    Path dir;

    @Test
    void theFmusComeInTheGivenOrder() {
        Path feedthrough = PlantFmu.FEEDTHROUGH.copyTo(dir);
        Path decay = PlantFmu.EXPONENTIAL_DECAY.copyTo(dir);
        List<CoSimulation.FmuSpec> specs = List.of(new CoSimulation.FmuSpec("x", feedthrough),
                new CoSimulation.FmuSpec("y", decay), new CoSimulation.FmuSpec("z", feedthrough));
        try (CoSimulation sim = CoSimulation.load(specs, m -> { })) {
            assertEquals(List.of("x", "y", "z"), sim.fmus().stream().map(FmuInstance::name).toList());
            assertEquals(List.of(PlantFmu.FEEDTHROUGH.modelName(), PlantFmu.EXPONENTIAL_DECAY.modelName(),
                    PlantFmu.FEEDTHROUGH.modelName()), sim.fmus().stream().map(FmuInstance::modelName).toList());
        }
    }

    /**
     * A failure found late (the missing binary, after unpacking) before one found at once (no such
     * file): the late one is reported, as loading in order reports it, every time; the FMU that
     * did load is closed (its folders gone).
     */
    @Test
    void theFirstFailureInTheGivenOrderIsReportedAndTheLoadedFmusAreClosed() throws Exception {
        Path good = PlantFmu.FEEDTHROUGH.copyTo(dir);
        Path noBinary = withoutBinaries(good, dir.resolve("nobinary.fmu"));
        Path missing = dir.resolve("missing.fmu");
        String name = "parallel" + ProcessHandle.current().pid();
        List<CoSimulation.FmuSpec> specs = List.of(new CoSimulation.FmuSpec(name + "good", good),
                new CoSimulation.FmuSpec(name + "late", noBinary), new CoSimulation.FmuSpec(name + "missing", missing));
        String inOrder = assertThrows(CoSimulationException.class,
                () -> FmuInstance.load(name + "late", noBinary, m -> { }).close()).getMessage();
        assertEquals(noBinary + ": the FMU has no binary for this platform (binaries/linux64/Feedthrough.so is not"
                + " in the archive)", inOrder);
        for (int i = 0; i < 5; i++) {
            CoSimulationException e = assertThrows(CoSimulationException.class,
                    () -> CoSimulation.load(specs, m -> { }).close());
            assertEquals(inOrder, e.getMessage());
            assertEquals(List.of(), leftBehind(name), "the loaded FMU is closed, the failed ones cleaned up");
        }
    }

    private static List<String> leftBehind(String name) throws IOException {
        try (Stream<Path> files = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return files.map(p -> p.getFileName().toString()).filter(f -> f.contains(name)).toList();
        }
    }

    /** A copy of {@code fmu} without its binaries/ folder. */
    private static Path withoutBinaries(Path fmu, Path copy) throws IOException {
        try (ZipFile zip = new ZipFile(fmu.toFile());
                OutputStream file = Files.newOutputStream(copy);
                ZipOutputStream out = new ZipOutputStream(file)) {
            for (Enumeration<? extends ZipEntry> entries = zip.entries(); entries.hasMoreElements();) {
                ZipEntry entry = entries.nextElement();
                if (!entry.getName().startsWith("binaries/")) {
                    out.putNextEntry(new ZipEntry(entry.getName()));
                    zip.getInputStream(entry).transferTo(out);
                    out.closeEntry();
                }
            }
        }
        return copy;
    }
}
