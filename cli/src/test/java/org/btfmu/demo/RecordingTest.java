package org.btfmu.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class RecordingTest {

    @Test
    void readsBackEveryNumericColumnExactlyByName() {
        Recording r = new Recording();
        r.columns(List.of("x", "mode", "label", "on"));
        int rows = 10_000; // more than one block of the primitive store
        for (int i = 0; i < rows; i++) {
            r.sample(i * 0.1, new Object[] {Math.sqrt(i), Integer.MAX_VALUE - i, "row " + i, i % 2 == 0});
        }
        assertEquals(rows, r.size());
        double[] x = r.values("x");
        int[] mode = r.integers("mode");
        double[] on = r.values("on");
        double[] times = r.times();
        for (int i = 0; i < rows; i++) {
            assertEquals(i * 0.1, times[i]);
            assertEquals(Math.sqrt(i), x[i]);
            assertEquals(Integer.MAX_VALUE - i, mode[i], "an Integer comes back exactly");
            assertEquals(i % 2 == 0 ? 1 : 0, on[i]);
        }
    }

    @Test
    void namesTheColumnThatCannotBeRead() {
        Recording r = new Recording();
        r.columns(List.of("x", "label"));
        r.sample(0, new Object[] {1.5, "a"});
        assertEquals("no column 'y' (have [x, label])",
                assertThrows(IllegalArgumentException.class, () -> r.values("y")).getMessage());
        assertEquals("column 'label' holds Strings, not numbers",
                assertThrows(IllegalArgumentException.class, () -> r.values("label")).getMessage());
        assertEquals("column 'x' holds no Integers",
                assertThrows(IllegalArgumentException.class, () -> r.integers("x")).getMessage());
    }
}
