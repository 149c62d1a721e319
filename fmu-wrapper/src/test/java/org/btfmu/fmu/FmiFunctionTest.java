package org.btfmu.fmu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The calling-sequence table against the spec's (a transcription kept as test data, so the
 * test runs anywhere; checked against the FMI 2.0.5 text itself where that lies beside the repository).
 */
class FmiFunctionTest {

    /** Functions of the spec's table the slave does not see (no instance exists yet, or the shim answers). */
    private static final Set<String> SHIM_ONLY = Set.of("fmi2GetTypesPlatform", "fmi2GetVersion",
            "fmi2Instantiate");

    @Test
    void tableMatchesTheSpecification() throws IOException {
        Map<String, String> spec = transcribedTable();
        Map<String, String> ours = new LinkedHashMap<>();
        for (FmiFunction function : FmiFunction.values()) {
            ours.put(function.fmiName(), Arrays.stream(FmiState.values())
                    .map(state -> String.valueOf(function.cell(state))).collect(Collectors.joining()));
        }
        spec.keySet().removeAll(SHIM_ONLY);
        assertEquals(spec, ours);
    }

    /** Where the specification's text lies beside the repository (as in CI), the transcription must match it. */
    @Test
    void transcriptionMatchesTheSpecificationText() throws IOException {
        Path spec = specDirectory();
        Assumptions.assumeTrue(spec != null, "the FMI 2.0.5 text is not beside the repository");
        assertEquals(specTable(spec.resolve("4_2_co-simulation_api.adoc")), transcribedTable());
    }

    @Test
    void doStepOnlyWhenAStepIsComplete() {
        for (FmiState state : FmiState.values()) {
            assertEquals(state == FmiState.STEP_COMPLETE, FmiFunction.DO_STEP.allowedIn(state), state.name());
        }
    }

    @Test
    void nothingIsAllowedAfterFatal() {
        for (FmiFunction function : FmiFunction.values()) {
            assertFalse(function.allowedIn(FmiState.FATAL), function.fmiName());
        }
        assertTrue(FmiFunction.RESET.allowedIn(FmiState.ERROR));
        assertTrue(FmiFunction.SET_FMU_STATE.allowedIn(FmiState.ERROR));
    }

    /** Function name → cells for instantiated … fatal, from the test resource transcribed from the spec. */
    private static Map<String, String> transcribedTable() throws IOException {
        Map<String, String> table = transcribedTable("/fmi2-calling-sequence.txt");
        assertEquals(34, table.size(), "rows of the spec's table (the common and Co-Simulation functions)");
        return table;
    }

    /** Function name → cells, from a test resource transcribed from the spec (one row a line). */
    static Map<String, String> transcribedTable(String resource) throws IOException {
        Map<String, String> table = new LinkedHashMap<>();
        try (InputStream in = FmiFunctionTest.class.getResourceAsStream(resource)) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] cells = line.trim().split("\\s+");
                table.put(cells[0], cells[1]);
            }
        }
        return table;
    }

    /** Function name → cells for instantiated … fatal, read from 4_2_co-simulation_api.adoc. */
    private static Map<String, String> specTable(Path file) throws IOException {
        return specTable(file, FmiState.values().length);
    }

    /**
     * Function name → one cell per state (instantiated … fatal) of a calling-sequence table of
     * the spec's text; an empty cell (or a missing trailing one) is '.'.
     */
    static Map<String, String> specTable(Path file, int states) throws IOException {
        Map<String, String> table = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file)) {
            if (!line.matches("^\\|\\s*fmi2.*")) {
                continue;
            }
            String[] cells = line.replaceAll("\\{set:[^}]*\\}", "").split("\\|", -1);
            // cells[0] is empty, [1] the name, [2] "start, end", then instantiated … fatal
            StringBuilder row = new StringBuilder();
            for (int i = 3; i < 3 + states; i++) {
                String cell = cells[i].strip();
                row.append(cell.isEmpty() ? '.' : cell.charAt(0));
            }
            table.put(cells[1].strip(), row.toString());
        }
        return table;
    }

    static Path specDirectory() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path spec = dir.resolve("shared/fmi2/spec");
            if (Files.isDirectory(spec)) {
                return spec;
            }
        }
        return null;
    }
}
