package org.btfmu.packager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An FMU built with --bundle-jre (one jlink per test run): it carries a runtime
 * with the server VM the shim looks for and exactly the chosen modules, and that
 * runtime runs what an FMU runs. That the shim then runs the FMU in a process
 * without any installed Java is shown by fmu-tests' FmuImporterTest.
 */
class BundledJreTest {

    @TempDir
    static Path dir;

    static Path extracted;
    static FmuPackager.BuiltFmu fmu;
    static Path jre;

    @BeforeAll
    static void buildAndExtract() throws Exception {
        fmu = new FmuPackager().build(TestMissions.minimal(),
                new FmuPackager.Options("bundled", true), dir.resolve("bundled.fmu"));
        extracted = dir.resolve("bundled").toAbsolutePath();
        extract(fmu.file(), extracted);
        jre = extracted.resolve("resources/jre");
    }

    @Test
    void runtimeHasTheServerVmTheShimLooksFor() {
        assertTrue(Files.isRegularFile(jre.resolve("lib/server/libjvm.so")));
    }

    /** With its class-data sharing archive (compressed oops only), which the JVM then uses. */
    @Test
    void runtimeSharesItsClassData() throws Exception {
        assertTrue(Files.isRegularFile(jre.resolve("lib/server/classes.jsa")));
        assertTrue(!Files.exists(jre.resolve(JreImage.UNUSED_CDS_ARCHIVE)));
        String version = run(List.of(jre.resolve("bin/java").toString(), "-Xshare:on", "-version"));
        assertTrue(version.contains("sharing"), version);
    }

    @Test
    void runtimeHoldsExactlyTheChosenModules() throws Exception {
        Set<String> modules = new TreeSet<>();
        for (String line : run(List.of(jre.resolve("bin/java").toString(), "--list-modules"))
                .split("\n")) {
            modules.add(line.strip().replaceAll("@.*", ""));
        }
        assertEquals(new TreeSet<>(JreImage.MODULES), modules);
    }

    @Test
    void runtimeStartsTheJavaItsDocumentationNames() throws Exception {
        String version = run(List.of(jre.resolve("bin/java").toString(), "-version"));
        String release = JreImage.release(jre, "JAVA_VERSION").orElseThrow();
        assertTrue(version.contains("\"" + release + "\""), version);
        assertTrue(dependencies().matches("(?s).*Java " + java.util.regex.Pattern.quote(release)
                + "( \\([^)]+\\))?, made with jlink.*"), dependencies());
    }

    /** The glibc the documentation states is the newest one any ELF file of the image needs. */
    @Test
    void documentationStatesTheGlibcTheRuntimeNeeds() throws Exception {
        GlibcVersion needed = JreImage.glibcNeededBy(jre).orElseThrow();
        assertTrue(dependencies().contains("its binaries need glibc " + needed + " or newer"),
                dependencies());
    }

    /** With a portable JDK installed (e.g. Temurin beside Debian's OpenJDK), that one is bundled. */
    @Test
    void aPortableJdkIsPreferredWhenOneIsInstalled() throws Exception {
        Path own = Path.of(System.getProperty("java.home"));
        org.junit.jupiter.api.Assumptions.assumeTrue(JreImage.portableJdk(own).isPresent(),
                "no JDK beside " + own + " needs only glibc " + GlibcVersion.BASELINE);
        GlibcVersion needed = JreImage.glibcNeededBy(jre).orElseThrow();
        assertTrue(needed.compareTo(GlibcVersion.BASELINE) <= 0, "the image needs glibc " + needed);
    }

    private static String dependencies() throws IOException {
        try (ZipFile zip = ZipFile.builder().setPath(fmu.file()).get();
                InputStream in = zip.getInputStream(zip.getEntry("documentation/externalDependencies.txt"))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void runtimeRunsEveryExampleAndReachesCMemory() throws Exception {
        List<String> command = new ArrayList<>(List.of(jre.resolve("bin/java").toString(), "-cp",
                extracted.resolve("resources/lib/bt-fmu-runtime.jar") + java.io.File.pathSeparator
                        + "target/test-classes",
                RuntimeProbe.class.getName()));
        List<Path> examples = ExamplesTest.examples();
        examples.forEach(p -> command.add(p.toString()));
        String output = run(command);
        for (Path example : examples) {
            assertTrue(output.contains(example + ": "), output);
        }
        assertTrue(output.contains("C memory: 2.5"), output);
    }

    @Test
    void runtimeFilesComeSortedAfterTheRestAndKeepTheirExecutableBit() throws Exception {
        List<String> names = FmuPackagerTest.names(fmu.file());
        int first = names.indexOf("resources/jre/");
        List<String> jreFiles = names.subList(first, names.size()).stream()
                .filter(n -> !n.endsWith("/")).toList();
        assertTrue(first > names.indexOf("resources/lib/bt-fmu-runtime.jar"), names.toString());
        assertEquals(jreFiles.stream().sorted().toList(), jreFiles);
        try (ZipFile zip = ZipFile.builder().setPath(fmu.file()).get()) {
            assertEquals(0755, zip.getEntry("resources/jre/bin/java").getUnixMode() & 0777);
            assertEquals(0644, zip.getEntry("resources/jre/release").getUnixMode() & 0777);
        }
    }

    /** Runs a command without JAVA_HOME or BTFMU_LIBJVM; returns its output; fails on a non-zero exit. */
    private static String run(List<String> command) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().remove("JAVA_HOME");
        builder.environment().remove("BTFMU_LIBJVM");
        builder.environment().remove("JAVA_TOOL_OPTIONS");
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "still running: " + command);
        assertEquals(0, process.exitValue(), String.join(" ", command) + "\n" + output);
        return output;
    }

    /** Extracts as unzip does, with the files' Unix permissions (bin/java stays executable). */
    private static void extract(Path fmu, Path directory) throws IOException {
        try (ZipFile zip = ZipFile.builder().setPath(fmu).get()) {
            for (ZipArchiveEntry entry : Collections.list(zip.getEntries())) {
                Path target = directory.resolve(entry.getName()).normalize();
                assertTrue(target.startsWith(directory), entry.getName());
                if (entry.isDirectory()) {
                    Files.createDirectories(target);
                    continue;
                }
                Files.createDirectories(target.getParent());
                try (InputStream in = zip.getInputStream(entry)) {
                    Files.copy(in, target);
                }
                if ((entry.getUnixMode() & 0100) != 0) {
                    Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(target);
                    permissions.add(PosixFilePermission.OWNER_EXECUTE);
                    Files.setPosixFilePermissions(target, permissions);
                }
            }
        }
    }
}
