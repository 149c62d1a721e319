package org.btfmu.cosim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class TraceTest {

    /** More rows than the 1,024 expected by default: the arrays grow. */
    private static final int ROWS = 10_000;

    @Test
    void keepsEveryRowOfTheChosenColumnsAcrossBlocks() {
        Trace trace = new Trace(new int[] {2, 0});
        for (int i = 0; i < ROWS; i++) {
            trace.sample(0.5 * i, new Object[] {i % 7 == 0, "text " + i, (double) i * i, i});
        }
        assertEquals(ROWS, trace.size());
        double[] times = trace.times();
        double[] squares = trace.values(0);
        double[] booleans = trace.values(1);
        assertEquals(ROWS, times.length);
        for (int i = 0; i < ROWS; i++) {
            assertEquals(0.5 * i, times[i], "time of row " + i);
            assertEquals((double) i * i, squares[i], "column 2 of row " + i);
            assertEquals(i % 7 == 0 ? 1 : 0, booleans[i], "the Boolean column of row " + i);
        }
    }

    @Test
    void countsTheChangesBetweenConsecutiveRowsOfEveryColumn() {
        Trace trace = new Trace(new int[] {0, 1});
        for (int i = 0; i < ROWS; i++) {
            // column 0 changes every 1000 rows (across block ends too), column 1 never
            trace.sample(i, new Object[] {i / 1000, 3});
        }
        assertEquals((ROWS - 1) / 1000, trace.changes());
        assertArrayEquals(new double[0], new Trace(new int[] {0}).times());
        assertEquals(0, new Trace(new int[] {0}).changes());
    }

    @Test
    void theExpectedRowsAreHandedOutWithoutACopyAndLaterSamplesLeaveThemAlone() {
        Trace trace = new Trace(new int[] {0}, 3);
        for (int i = 0; i < 3; i++) {
            trace.sample(i, new Object[] {10.0 * i});
        }
        double[] three = trace.values(0);
        assertSame(three, trace.values(0), "the full array itself, not a copy per reader");
        trace.sample(3, new Object[] {30.0});
        assertArrayEquals(new double[] {0, 10, 20}, three, "a sample beyond the expected rows grows a new array");
        assertArrayEquals(new double[] {0, 10, 20, 30}, trace.values(0));
        assertArrayEquals(new double[] {0, 1, 2, 3}, trace.times());
    }
}
