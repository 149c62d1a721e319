package org.btfmu.core;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;

/**
 * An immutable copy of a {@link TreeInstance}'s run-time state: statuses, active flags,
 * task state, pending time events, slot values, writer states, time and inputs set but
 * not yet settled. Restorable into any instance of the same definition; serializable to
 * bytes (FMI get/set/serialize FMU state). Counters and listeners are not part of it.
 */
public final class TreeState {

    private static final int MAGIC = 0x42544653; // "BTFS"
    private static final int VERSION = 1;

    private final long fingerprint;
    private final double now;
    private final boolean started;
    private final long ticks;
    private final double tickOrigin;
    private final byte[] status;
    private final boolean[] active;
    private final int[] intState;
    private final double[] realState;
    private final int[] group;
    private final double[] wake;
    private final double[] realValue;
    private final double[] realBase;
    private final int[] intValue;
    private final int[] intBase;
    private final String[] stringValue;
    private final String[] stringBase;
    private final boolean[] writerActive;
    private final int[] slotWinner;
    private final boolean[] conflictReported;
    private final int[] pending;

    private TreeState(long fingerprint, double now, boolean started, long ticks, double tickOrigin, byte[] status,
            boolean[] active, int[] intState, double[] realState, int[] group, double[] wake, double[] realValue,
            double[] realBase, int[] intValue, int[] intBase, String[] stringValue, String[] stringBase,
            boolean[] writerActive, int[] slotWinner, boolean[] conflictReported, int[] pending) {
        this.fingerprint = fingerprint;
        this.now = now;
        this.started = started;
        this.ticks = ticks;
        this.tickOrigin = tickOrigin;
        this.status = status;
        this.active = active;
        this.intState = intState;
        this.realState = realState;
        this.group = group;
        this.wake = wake;
        this.realValue = realValue;
        this.realBase = realBase;
        this.intValue = intValue;
        this.intBase = intBase;
        this.stringValue = stringValue;
        this.stringBase = stringBase;
        this.writerActive = writerActive;
        this.slotWinner = slotWinner;
        this.conflictReported = conflictReported;
        this.pending = pending;
    }

    static TreeState capture(TreeInstance t) {
        int n = t.status.length;
        double[] wake = new double[n];
        for (int i = 0; i < n; i++) {
            wake[i] = t.wakeTime(i);
        }
        return new TreeState(t.definition().fingerprint, t.now, t.started, t.ticks, t.tickOrigin, t.status.clone(),
                t.active.clone(), t.intState.clone(), t.realState.clone(), t.group.clone(), wake,
                t.realValue.clone(), t.realBase.clone(), t.intValue.clone(), t.intBase.clone(),
                t.stringValue.clone(), t.stringBase.clone(), t.writerActive.clone(), t.slotWinner.clone(),
                t.conflictReported.clone(), Arrays.copyOf(t.pending, t.pendingCount));
    }

    void applyTo(TreeInstance t) {
        if (fingerprint != t.definition().fingerprint || status.length != t.status.length) {
            throw new IllegalArgumentException("the state was taken from a different tree definition");
        }
        t.now = now;
        t.started = started;
        t.ticks = ticks;
        t.tickOrigin = tickOrigin;
        System.arraycopy(status, 0, t.status, 0, status.length);
        System.arraycopy(active, 0, t.active, 0, active.length);
        System.arraycopy(intState, 0, t.intState, 0, intState.length);
        System.arraycopy(realState, 0, t.realState, 0, realState.length);
        System.arraycopy(group, 0, t.group, 0, group.length);
        System.arraycopy(realValue, 0, t.realValue, 0, realValue.length);
        System.arraycopy(realBase, 0, t.realBase, 0, realBase.length);
        System.arraycopy(intValue, 0, t.intValue, 0, intValue.length);
        System.arraycopy(intBase, 0, t.intBase, 0, intBase.length);
        System.arraycopy(stringValue, 0, t.stringValue, 0, stringValue.length);
        System.arraycopy(stringBase, 0, t.stringBase, 0, stringBase.length);
        System.arraycopy(writerActive, 0, t.writerActive, 0, writerActive.length);
        System.arraycopy(slotWinner, 0, t.slotWinner, 0, slotWinner.length);
        System.arraycopy(conflictReported, 0, t.conflictReported, 0, conflictReported.length);
        System.arraycopy(pending, 0, t.pending, 0, pending.length);
        t.pendingCount = pending.length;
    }

    double wake(int task) {
        return wake[task];
    }

    /** The time the state was taken at. */
    public double time() {
        return now;
    }

    /** The status of one task in this state. */
    public Status status(int taskIndex) {
        return Status.values()[status[taskIndex]];
    }

