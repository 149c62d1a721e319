package org.btfmu.core;

import java.util.Arrays;

/**
 * Pending time events: for each task at most one wake-up time, in an indexed min-heap
 * ordered by (time, task index) so that equal times pop deterministically.
 */
final class WakeQueue {

    private final int[] heap;
    private final int[] position;
    private final double[] time;
    private int size;

    WakeQueue(int tasks) {
        heap = new int[tasks];
        position = new int[tasks];
        time = new double[tasks];
        Arrays.fill(position, -1);
    }

    /** Sets the task's wake-up time; +infinity removes it. Returns the time it replaces (+infinity: none). */
    double set(int task, double t) {
        int at = position[task];
        if (t == Double.POSITIVE_INFINITY) {
            if (at >= 0) {
                double old = time[task];
                removeAt(at);
                return old;
            }
            return t;
        }
        if (at >= 0) {
            double old = time[task];
            time[task] = t;
            if (t < old) {
                siftUp(at, task);
            } else {
                siftDown(at, task);
            }
            return old;
        }
        time[task] = t;
        at = size++;
        siftUp(at, task);
        return Double.POSITIVE_INFINITY;
    }

    double get(int task) {
        return position[task] >= 0 ? time[task] : Double.POSITIVE_INFINITY;
    }

    boolean isEmpty() {
        return size == 0;
    }

    double peekTime() {
        return size == 0 ? Double.POSITIVE_INFINITY : time[heap[0]];
    }

    int poll() {
        int top = heap[0];
        removeAt(0);
        return top;
    }

    void clear() {
        for (int k = 0; k < size; k++) {
            position[heap[k]] = -1;
        }
        size = 0;
    }

    private void removeAt(int at) {
        int task = heap[at];
        position[task] = -1;
        int last = heap[--size];
        if (at < size) {
            siftDown(at, last);
            if (heap[at] == last) {
                siftUp(at, last);
            }
        }
    }

    private void siftUp(int at, int task) {
        while (at > 0) {
            int up = (at - 1) >>> 1;
            if (!before(task, heap[up])) {
                break;
            }
            place(at, heap[up]);
            at = up;
        }
        place(at, task);
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
            place(at, heap[child]);
            at = child;
        }
        place(at, task);
    }

    private void place(int at, int task) {
        heap[at] = task;
        position[task] = at;
    }

    private boolean before(int a, int b) {
        return time[a] < time[b] || (time[a] == time[b] && a < b);
    }
}
