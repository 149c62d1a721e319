package org.btfmu.fmutests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the FMI call fuzzer (src/test/c/fuzz.c, built by Maven) with fixed seeds against two
 * FMUs built by the packager, in a process without a JVM until the shim starts one, once per
 * interface. The oracle is the calling-sequence table transcribed from the specification
 * (fmu-wrapper's test resources: Co-Simulation 4.2.4, Model Exchange 3.2.3); the table's
 * columns tell the fuzzer which interface to instantiate. {@code fmu-tests/fuzz.sh} runs any
 * number of sequences.
 */
class FmuFuzzTest {

    static final Path FUZZER = Path.of("target/fuzz").toAbsolutePath();
    static final Path TABLE = Path.of("../fmu-wrapper/src/test/resources/fmi2-calling-sequence.txt")
            .toAbsolutePath();
    static final Path ME_TABLE = Path.of("../fmu-wrapper/src/test/resources/fmi2-me-calling-sequence.txt")
            .toAbsolutePath();
    static final int SEQUENCES = 10_000;

    @Test
    void tenThousandFixedSeedsFollowTheCallingSequenceTable() throws Exception {
        assertAllPass(TABLE, missions(), SEQUENCES, false);
    }

    /**
     * The second FMU is a pure discrete-time mission (no event indicators, no states), for which
     * fmi2SetTime is also allowed in Event Mode after fmi2NewDiscreteStates (condition 8).
     */
    @Test
    void tenThousandFixedSeedsFollowTheModelExchangeTable() throws Exception {
        FmuFixture discrete = FmuFixture.build(Path.of("target/fixtures"), "discrete_test.json", "fuzz_discrete");
        assertTrue(Files.readString(discrete.directory().resolve("modelDescription.xml"))
                .contains("numberOfEventIndicators=\"0\""), "pure discrete-time");
        assertAllPass(ME_TABLE, List.of(missions().get(0), discrete), SEQUENCES, false);
    }

    /**
     * The plant FMUs have continuous states (nx > 0), so Model Exchange's state arrays are used
     * for real. Lenient (crashes, hangs, fmi2Fatal and errors without a message only) because two
     * departures remain, see {@link #plantFmusDepartFromTheTablesOnlyWhereTheyMayOrMust}.
     */
    @Test
    void plantFmusWithContinuousStatesSurviveModelExchangeSequences() throws Exception {
        Path fixtures = Path.of("target/fixtures");
        FmuFixture point = FmuFixture.plant(fixtures, PlantFmu.POINT_MASS_AIRCRAFT);
        FmuFixture solar = FmuFixture.plant(fixtures, PlantFmu.SOLAR_AIRCRAFT);
        assertTrue(Files.readString(point.directory().resolve("modelDescription.xml")).contains("<Derivatives>"));
        assertAllPass(ME_TABLE, List.of(point, solar), 2_000, true);
    }

    /**
     * The strict oracle against the plants, both interfaces: every failure is one of the two known
     * departures. (1) The FMU-state functions are refused: the plants declare
     * canGetAndSetFMUstate="false" (the default) and the fuzzer does not read capability flags.
     * (2) Inputs are accepted in state instantiated, where FMI 2.0.5 §2.2.7 allows only
     * initial="exact"/"approx" variables: javafmi's high-level API (Simulation.writeVariable before
     * init) relies on it, so refusing it would break importers. (3) A NaN or infinite Real input
     * is accepted: the plants have no mission, hence no nonFinite option (they refuse a non-finite
     * output instead). (4) A status kind that is none is answered fmi2Discard, not fmi2Error. A
     * sequence stops at its first failure, so this checks the sequences' prefixes up to the
     * first such call.
     */
    @Test
    void plantFmusDepartFromTheTablesOnlyWhereTheyMayOrMust() throws Exception {
        Path fixtures = Path.of("target/fixtures");
        List<FmuFixture> plants = List.of(FmuFixture.plant(fixtures, PlantFmu.POINT_MASS_AIRCRAFT),
                FmuFixture.plant(fixtures, PlantFmu.SOLAR_AIRCRAFT));
        for (Path table : List.of(TABLE, ME_TABLE)) {
            Process process = fuzz(table, plants, 2_000, Path.of("target/fuzz-progress.txt").toAbsolutePath(), false);
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(process.waitFor(5, TimeUnit.MINUTES), "the fuzzer did not end");
            assertTrue(output.contains("fuzz: 2000 sequences"), output);
            List<String> unexpected = output.lines().filter(line -> line.startsWith("FAIL"))
                    .filter(line -> !line.matches("FAIL seed=\\d+: call #\\d+: fmi2\\w*FMUstate\\w*\\(.*")
                            && !line.matches("FAIL seed=\\d+: call #\\d+: fmi2Set(Real|Integer|Boolean|String)\\(n=\\d+,"
                                    + " valid, .*\\) in state instantiated returned 0, expected fmi2Error.*")
                            && !line.matches("FAIL seed=\\d+: call #\\d+: fmi2SetReal\\(n=\\d+, non-finite, .*\\)"
                                    + " in state \\w+ returned 0, expected fmi2Error.*")
                            && !line.matches("FAIL seed=\\d+: call #\\d+: fmi2Get\\w*Status\\(kind=4\\) in state \\w+"
                                    + " returned 2, expected fmi2Error.*"))
                    .toList();
            assertTrue(unexpected.isEmpty(), table.getFileName() + ":\n" + String.join("\n", unexpected));
        }
    }

    /** The oracle is not vacuous: a table that wrongly allows fmi2DoStep before initialization fails. */
    @Test
    void aWrongTableIsCaughtWithTheSeedsThatShowIt(@TempDir Path dir) throws Exception {
        String output = failingRun(dir, TABLE, "(?m)^fmi2DoStep(\\s+)\\.\\.x", "fmi2DoStep$1x.x");
        assertTrue(output.matches("(?s).*FAIL seed=\\d+: call #\\d+: fmi2DoStep\\(.*\\) in state"
                + " instantiated returned fmi2Error for a legal call.*"), output);
    }

    /** The same for Model Exchange: a table that allows fmi2SetTime before initialization fails. */
    @Test
    void aWrongModelExchangeTableIsCaughtWithTheSeedsThatShowIt(@TempDir Path dir) throws Exception {
        String output = failingRun(dir, ME_TABLE, "(?m)^fmi2SetTime(\\s+)\\.\\.8x", "fmi2SetTime$1x.8x");
        assertTrue(output.matches("(?s).*FAIL seed=\\d+: call #\\d+: fmi2SetTime\\(.*\\) in state"
                + " instantiated returned fmi2Error for a legal call.*"), output);
    }

    private static List<FmuFixture> missions() throws Exception {
        return List.of(FmuFixture.build(Path.of("target/fixtures"), "shim_test.json", "fuzz_a"),
                FmuFixture.build(Path.of("target/fixtures"), "shim_test.json", "fuzz_b"));
    }

    private static void assertAllPass(Path table, List<FmuFixture> fmus, int count, boolean lenient)
            throws Exception {
        Path progress = Path.of("target/fuzz-progress.txt").toAbsolutePath();
        Process process = fuzz(table, fmus, count, progress, lenient);
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(5, TimeUnit.MINUTES), "the fuzzer did not end");
        int exit = process.exitValue();
        String seeds = Files.exists(progress) ? Files.readString(progress) : "";
        assertEquals(0, exit, "fuzzer exit " + exit + (exit > 128 ? " (signal " + (exit - 128)
                + "; seeds in progress, per thread:\n" + seeds + ")" : "") + ":\n" + output);
        assertTrue(output.contains("fuzz: " + count + " sequences"), output);
    }

    /** A run with the table edited by the regular expression: it must fail (exit 1); its output. */
    private static String failingRun(Path dir, Path table, String regex, String replacement) throws Exception {
        Path wrong = dir.resolve("wrong-table.txt");
        String text = Files.readString(table);
        String edited = text.replaceAll(regex, replacement);
        assertTrue(!edited.equals(text), "the edit applies to " + table);
        Files.writeString(wrong, edited);
        Process process = fuzz(wrong, missions(), 300, dir.resolve("progress.txt"), false);
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(2, TimeUnit.MINUTES), "the fuzzer did not end");
        assertEquals(1, process.exitValue(), output);
        return output;
    }

    private static Process fuzz(Path table, List<FmuFixture> fmus, int count, Path progress, boolean lenient)
            throws Exception {
        FmuFixture a = fmus.get(0);
        FmuFixture b = fmus.get(1);
        ProcessBuilder builder = new ProcessBuilder(List.of(FUZZER.toString(), table.toString(),
                a.directory().toString(), a.guid(), b.directory().toString(), b.guid(),
                "1", Integer.toString(count), "2")).redirectErrorStream(true);
        builder.environment().remove("BTFMU_LIBJVM");
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().put("FUZZ_PROGRESS", progress.toString());
        if (lenient) {
            builder.environment().put("FUZZ_LENIENT", "1");
        }
        return builder.start();
    }
}