    /** A self-checking byte form: magic, version, the definition's fingerprint, then the arrays. */
    public byte[] toBytes() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(MAGIC);
            out.writeInt(VERSION);
            out.writeLong(fingerprint);
            out.writeDouble(now);
            out.writeBoolean(started);
            out.writeLong(ticks);
            out.writeDouble(tickOrigin);
            out.writeInt(status.length);
            out.write(status);
            writeBooleans(out, active);
            writeInts(out, intState);
            writeDoubles(out, realState);
            writeInts(out, group);
            writeDoubles(out, wake);
            writeDoubles(out, realValue);
            writeDoubles(out, realBase);
            writeInts(out, intValue);
            writeInts(out, intBase);
            writeStrings(out, stringValue);
            writeStrings(out, stringBase);
            writeBooleans(out, writerActive);
            writeInts(out, slotWinner);
            writeBooleans(out, conflictReported);
            writeInts(out, pending);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /**
     * Reads bytes written by {@link #toBytes()} for the same definition.
     *
     * @throws IllegalArgumentException if the bytes are truncated, corrupt or belong to
     *                                  another definition
     */
    public static TreeState fromBytes(TreeDefinition definition, byte[] bytes) {
        if (bytes == null) {
            throw new IllegalArgumentException("FMU state bytes are null");
        }
        int n = definition.size();
        int slots = definition.blackboard().size();
        int writers = definition.writerTask.length;
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            if (in.readInt() != MAGIC) {
                throw new IllegalArgumentException("not a behavior-tree state (bad magic number)");
            }
            int version = in.readInt();
            if (version != VERSION) {
                throw new IllegalArgumentException("unsupported state version " + version + " (expected " + VERSION
                        + ")");
            }
            if (in.readLong() != definition.fingerprint) {
                throw new IllegalArgumentException("the state belongs to a different tree definition");
            }
            double now = in.readDouble();
            boolean started = in.readBoolean();
            long ticks = in.readLong();
            double tickOrigin = in.readDouble();
            int count = in.readInt();
            check(count == n, "task count " + count + ", expected " + n);
            byte[] status = new byte[n];
            in.readFully(status);
            for (byte s : status) {
                check(s >= 0 && s < Status.values().length, "status code " + s);
            }
            boolean[] active = readBooleans(in, n);
            int[] intState = readInts(in, definition.intStateSize);
            double[] realState = readDoubles(in, definition.realStateSize);
            int[] group = readInts(in, n);
            double[] wake = readDoubles(in, n);
            double[] realValue = readDoubles(in, slots);
            double[] realBase = readDoubles(in, slots);
            int[] intValue = readInts(in, slots);
            int[] intBase = readInts(in, slots);
            String[] stringValue = readStrings(in, slots);
            String[] stringBase = readStrings(in, slots);
            boolean[] writerActive = readBooleans(in, writers);
            int[] slotWinner = readInts(in, slots);
            for (int w : slotWinner) {
                check(w >= -1 && w < writers, "writer index " + w);
            }
            boolean[] conflictReported = readBooleans(in, slots);
            int pendingCount = in.readInt();
            check(pendingCount >= 0 && pendingCount <= slots, "pending count " + pendingCount);
            int[] pending = new int[pendingCount];
            for (int k = 0; k < pendingCount; k++) {
                pending[k] = in.readInt();
                check(pending[k] >= 0 && pending[k] < slots, "pending slot " + pending[k]);
            }
            check(in.read() < 0, "trailing bytes");
            for (int s = 0; s < slots; s++) {
                boolean isString = definition.slotTypes[s] == org.btfmu.core.blackboard.SlotType.STRING.ordinal();
                check(!isString || (stringValue[s] != null && stringBase[s] != null), "missing string value");
            }
            return new TreeState(definition.fingerprint, now, started, ticks, tickOrigin, status, active, intState,
                    realState, group, wake, realValue, realBase, intValue, intBase, stringValue, stringBase,
                    writerActive, slotWinner, conflictReported, pending);
        } catch (IOException e) {
            throw new IllegalArgumentException("truncated behavior-tree state (" + bytes.length + " bytes)", e);
        }
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalArgumentException("corrupt behavior-tree state: " + what);
        }
    }

    private static void writeBooleans(DataOutputStream out, boolean[] a) throws IOException {
        out.writeInt(a.length);
        for (boolean b : a) {
            out.writeBoolean(b);
        }
    }

    private static void writeInts(DataOutputStream out, int[] a) throws IOException {
        out.writeInt(a.length);
        for (int v : a) {
            out.writeInt(v);
        }
    }

    private static void writeDoubles(DataOutputStream out, double[] a) throws IOException {
        out.writeInt(a.length);
        for (double v : a) {
            out.writeDouble(v);
        }
    }

    private static void writeStrings(DataOutputStream out, String[] a) throws IOException {
        out.writeInt(a.length);
        for (String v : a) {
            out.writeBoolean(v != null);
            if (v != null) {
                byte[] utf8 = v.getBytes(java.nio.charset.StandardCharsets.UTF_8);
                out.writeInt(utf8.length);
                out.write(utf8);
            }
        }
    }

    private static int length(DataInputStream in, int expected) throws IOException {
        int n = in.readInt();
        check(n == expected, "array length " + n + ", expected " + expected);
        return n;
    }

    private static boolean[] readBooleans(DataInputStream in, int expected) throws IOException {
        boolean[] a = new boolean[length(in, expected)];
        for (int k = 0; k < a.length; k++) {
            a[k] = in.readBoolean();
        }
        return a;
    }

    private static int[] readInts(DataInputStream in, int expected) throws IOException {
        int[] a = new int[length(in, expected)];
        for (int k = 0; k < a.length; k++) {
            a[k] = in.readInt();
        }
        return a;
    }

    private static double[] readDoubles(DataInputStream in, int expected) throws IOException {
        double[] a = new double[length(in, expected)];
        for (int k = 0; k < a.length; k++) {
            a[k] = in.readDouble();
        }
        return a;
    }

    private static String[] readStrings(DataInputStream in, int expected) throws IOException {
        String[] a = new String[length(in, expected)];
        for (int k = 0; k < a.length; k++) {
            if (in.readBoolean()) {
                int n = in.readInt();
                check(n >= 0 && n <= in.available(), "string length " + n);
                byte[] utf8 = new byte[n];
                in.readFully(utf8);
                a[k] = new String(utf8, java.nio.charset.StandardCharsets.UTF_8);
            }
        }
        return a;
    }
}
