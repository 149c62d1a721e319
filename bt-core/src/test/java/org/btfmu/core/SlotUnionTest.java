package org.btfmu.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** TaskNode.union replaced IntStream.concat(...).distinct() in Action and Condition: same slots, same order. */
class SlotUnionTest {

    @Test
    void keepsEachSlotOnceInOrderOfFirstAppearance() {
        int[][][] cases = {
            {{}, {}}, {{3}, {}}, {{}, {4, 4}}, {{5, 1, 5}, {1, 2, 5, 0}}, {{9, 8, 7}, {7, 8, 9, 10}},
        };
        for (int[][] c : cases) {
            int[] expected = IntStream.concat(IntStream.of(c[0]), IntStream.of(c[1])).distinct().toArray();
            assertArrayEquals(expected, TaskNode.union(c[0], c[1]));
        }
    }
}
