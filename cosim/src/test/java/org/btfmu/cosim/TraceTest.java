package org.btfmu.cosim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TraceTest {

    /** More rows than fit in one block, and an end in the middle of a block. */
    private static final int ROWS = 2 * Trace.BLOCK + 123;

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
}
