package org.btfmu.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ScenarioSummaryTest {

    @Test
    void aStoppedRunCountsAsItsReportDoes() {
        // The report of a run that an FMU stopped: errors=1, its expectations skipped (TestReport).
        ScenarioSummary summary = new ScenarioSummary();
        String line = summary.add("abort.json", new ScenarioProcess.Result(List.of(), List.of(),
                "the co-simulation stopped: fmi2DoStep returned fmi2Error", List.of("a", "b", "c"), null));
        assertEquals("0 passed, 0 failed, 1 error, 3 skipped", line);
        summary.add("ok.json", new ScenarioProcess.Result(List.of("x"), List.of("y failed"), null, List.of(), null));
        assertEquals("2 scenarios: 1 passed, 1 failed, 1 error, 3 skipped", summary.total());
        assertEquals(List.of("abort.json: the co-simulation stopped: fmi2DoStep returned fmi2Error",
                "ok.json: y failed"), summary.problems());
    }
}
