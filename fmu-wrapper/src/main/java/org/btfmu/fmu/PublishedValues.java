package org.btfmu.fmu;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.btfmu.core.TreeDefinition;
import org.btfmu.core.TreeInstance;
import org.btfmu.fmu.ModelVariables.Entry;
import org.btfmu.mission.Causality;

/**
 * The Real, Integer and Boolean values of one FMI 2.0 instance, copied into C memory that the
 * shim reads (native/src/main/c/shim.c, {@code Published}), so that an importer reading its
 * outputs one variable at a time (OMSimulator calls {@code fmi2GetReal} once per variable and
 * step) pays one up-call into Java per step instead of one per variable; and the sets of
 * inputs the shim may take without Java, until Java's next call.
 *
 * <p>Layout, from a 64-byte boundary: {@code int32 valid}, {@code int32 count},
 * {@code int32 pending}, {@code int32 capacity}; one kind byte per value reference, its type
 * ({@link #REAL}, {@link #INTEGER}, {@link #BOOLEAN}, 0 for a String) or'ed with its flags
 * ({@link #SET_HERE}, {@link #FEEDS}), padded to 8 bytes; one 8-byte value per value reference
 * (a double; an int64 for Integer and Boolean); then {@code capacity} pending sets of 16 bytes
 * ({@code int32 vr}, 4 unused, the 8-byte value). A read in the shim touches the header's
 * cache line (which holds the kinds of the first 48 value references) and its value's. The shim clears {@code valid} before it
 * forwards any call to Java; {@link #publish} sets it again. While it is set, the shim answers a
 * {@code fmi2GetReal/Integer/Boolean} whose value references all have the asked type from here,
 * and appends a {@code fmi2SetReal/Integer/Boolean} whose value references all carry
 * {@link #SET_HERE} (and whose Real values are finite) to the pending list, which
 * {@link #applyPending} hands to the tree before Java serves its next call. Java alone decides
 * what the flags say and when {@code valid} holds; the shim only copies.
 */
final class PublishedValues {

    static final byte REAL = 1;
    static final byte INTEGER = 2;
    static final byte BOOLEAN = 3;

    /**
     * An input the shim may take sets of while values are valid: only Step Mode of
     * Co-Simulation publishes, where every input may be set; no task assigns it, so it reads
     * back as set; the only check left is a Real's finiteness, which the shim makes (a
     * non-finite value goes to Java, which applies the mission's nonFinite policy).
     */
    static final byte SET_HERE = 4;
    /** A variable an output expression can carry a set input into at once (the shim asks Java). */
    static final byte FEEDS = 8;

    private static final int HEADER = 16;
    private static final int PENDING_ENTRY = 16;

    /** Per kind, the value references and where each value lives (slot, or task index). */
    private final int[] realVrs;
    private final int[] realSlots;
    private final int[] integerVrs;
    private final int[] integerSlots;
    private final int[] statusVrs;
    private final int[] statusTasks;
    private final int[] booleanVrs;
    private final int[] booleanSlots;
    /** Per value reference: its slot, and the type byte (for applying pending sets). */
    private final int[] slotOf;
    private final byte[] typeOf;
    /** What was allocated (freed), and the 64-byte boundary in it where the layout starts. */
    private final long allocated;
    private final long address;
    private final long values;
    private final long pendingList;
    /**
     * Per value reference, the 8 bytes its place in C memory holds (zeroed when allocated; then
     * what {@link #publish} wrote or a set the shim took wrote): publish writes only the values
     * that differ. Most values stay the same from step to step, and until the JIT has compiled
     * the step, each write is a chain of interpreted calls (the first thousands of steps run on
     * the importer's thread; BENCHMARKS.md section 6).
     */
    private final long[] written;
    /**
     * The same for Real values, as doubles: compared with {@code ==}, not through
     * Double.doubleToRawLongBits (a native method until the JIT has compiled the step; a
     * zero's sign is compared apart, NaN never compares equal and is always written).
     */
    private final double[] writtenReal;
    /**
     * The engine instance the values were last published from and its {@link
     * TreeInstance#changeCount()} then: while both are the same, what is in C memory is what
     * {@link #publish} would write (OMSimulator's steps mostly set inputs, which the shim wrote
     * here itself, and change no output or status). Null until the first publish.
     */
    private TreeInstance publishedFrom;
    private long publishedChanges;

    PublishedValues(ModelVariables variables, TreeDefinition tree) {
        int count = variables.size();
        long padded = (count + 7L) & ~7L;
        int capacity = 2 * count + 16;
        this.allocated = NativeMemory.allocateZeroed(63 + HEADER + padded + 8L * count + (long) PENDING_ENTRY * capacity);
        this.address = (allocated + 63) & ~63L;
        this.values = address + HEADER + padded;
        this.pendingList = values + 8L * count;
        NativeMemory.putInt(address + 4, count);
        NativeMemory.putInt(address + 12, capacity);
        this.written = new long[count];
        this.writtenReal = new double[count];
        this.slotOf = new int[count];
        this.typeOf = new byte[count];
        BitSet inputs = new BitSet();
        for (Entry v : variables.entries()) {
            if (v.causality() == Causality.INPUT && !v.isTaskStatus()) {
                inputs.set(v.slot());
            }
        }
        List<Entry> reals = new ArrayList<>();
        List<Entry> integers = new ArrayList<>();
        List<Entry> statuses = new ArrayList<>();
        List<Entry> booleans = new ArrayList<>();
        for (Entry v : variables.entries()) {
            byte type = switch (v.type()) {
                case REAL -> REAL;
                case INTEGER -> INTEGER;
                case BOOLEAN -> BOOLEAN;
                case STRING -> 0;
            };
            NativeMemory.putByte(address + HEADER + v.valueReference(), (byte) (type | flags(v, type, tree, inputs)));
            slotOf[v.valueReference()] = v.slot();
            typeOf[v.valueReference()] = type;
            switch (v.type()) {
                case REAL -> reals.add(v);
                case INTEGER -> (v.isTaskStatus() ? statuses : integers).add(v);
                case BOOLEAN -> booleans.add(v);
                case STRING -> {
                    // fmi2GetString always goes to Java (it hands out C copies it owns)
                }
            }
        }
        realVrs = vrs(reals);
        realSlots = slots(reals);
        integerVrs = vrs(integers);
        integerSlots = slots(integers);
        statusVrs = vrs(statuses);
        statusTasks = new int[statuses.size()];
        for (int i = 0; i < statusTasks.length; i++) {
            statusTasks[i] = statuses.get(i).taskIndex();
        }
        booleanVrs = vrs(booleans);
        booleanSlots = slots(booleans);
    }

