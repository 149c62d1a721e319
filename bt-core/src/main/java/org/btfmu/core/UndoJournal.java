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
 * <p>An entry names the array ({@code kind}) and the index. Old values of at most 32 bits
 * (statuses, flags, ints) share the entry's one long with them, so the common record, a
 * status change, is a single array store; a double takes a second long before the entry,
 * a String a slot of {@code oldText} at the entry's position. Undoing walks the entries
 * backwards, so each location ends with the value it had before its first write.
 */
final class UndoJournal {

    // kinds whose old value fits the entry
    static final int STATUS = 0;
    static final int ACTIVE = 1;
    static final int INT_STATE = 2;
    static final int GROUP = 3;
    static final int WRITER = 4;
    static final int WINNER = 5;
    static final int CONFLICT = 6;
    static final int INT_VALUE = 7;
    static final int INT_BASE = 8;
    // kinds with a double before the entry
    static final int REAL_STATE = 9;
    static final int REAL_VALUE = 10;
    static final int REAL_BASE = 11;
    static final int WAKE = 12;
    // kinds with a String in oldText
    static final int STRING_VALUE = 13;
    static final int STRING_BASE = 14;

    private static final int INITIAL = 64;

    /** Entries: index << 36 | kind << 32 | the old value's low 32 bits (when it fits). */
    private long[] log = new long[INITIAL];
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
        if (log.length > INITIAL) {
            log = new long[INITIAL];
            oldText = null;
            size = 0;
        }
    }

    /** Longs in use (an entry with a double takes two). */
    int size() {
        return size;
    }

    /** An old value of at most 32 bits (kinds up to {@link #INT_BASE}). */
    void record(int kind, int index, int oldValue) {
        int n = size;
        long[] entries = log;
        if (n == entries.length) {
            entries = grow();
        }
        entries[n] = (long) index << 36 | (long) kind << 32 | (oldValue & 0xFFFF_FFFFL);
        size = n + 1;
    }

    void record(int kind, int index, boolean oldValue) {
        record(kind, index, oldValue ? 1 : 0);
    }

    /** An old double ({@link #REAL_STATE} to {@link #WAKE}). */
    void record(int kind, int index, double oldValue) {
        int n = size;
        long[] entries = log;
        if (n + 1 >= entries.length) {
            entries = grow();
        }
        entries[n] = Double.doubleToRawLongBits(oldValue);
        entries[n + 1] = (long) index << 36 | (long) kind << 32;
        size = n + 2;
    }

    /** An old String ({@link #STRING_VALUE}, {@link #STRING_BASE}). */
    void record(int kind, int index, String oldValue) {
        int n = size;
        record(kind, index, 0);
        if (oldText == null) {
            oldText = new String[log.length];
        }
        oldText[n] = oldValue;
    }

    private long[] grow() {
        log = Arrays.copyOf(log, log.length * 2);
        if (oldText != null) {
            oldText = Arrays.copyOf(oldText, log.length);
        }
        return log;
    }

    /** Writes every recorded old value back into the tree, newest first, and forgets them. */
    void undo(TreeInstance t) {
        for (int k = size - 1; k >= 0; k--) {
            long entry = log[k];
            int i = (int) (entry >>> 36);
            int kind = (int) (entry >>> 32) & 15;
            int v = (int) entry;
            double d = kind >= REAL_STATE && kind <= WAKE ? Double.longBitsToDouble(log[--k]) : 0;
            switch (kind) {
                case STATUS -> t.status[i] = (byte) v;
                case ACTIVE -> t.active[i] = v != 0;
                case INT_STATE -> t.intState[i] = v;
                case GROUP -> t.group[i] = v;
                case WRITER -> t.writerActive[i] = v != 0;
                case WINNER -> t.slotWinner[i] = v;
                case CONFLICT -> t.conflictReported[i] = v != 0;
                case INT_VALUE -> t.intValue[i] = v;
                case INT_BASE -> t.intBase[i] = v;
                case REAL_STATE -> t.realState[i] = d;
                case REAL_VALUE -> t.realValue[i] = d;
                case REAL_BASE -> t.realBase[i] = d;
                case WAKE -> t.setWake(i, d);
                case STRING_VALUE -> t.stringValue[i] = oldText[k];
                case STRING_BASE -> t.stringBase[i] = oldText[k];
                default -> throw new IllegalStateException("journal entry of unknown kind " + kind);
            }
        }
        clear();
    }
}
