package org.btfmu.fmu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The Model Exchange calling-sequence table against the spec's (a transcription kept as test
 * data; checked against the FMI 2.0.5 text itself where that lies beside the repository).
 */
class ModelExchangeFunctionTest {

    private static final Set<String> SHIM_ONLY = Set.of("fmi2GetTypesPlatform", "fmi2GetVersion",
            "fmi2Instantiate");

    @Test
    void tableMatchesTheSpecification() throws IOException {
        Map<String, String> spec = transcribedTable();
        Map<String, String> ours = new LinkedHashMap<>();
        for (ModelExchangeFunction function : ModelExchangeFunction.values()) {
            ours.put(function.fmiName(), Arrays.stream(ModelExchangeState.values())
                    .map(state -> String.valueOf(function.cell(state))).collect(Collectors.joining()));
        }
        spec.keySet().removeAll(SHIM_ONLY);
        assertEquals(spec, ours);
    }

    @Test
    void transcriptionMatchesTheSpecificationText() throws IOException {
        Path spec = FmiFunctionTest.specDirectory();
        Assumptions.assumeTrue(spec != null, "the FMI 2.0.5 text is not beside the repository");
        assertEquals(FmiFunctionTest.specTable(spec.resolve("3_2_model_exchange_api.adoc"),
                ModelExchangeState.values().length), transcribedTable());
    }

    @Test
    void coSimulationFunctionsHaveNoRowAndCommonOnesShareTheirName() {
        for (FmiFunction function : FmiFunction.values()) {
            ModelExchangeFunction row = ModelExchangeFunction.of(function);
            if (row != null) {
                assertEquals(function.fmiName(), row.fmiName());
            }
        }
        assertNull(ModelExchangeFunction.of(FmiFunction.DO_STEP));
        assertNull(ModelExchangeFunction.of(FmiFunction.GET_REAL_STATUS));
        for (ModelExchangeFunction function : ModelExchangeFunction.values()) {
            assertFalse(function.allowedIn(ModelExchangeState.FATAL), function.fmiName());
        }
    }

    private static Map<String, String> transcribedTable() throws IOException {
        Map<String, String> table = FmiFunctionTest.transcribedTable("/fmi2-me-calling-sequence.txt");
        assertEquals(35, table.size(), "rows of the spec's table (the common and Model Exchange functions)");
        return table;
    }
}