    /** The flags of a variable (see {@link #SET_HERE}, {@link #FEEDS}). */
    private static byte flags(Entry v, byte type, TreeDefinition tree, BitSet inputs) {
        if (type == 0 || v.isTaskStatus()) {
            return 0; // statuses change only at fmi2DoStep
        }
        boolean inTree = v.slot() < tree.blackboard().size();
        if (v.causality() == Causality.INPUT && (!inTree || tree.valueSources(v.slot()).length == 0)) {
            return SET_HERE;
        }
        if (inTree) {
            for (int s : tree.expressionSources(v.slot())) {
                if (inputs.get(s)) {
                    return FEEDS;
                }
            }
        }
        return 0;
    }

    // Loops, not streams: this runs once per instance on the importer's thread, interpreted
    // (a stream's first use there costs more than the whole loop; BENCHMARKS.md section 6).
    private static int[] vrs(List<Entry> entries) {
        int[] vrs = new int[entries.size()];
        for (int i = 0; i < vrs.length; i++) {
            vrs[i] = entries.get(i).valueReference();
        }
        return vrs;
    }

    private static int[] slots(List<Entry> entries) {
        int[] slots = new int[entries.size()];
        for (int i = 0; i < slots.length; i++) {
            slots[i] = entries.get(i).slot();
        }
        return slots;
    }

    /** Where the shim finds the values. */
    long address() {
        return address;
    }

    /**
     * Writes every value of the view (unless nothing changed since they were written) and marks
     * them valid until the shim's next call into Java.
     */
    void publish(TreeInstance view) {
        long changes = view.changeCount();
        if (view != publishedFrom || changes != publishedChanges) {
            write(view);
            publishedFrom = view;
            publishedChanges = changes;
        }
        NativeMemory.putInt(address, 1);
    }

    /**
     * The loops read the view's slots unchecked and compare inline: each call saved counts
     * while the step runs interpreted, on the importer's thread (BENCHMARKS.md section 6).
     */
    private void write(TreeInstance view) {
        for (int i = 0; i < realVrs.length; i++) {
            double value = view.real(realSlots[i]);
            int vr = realVrs[i];
            double old = writtenReal[vr];
            if (value != old || value == 0.0 && 1 / value != 1 / old) {
                writtenReal[vr] = value;
                NativeMemory.putDouble(values + 8L * vr, value);
            }
        }
        for (int i = 0; i < integerVrs.length; i++) {
            write(integerVrs[i], view.integer(integerSlots[i]));
        }
        for (int i = 0; i < statusVrs.length; i++) {
            write(statusVrs[i], ModelVariables.statusValue(view.status(statusTasks[i])));
        }
        for (int i = 0; i < booleanVrs.length; i++) {
            write(booleanVrs[i], view.bool(booleanSlots[i]) ? 1 : 0);
        }
    }

    /** Puts the 8 bytes at the value reference's place unless they are there already. */
    private void write(int vr, long bytes) {
        if (written[vr] != bytes) {
            written[vr] = bytes;
            NativeMemory.putLong(values + 8L * vr, bytes);
        }
    }

    /**
     * Hands the sets the shim took since Java's last call to the tree, in their order, and
     * empties the list; false when there were none. Each was checked by the shim against the
     * flags published for the state they were taken in. The shim wrote each value into C memory
     * too, and inputs it may take have no writer in the tree (their value is the one set), so
     * values published from this tree stay current through these sets.
     */
    boolean applyPending(TreeInstance tree) {
        int n = NativeMemory.getInt(address + 8);
        if (n == 0) {
            return false;
        }
        boolean current = tree == publishedFrom && tree.changeCount() == publishedChanges;
        for (int k = 0; k < n; k++) {
            long entry = pendingList + (long) PENDING_ENTRY * k;
            int vr = NativeMemory.getInt(entry);
            int slot = slotOf[vr];
            // the shim put these bytes at vr's place too
            switch (typeOf[vr]) {
                case REAL -> {
                    double value = NativeMemory.getDouble(entry + 8);
                    writtenReal[vr] = value;
                    tree.setReal(slot, value);
                }
                case INTEGER -> {
                    long value = NativeMemory.getLong(entry + 8);
                    written[vr] = value;
                    tree.setInteger(slot, (int) value);
                }
                default -> {
                    long value = NativeMemory.getLong(entry + 8);
                    written[vr] = value;
                    tree.setBoolean(slot, value != 0);
                }
            }
        }
        NativeMemory.putInt(address + 8, 0);
        if (current) {
            publishedChanges = tree.changeCount();
        }
        return true;
    }

    /** Whether the shim may answer reads from here (for tests). */
    boolean valid() {
        return NativeMemory.getInt(address) != 0;
    }

    void free() {
        NativeMemory.free(allocated);
    }
}
