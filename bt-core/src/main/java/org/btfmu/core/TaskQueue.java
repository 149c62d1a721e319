package org.btfmu.core;

/**
 * The dirty tasks of one sweep: a set of task indices, polled in ascending or descending
 * index order, each index at most once. A two-level bitset: one bit per task, and one
 * summary bit per 64-task word that has a bit set; a poll continues from the task polled
 * last, so a sweep over d queued tasks costs O(d) bit operations plus at most one
 * summary word per 4,096 tasks, instead of a heap's O(d log d). Fixed capacity, no
 * allocation.
 *
 * <p>Within a sweep, tasks are added only ahead of the one being evaluated (see
 * TreeInstance.mark), so the scan never has to turn back; if one is added behind it
 * anyway, the scan wraps around rather than lose it.
 */
final class TaskQueue {

    private final long[] words;
    private final long[] summary;
    private final int capacity;
    private int size;
    private boolean descending;
    /** Where the next poll starts looking (inclusive), in the sweep's direction. */
    private int cursor;

    TaskQueue(int capacity) {
        this.capacity = capacity;
        words = new long[(capacity + 63) >>> 6];
        summary = new long[(words.length + 63) >>> 6];
    }

    void add(int task) {
        int w = task >>> 6;
        long bit = 1L << task;
        if ((words[w] & bit) != 0) {
            return;
        }
        words[w] |= bit;
        summary[w >>> 6] |= 1L << w;
        size++;
    }

    int poll() {
        int task = descending ? previous(cursor) : next(cursor);
        if (task < 0) {
            task = descending ? previous(capacity - 1) : next(0); // added behind the scan: wrap
        }
        int w = task >>> 6;
        words[w] &= ~(1L << task);
        if (words[w] == 0) {
            summary[w >>> 6] &= ~(1L << w);
        }
        size--;
        cursor = task;
        return task;
    }

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    boolean contains(int task) {
        return (words[task >>> 6] & (1L << task)) != 0;
    }

    /** Starts a sweep in the given direction: polls begin at that end. */
    void order(boolean descendingOrder) {
        descending = descendingOrder;
        cursor = descendingOrder ? capacity - 1 : 0;
    }

    void clear() {
        for (int s = 0; s < summary.length; s++) {
            for (long bits = summary[s]; bits != 0; bits &= bits - 1) {
                words[(s << 6) + Long.numberOfTrailingZeros(bits)] = 0;
            }
            summary[s] = 0;
        }
        size = 0;
    }

    /** The smallest queued task >= from, or -1. */
    private int next(int from) {
        if (from >= capacity) {
            return -1;
        }
        int w = from >>> 6;
        long bits = words[w] & (-1L << from);
        if (bits != 0) {
            return (w << 6) + Long.numberOfTrailingZeros(bits);
        }
        int s = w + 1;
        int sw = s >>> 6;
        if (sw >= summary.length) {
            return -1;
        }
        long sbits = summary[sw] & (-1L << s);
        while (sbits == 0) {
            if (++sw == summary.length) {
                return -1;
            }
            sbits = summary[sw];
        }
        w = (sw << 6) + Long.numberOfTrailingZeros(sbits);
        return (w << 6) + Long.numberOfTrailingZeros(words[w]);
    }

    /** The largest queued task <= from, or -1. */
    private int previous(int from) {
        if (from < 0) {
            return -1;
        }
        int w = from >>> 6;
        long bits = words[w] & (-1L >>> (63 - (from & 63)));
        if (bits != 0) {
            return (w << 6) + 63 - Long.numberOfLeadingZeros(bits);
        }
        int s = w - 1;
        if (s < 0) {
            return -1;
        }
        int sw = s >>> 6;
        long sbits = summary[sw] & (-1L >>> (63 - (s & 63)));
        while (sbits == 0) {
            if (--sw < 0) {
                return -1;
            }
            sbits = summary[sw];
        }
        w = (sw << 6) + 63 - Long.numberOfLeadingZeros(sbits);
        return (w << 6) + 63 - Long.numberOfLeadingZeros(words[w]);
    }
}
