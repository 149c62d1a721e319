package org.btfmu.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The bitset queue polls in index order, in either direction, as a sorted set would. */
class TaskQueueTest {

    @Test
    void pollsInIndexOrderWithTasksAddedAheadOfTheScan() {
        Random random = new Random(15);
        for (int capacity : new int[] {1, 63, 64, 65, 4095, 4096, 4097, 20000}) {
            TaskQueue queue = new TaskQueue(capacity);
            for (int round = 0; round < 40; round++) {
                boolean descending = random.nextBoolean();
                TreeSet<Integer> model = new TreeSet<>();
                for (int k = random.nextInt(Math.min(capacity, 300) + 1); k > 0; k--) {
                    int task = random.nextInt(capacity);
                    queue.add(task);
                    model.add(task);
                }
                queue.order(descending);
                assertEquals(model.size(), queue.size());
                while (!model.isEmpty()) {
                    int expected = descending ? model.pollLast() : model.pollFirst();
                    assertTrue(queue.contains(expected));
                    int polled = queue.poll();
                    assertEquals(expected, polled, "capacity " + capacity);
                    assertFalse(queue.contains(polled));
                    if (random.nextInt(3) == 0) { // as TreeInstance.mark: only strictly ahead of the scan
                        int ahead = descending ? random.nextInt(polled + 1) - 1 : polled + 1
                                + random.nextInt(capacity - polled);
                        if (ahead >= 0 && ahead < capacity && ahead != polled) {
                            queue.add(ahead);
                            model.add(ahead);
                        }
                    }
                    assertEquals(model.size(), queue.size());
                }
                assertTrue(queue.isEmpty());
            }
        }
    }

    @Test
    void aTaskAddedBehindTheScanIsStillPolled() {
        TaskQueue queue = new TaskQueue(10_000);
        queue.add(9_000);
        queue.add(5_000);
        queue.order(true);
        assertEquals(9_000, queue.poll());
        queue.add(9_500); // behind a descending scan
        assertEquals(5_000, queue.poll());
        assertEquals(9_500, queue.poll());
        assertTrue(queue.isEmpty());
    }

    @Test
    void clearEmptiesEverything() {
        TaskQueue queue = new TaskQueue(9_000);
        for (int t = 0; t < 9_000; t += 7) {
            queue.add(t);
        }
        queue.clear();
        assertTrue(queue.isEmpty());
        assertFalse(queue.contains(7));
        queue.add(8_999);
        queue.order(false);
        assertEquals(8_999, queue.poll());
    }
}
