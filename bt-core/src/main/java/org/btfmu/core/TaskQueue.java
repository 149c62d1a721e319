package org.btfmu.core;

/**
 * The dirty tasks of one sweep: a binary heap of task indices, popped in ascending or
 * descending index order, each index at most once. Fixed capacity, no allocation.
 */
final class TaskQueue {

    private final int[] heap;
    private final boolean[] queued;
    private int size;
    private boolean descending;

    TaskQueue(int capacity) {
        heap = new int[capacity];
        queued = new boolean[capacity];
    }

    void add(int task) {
        if (queued[task]) {
            return;
        }
        queued[task] = true;
        int at = size++;
        heap[at] = task;
        while (at > 0) {
            int up = (at - 1) >>> 1;
            if (!before(task, heap[up])) {
                break;
            }
            heap[at] = heap[up];
            at = up;
        }
        heap[at] = task;
    }

    int poll() {
        int top = heap[0];
        queued[top] = false;
        int last = heap[--size];
        if (size > 0) {
            siftDown(0, last);
        }
        return top;
    }

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    boolean contains(int task) {
        return queued[task];
    }

    /** Re-orders the queued tasks for a sweep in the given direction. */
    void order(boolean descendingOrder) {
        if (descending == descendingOrder) {
            return;
        }
        descending = descendingOrder;
        for (int at = (size >>> 1) - 1; at >= 0; at--) {
            siftDown(at, heap[at]);
        }
    }

    void clear() {
        for (int k = 0; k < size; k++) {
            queued[heap[k]] = false;
        }
        size = 0;
    }

    private void siftDown(int at, int task) {
        int half = size >>> 1;
        while (at < half) {
            int child = 2 * at + 1;
            int right = child + 1;
            if (right < size && before(heap[right], heap[child])) {
                child = right;
            }
            if (!before(heap[child], task)) {
                break;
            }
            heap[at] = heap[child];
            at = child;
        }
        heap[at] = task;
    }

    private boolean before(int a, int b) {
        return descending ? a > b : a < b;
    }
}
