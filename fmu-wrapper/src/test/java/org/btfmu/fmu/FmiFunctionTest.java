package org.btfmu.fmu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The calling-sequence table against the one in the FMI 2.0.5 text it was transcribed from. */
class FmiFunctionTest {

    /** Functions of the spec's table the slave does not see (no instance exists yet, or the shim answers). */
    private static final Set<String> SHIM_ONLY = Set.of("fmi2GetTypesPlatform", "fmi2GetVersion",
            "fmi2Instantiate");

    @Test
    void tableMatchesTheSpecification() throws IOException {
        Map<String, String> spec = specTable();
        Map<String, String> ours = new LinkedHashMap<>();
        for (FmiFunction function : FmiFunction.values()) {
            ours.put(function.fmiName(), Arrays.stream(FmiState.values())
                    .map(state -> String.valueOf(function.cell(state))).collect(Collectors.joining()));
        }
        spec.keySet().removeAll(SHIM_ONLY);
        assertEquals(spec, ours);
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

    /** Function name → cells for instantiated … fatal, read from 4_2_co-simulation_api.adoc. */
    private static Map<String, String> specTable() throws IOException {
        Path file = specDirectory().resolve("4_2_co-simulation_api.adoc");
        Map<String, String> table = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file)) {
            if (!line.startsWith("|fmi2")) {
                continue;
            }
            String[] cells = line.replaceAll("\\{set:[^}]*\\}", "").split("\\|", -1);
            // cells[0] is empty, [1] the name, [2] "start, end", [3..11] instantiated … fatal
            StringBuilder row = new StringBuilder();
            for (int i = 3; i < 12; i++) {
                String cell = cells[i].strip();
                row.append(cell.isEmpty() ? '.' : cell.charAt(0));
            }
            table.put(cells[1].strip(), row.toString());
        }
        assertEquals(34, table.size(), "rows of the spec's table (the common and Co-Simulation functions)");
        return table;
    }

    private static Path specDirectory() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path spec = dir.resolve("shared/fmi2/spec");
            if (Files.isDirectory(spec)) {
                return spec;
            }
        }
        throw new IllegalStateException("the FMI 2.0.5 text (../shared/fmi2/spec) is not beside the"
                + " repository");
    }
}
