package org.btfmu.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class EngineReportTest {

    @Test
    void theMedianOfTheForksIsTheMiddleValueOrTheMeanOfTheTwoMiddleOnes() {
        assertEquals(2.0, EngineReport.medianOf(List.of(3.0, 1.0, 2.0)));
        assertEquals(7.0, EngineReport.medianOf(List.of(9.0, 7.0, 1.0, 8.0, 2.0)));
        assertEquals(2.5, EngineReport.medianOf(List.of(4.0, 1.0, 3.0, 2.0)));
    }
}
