package org.btfmu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGINT and SIGTERM sent to a real {@code bt-fmu} process while it simulates: the folders of the
 * unpacked FMUs are gone afterwards, and the JVM ends by the signal, not by a crash (no hs_err file).
 */
class InterruptedRunTest {

    @TempDir
    static Path shared;

    private static Path mission;

    @TempDir
    Path dir;

    @BeforeAll
    static void buildMission() throws Exception {
        Path json = Files.writeString(shared.resolve("hold.json"), """
                {"name": "hold", "variables": [
                  {"name": "x", "causality": "input", "type": "Real"},
                  {"name": "y", "causality": "output", "type": "Real"}],
                 "tree": {"type": "Root", "name": "hold", "children": [
                   {"type": "Action", "name": "copy", "outputs": {"y": "x"}}]}}
                """);
        mission = shared.resolve("hold.fmu");
        Console built = Console.run("build", json.toString(), "-o", mission.toString(), "--no-check");
        assertEquals(0, built.exit(), built.err());
    }

    /**
     * A bt-fmu process with its own temporary directory and working directory, and SIGINT at its
     * default as in a terminal: a build started in the background of a non-interactive shell
     * inherits SIGINT ignored, and a JVM leaves an ignored SIGINT ignored.
     */
    private Process start(Path tmp, Path work, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("env", "--default-signal=INT",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + tmp, "-Djava.awt.headless=true",
                "--add-opens", "java.prefs/java.util.prefs=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), BtFmu.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).directory(work.toFile())
                .redirectOutput(work.resolve("stdout.txt").toFile())
                .redirectError(work.resolve("stderr.txt").toFile()).start();
    }

    private static List<String> leftovers(Path directory, String... prefixes) throws IOException {
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.map(p -> p.getFileName().toString())
                    .filter(n -> Stream.of(prefixes).anyMatch(n::startsWith)).sorted().toList();
        }
    }

    /** Waits until the process has unpacked an FMU named {@code fmuName} (and, if given, printed {@code line}). */
    private static void awaitRunning(Process process, Path tmp, Path work, String fmuName, String line)
            throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            assertTrue(process.isAlive(), "ended early: " + Files.readString(work.resolve("stderr.txt")));
            if (!leftovers(tmp, "bt-fmu-" + fmuName + "-").isEmpty()
                    && (line == null || Files.readString(work.resolve("stdout.txt")).contains(line))) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("never started: " + Files.readString(work.resolve("stderr.txt")));
    }

    private void signal(Process process, String signal) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + signal, String.valueOf(process.pid())).start();
        assertEquals(0, kill.waitFor());
    }

    /**
     * Signals a simulate process a few seconds into its run (the FMU calls are compiled by then;
     * javafmi's shutdown hook, which unloaded the FMU libraries under them, crashed it every time).
     */
    private void interruptSimulate(String signal, int exitCode, boolean withMission) throws Exception {
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        Path work = Files.createDirectory(dir.resolve("work"));
        Path plant = PlantFmu.EXPONENTIAL_DECAY.copyTo(dir);
        List<String> args = new ArrayList<>(List.of("simulate", "--fmu", "plant=" + plant, "--stop", "1e7", "--step",
                "0.01", "--max-steps", "1000000000", "-o", work.resolve("out").toString()));
        if (withMission) {
            args.addAll(List.of("--fmu", "mission=" + mission));
        }
        Process process = start(tmp, work, args.toArray(String[]::new));
        try {
            awaitRunning(process, tmp, work, "plant", "simulating");
            assertEquals(withMission ? List.of("bt-fmu-mission-", "bt-fmu-plant-") : List.of("bt-fmu-plant-"),
                    leftovers(tmp, "bt-fmu-").stream().map(n -> n.substring(0, n.lastIndexOf('-') + 1)).toList(),
                    "the FMUs are unpacked");
            Thread.sleep(4000);
            assertTrue(process.isAlive(), Files.readString(work.resolve("stderr.txt")));
            signal(process, signal);
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), "ends after " + signal);
            assertEquals(List.of(), leftovers(work, "hs_err_pid"), "the JVM crashed");
            assertEquals(exitCode, process.exitValue(), Files.readString(work.resolve("stderr.txt")));
        } finally {
            process.destroyForcibly();
        }
        assertEquals(List.of(), leftovers(tmp, "bt-fmu-", "fmu_"), "temporary folders left after " + signal);
    }

    @Test
    void sigtermDuringSimulateLeavesNoTemporaryFoldersAndNoCrash() throws Exception {
        interruptSimulate("TERM", 143, false);
    }

    @Test
    void sigintDuringSimulateOfAMissionLeavesNoTemporaryFoldersAndNoCrash() throws Exception {
        interruptSimulate("INT", 130, true);
    }

    @Test
    void sigtermDuringDemoLeavesNoTemporaryFolders() throws Exception {
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        Path work = Files.createDirectory(dir.resolve("work"));
        Process process = start(tmp, work, "demo", "-o", work.resolve("demo").toString());
        try {
            awaitRunning(process, tmp, work, "mission", null);
            signal(process, "TERM");
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), "ends after TERM");
            assertEquals(143, process.exitValue(), Files.readString(work.resolve("stderr.txt")));
        } finally {
            process.destroyForcibly();
        }
        assertEquals(List.of(), leftovers(work, "hs_err_pid"), "the JVM crashed");
        assertEquals(List.of(), leftovers(tmp, "bt-fmu-", "fmu_"), "temporary folders left after TERM");
    }
}
