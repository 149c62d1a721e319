package org.btfmu.fmutests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the FMI call fuzzer (src/test/c/fuzz.c, built by Maven) with fixed seeds against two
 * FMUs built by the packager, in a process without a JVM until the shim starts one. The oracle
 * is the Co-Simulation calling-sequence table transcribed from the specification
 * (fmu-wrapper's test resource). {@code fmu-tests/fuzz.sh N} runs any number of sequences.
 */
class FmuFuzzTest {

    static final Path FUZZER = Path.of("target/fuzz").toAbsolutePath();
    static final Path TABLE = Path.of("../fmu-wrapper/src/test/resources/fmi2-calling-sequence.txt")
            .toAbsolutePath();
    static final int SEQUENCES = 10_000;

    @Test
    void tenThousandFixedSeedsFollowTheCallingSequenceTable() throws Exception {
        Path progress = Path.of("target/fuzz-progress.txt").toAbsolutePath();
        Process process = fuzz(TABLE, 1, SEQUENCES, progress);
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(5, TimeUnit.MINUTES), "the fuzzer did not end");
        int exit = process.exitValue();
        String seeds = Files.exists(progress) ? Files.readString(progress) : "";
        assertEquals(0, exit, "fuzzer exit " + exit + (exit > 128 ? " (signal " + (exit - 128)
                + "; seeds in progress, per thread:\n" + seeds + ")" : "") + ":\n" + output);
        assertTrue(output.contains("fuzz: " + SEQUENCES + " sequences"), output);
    }

    /** The oracle is not vacuous: a table that wrongly allows fmi2DoStep before initialization fails. */
    @Test
    void aWrongTableIsCaughtWithTheSeedsThatShowIt(@TempDir Path dir) throws Exception {
        Path wrong = dir.resolve("wrong-table.txt");
        Files.writeString(wrong, Files.readString(TABLE).replaceAll(
                "(?m)^fmi2DoStep(\\s+)\\.\\.x", "fmi2DoStep$1x.x"));
        Process process = fuzz(wrong, 1, 300, dir.resolve("progress.txt"));
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(2, TimeUnit.MINUTES), "the fuzzer did not end");
        assertEquals(1, process.exitValue(), output);
        assertTrue(output.matches("(?s).*FAIL seed=\\d+: call #\\d+: fmi2DoStep\\(.*\\) in state"
                + " instantiated returned fmi2Error for a legal call.*"), output);
    }

    private static Process fuzz(Path table, int firstSeed, int count, Path progress) throws Exception {
        FmuFixture a = FmuFixture.build(Path.of("target/fixtures"), "shim_test.json", "fuzz_a");
        FmuFixture b = FmuFixture.build(Path.of("target/fixtures"), "shim_test.json", "fuzz_b");
        ProcessBuilder builder = new ProcessBuilder(List.of(FUZZER.toString(), table.toString(),
                a.directory().toString(), a.guid(), b.directory().toString(), b.guid(),
                Integer.toString(firstSeed), Integer.toString(count), "2")).redirectErrorStream(true);
        builder.environment().remove("BTFMU_LIBJVM");
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().put("FUZZ_PROGRESS", progress.toString());
        return builder.start();
    }
}
