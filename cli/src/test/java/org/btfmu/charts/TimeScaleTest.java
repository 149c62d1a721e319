package org.btfmu.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TimeScaleTest {

    @Test
    void picksSecondsMinutesOrHoursByTheRunsLength() {
        assertEquals("s", TimeScale.forSpan(600).unit());
        assertEquals("min", TimeScale.forSpan(901).unit());
        assertEquals("min", TimeScale.forSpan(3 * 3600).unit());
        assertEquals("h", TimeScale.forSpan(86_400).unit());
        assertEquals(24.0, TimeScale.forSpan(86_400).scale(86_400), 1e-12);
        assertEquals("time [min]", TimeScale.forTimes(new double[] {100, 1000}).axisLabel());
    }
}
