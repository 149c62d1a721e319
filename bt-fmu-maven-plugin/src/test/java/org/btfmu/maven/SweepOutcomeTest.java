package org.btfmu.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Reading bt-fmu sweep's console summary (Summary.text of the campaign module). */
class SweepOutcomeTest {

    @Test
    void theCountsAndTheWorstRunsAreRead() {
        SweepOutcome outcome = new SweepOutcome();
        for (String line : List.of(
                "30 runs: 17 passed, 12 failed, 1 errors, 0 timed out (pass rate 56.7 %)",
                "Runs that did not pass (missed by most first):",
                "  run 4 error (plant.soc0=0.3, plant.area=20): the co-simulation stopped",
                "  run 7 failed (plant.soc0=0.35, plant.area=20): expected plant.altitude >= 13000",
                "  ... 11 more in summary.html",
                "Influence on passing (correlation): plant.soc0 0.71 plant.area 0.2",
                "  run 99 is not one of them",
                "30 runs in 41.2 s on local[2] (0.73 runs/s): out/runs.parquet, summary.html")) {
            outcome.out(line);
        }
        outcome.err("spark: WARN something");
        outcome.err("bt-fmu sweep: Spark (spark://nowhere:7077): refused");

        assertTrue(outcome.summarized());
        assertEquals(13, outcome.notPassed());
        assertEquals("13 of 30 runs did not pass (12 failed, 1 errors, 0 timed out)", outcome.counts());
        assertEquals(List.of("run 4 error (plant.soc0=0.3, plant.area=20): the co-simulation stopped",
                "run 7 failed (plant.soc0=0.35, plant.area=20): expected plant.altitude >= 13000",
                "... 11 more in summary.html"), outcome.worst);
        assertEquals(List.of("Spark (spark://nowhere:7077): refused"), outcome.messages);
    }

    @Test
    void withoutTheSummaryLineNothingWasCounted() {
        SweepOutcome outcome = new SweepOutcome();
        outcome.out("Runs that did not pass (missed by most first):");
        assertFalse(outcome.summarized());
    }
}
