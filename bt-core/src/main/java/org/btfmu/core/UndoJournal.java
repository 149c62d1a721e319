package org.btfmu.core;

import java.util.Arrays;

/**
 * The run-time state an instant overwrote, oldest first, so that an instant that does not
 * settle can be taken back to its start ({@link TreeInstance}'s left limit of that
 * instant). Every write the engine makes to its state arrays while it settles an instant
 * records the value it replaces: one entry per write, and none while nothing changes (a
 * steady tick or a step without events records nothing). The entries are dropped when the
 * next instant begins.
 *
 * <p>An entry is the array ({@code kind}), the index and the old value: a number's bits, or
 * for the String arrays the old String. Undoing walks the entries backwards, so each
 * location ends with the value it had before its first write.
 */
final class UndoJournal {

    static final int STATUS = 0;
    static final int ACTIVE = 1;
    static final int INT_STATE = 2;
    static final int REAL_STATE = 3;
    static final int GROUP = 4;
    static final int WRITER = 5;
    static final int WINNER = 6;
    static final int CONFLICT = 7;
    static final int REAL_VALUE = 8;
    static final int REAL_BASE = 9;
    static final int INT_VALUE = 10;
    static final int INT_BASE = 11;
    static final int STRING_VALUE = 12;
    static final int STRING_BASE = 13;
    static final int WAKE = 14;

    private static final int KIND_BITS = 4;
    private static final int INITIAL = 64;

    private int[] where = new int[INITIAL];
    private long[] old = new long[INITIAL];
    /** Old values of the String entries, at their entry's position; null until one is recorded. */
    private String[] oldText;
    private int size;

    /** Forgets every entry: the instant about to begin is the one that can be undone. */
    void clear() {
        if (oldText != null) {
            Arrays.fill(oldText, 0, size, null); // keep no old strings alive
        }
        size = 0;
    }

    /**
     * Gives the memory back after an instant that wrote a lot (the first one writes every
     * task): later instants usually write a few entries.
     */
    void shrink() {
        if (where.length > INITIAL) {
            where = new int[INITIAL];
            old = new long[INITIAL];
            oldText = null;
            size = 0;
        }
    }

    int size() {
        return size;
    }

    void record(int kind, int index, long oldValue) {
        int n = size;
        if (n == where.length) {
            grow();
        }
        where[n] = index << KIND_BITS | kind;
        old[n] = oldValue;
        size = n + 1;
    }

    void record(int kind, int index, double oldValue) {
        record(kind, index, Double.doubleToRawLongBits(oldValue));
    }

    void record(int kind, int index, boolean oldValue) {
        record(kind, index, oldValue ? 1L : 0L);
    }

    void record(int kind, int index, String oldValue) {
        if (oldText == null) {
            oldText = new String[where.length];
        }
        int n = size;
        record(kind, index, 0L);
        oldText[n] = oldValue;
    }

    private void grow() {
        int capacity = where.length * 2;
        where = Arrays.copyOf(where, capacity);
        old = Arrays.copyOf(old, capacity);
        if (oldText != null) {
            oldText = Arrays.copyOf(oldText, capacity);
        }
    }

    /** Writes every recorded old value back into the tree, newest first, and forgets them. */
    void undo(TreeInstance t) {
        for (int k = size - 1; k >= 0; k--) {
            int i = where[k] >>> KIND_BITS;
            long v = old[k];
            switch (where[k] & ((1 << KIND_BITS) - 1)) {
                case STATUS -> t.status[i] = (byte) v;
                case ACTIVE -> t.active[i] = v != 0;
                case INT_STATE -> t.intState[i] = (int) v;
                case REAL_STATE -> t.realState[i] = Double.longBitsToDouble(v);
                case GROUP -> t.group[i] = (int) v;
                case WRITER -> t.writerActive[i] = v != 0;
                case WINNER -> t.slotWinner[i] = (int) v;
                case CONFLICT -> t.conflictReported[i] = v != 0;
                case REAL_VALUE -> t.realValue[i] = Double.longBitsToDouble(v);
                case REAL_BASE -> t.realBase[i] = Double.longBitsToDouble(v);
                case INT_VALUE -> t.intValue[i] = (int) v;
                case INT_BASE -> t.intBase[i] = (int) v;
                case STRING_VALUE -> t.stringValue[i] = oldText[k];
                case STRING_BASE -> t.stringBase[i] = oldText[k];
                case WAKE -> t.setWake(i, Double.longBitsToDouble(v));
                default -> throw new IllegalStateException("journal entry of unknown kind " + (where[k] & 15));
            }
        }
        clear();
    }
}
