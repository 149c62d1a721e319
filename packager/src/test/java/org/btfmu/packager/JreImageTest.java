package org.btfmu.packager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The jlink'ed runtime of --bundle-jre: made once, it starts and runs what an FMU runs. */
class JreImageTest {

    @TempDir
    static Path dir;

    static Path jre;

    @BeforeAll
    static void makeImage() throws Exception {
        jre = dir.resolve("jre");
        JreImage.create(jre);
    }

    @Test
    void imageHasTheServerVmTheShimLooksFor() {
        assertTrue(Files.isRegularFile(jre.resolve("lib/server/libjvm.so")));
    }

    @Test
    void imageHoldsExactlyTheChosenModules() throws Exception {
        Set<String> modules = new TreeSet<>();
        for (String line : run(List.of(jre.resolve("bin/java").toString(), "--list-modules"))
                .split("\n")) {
            modules.add(line.strip().replaceAll("@.*", ""));
        }
        assertEquals(new TreeSet<>(JreImage.MODULES), modules);
    }

    @Test
    void imageStartsJava() throws Exception {
        String version = run(List.of(jre.resolve("bin/java").toString(), "-version"));
        assertTrue(version.contains("\"" + Runtime.version().feature() + "."), version);
    }

    @Test
    void imageRunsEveryExampleAndJna() throws Exception {
        List<String> command = new ArrayList<>(List.of(jre.resolve("bin/java").toString(), "-cp",
                Path.of("target/classes", RuntimeFiles.RUNTIME_JAR_RESOURCE) + java.io.File.pathSeparator
                        + "target/test-classes",
                RuntimeProbe.class.getName()));
        List<Path> examples = ExamplesTest.examples();
        examples.forEach(p -> command.add(p.toString()));
        String output = run(command);
        for (Path example : examples) {
            assertTrue(output.contains(example + ": "), output);
        }
        assertTrue(output.contains("jna: 2.5"), output);
    }

    @Test
    void entriesAreSortedAndKeepExecutables() throws Exception {
        List<FmuArchive.Entry> entries = JreImage.entries(jre, "resources/jre/");
        List<String> paths = entries.stream().map(FmuArchive.Entry::path).toList();
        assertEquals(paths.stream().sorted().toList(), paths);
        try (Stream<Path> files = Files.walk(jre)) {
            assertEquals(files.filter(Files::isRegularFile).count(), entries.size());
        }
        assertTrue(entries.stream().anyMatch(e -> e.path().equals("resources/jre/bin/java")
                && e.executable()));
        assertTrue(entries.stream().anyMatch(e -> e.path().equals("resources/jre/lib/server/libjvm.so")));
    }

    /** Runs a command with no JAVA_HOME; returns stdout+stderr, fails on a non-zero exit. */
    private static String run(List<String> command) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().remove("JAVA_HOME");
        builder.environment().remove("JAVA_TOOL_OPTIONS");
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "still running: " + command);
        assertEquals(0, process.exitValue(), command.stream().collect(Collectors.joining(" "))
                + "\n" + output);
        return output;
    }
}
