package org.btfmu.fmu;

import java.util.ArrayList;
import java.util.List;
import org.btfmu.core.TreeInstance;
import org.btfmu.fmu.ModelVariables.Entry;

/**
 * The Real, Integer and Boolean values of one FMI 2.0 instance, copied into C memory that the
 * shim reads (native/src/main/c/shim.c, {@code Published}), so that an importer reading its
 * outputs one variable at a time (OMSimulator calls {@code fmi2GetReal} once per variable and
 * step) pays one up-call into Java per step instead of one per variable.
 *
 * <p>Layout: {@code int32 valid}, {@code int32 count}, one type byte per value reference
 * ({@link #REAL}, {@link #INTEGER}, {@link #BOOLEAN}, 0 for a String), padded to 8 bytes, then
 * one 8-byte value per value reference (a double; an int64 for Integer and Boolean). The
 * shim clears {@code valid} before it forwards any call to Java; {@link #publish} sets it
 * again. While it is set, the shim answers a {@code fmi2GetReal/Integer/Boolean} whose value
 * references all have the asked type from here; anything else goes to Java as before.
 */
final class PublishedValues {

    static final byte REAL = 1;
    static final byte INTEGER = 2;
    static final byte BOOLEAN = 3;

    /** Per kind, the value references and where each value lives (slot, or task index). */
    private final int[] realVrs;
    private final int[] realSlots;
    private final int[] integerVrs;
    private final int[] integerSlots;
    private final int[] statusVrs;
    private final int[] statusTasks;
    private final int[] booleanVrs;
    private final int[] booleanSlots;
    private final long address;
    private final long values;

    PublishedValues(ModelVariables variables) {
        int count = variables.size();
        long types = (count + 7L) & ~7L;
        this.address = NativeMemory.allocateZeroed(8 + types + 8L * count);
        this.values = address + 8 + types;
        NativeMemory.putInt(address + 4, count);
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
            NativeMemory.putByte(address + 8 + v.valueReference(), type);
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
        realSlots = reals.stream().mapToInt(Entry::slot).toArray();
        integerVrs = vrs(integers);
        integerSlots = integers.stream().mapToInt(Entry::slot).toArray();
        statusVrs = vrs(statuses);
        statusTasks = statuses.stream().mapToInt(Entry::taskIndex).toArray();
        booleanVrs = vrs(booleans);
        booleanSlots = booleans.stream().mapToInt(Entry::slot).toArray();
    }

    private static int[] vrs(List<Entry> entries) {
        return entries.stream().mapToInt(Entry::valueReference).toArray();
    }

    /** Where the shim finds the values. */
    long address() {
        return address;
    }

    /** Writes every value of the view and marks them valid until the shim's next call into Java. */
    void publish(TreeInstance view) {
        for (int i = 0; i < realVrs.length; i++) {
            NativeMemory.putDouble(values + 8L * realVrs[i], view.getReal(realSlots[i]));
        }
        for (int i = 0; i < integerVrs.length; i++) {
            NativeMemory.putLong(values + 8L * integerVrs[i], view.getInteger(integerSlots[i]));
        }
        for (int i = 0; i < statusVrs.length; i++) {
            NativeMemory.putLong(values + 8L * statusVrs[i],
                    ModelVariables.statusValue(view.status(statusTasks[i])));
        }
        for (int i = 0; i < booleanVrs.length; i++) {
            NativeMemory.putLong(values + 8L * booleanVrs[i], view.getBoolean(booleanSlots[i]) ? 1 : 0);
        }
        NativeMemory.putInt(address, 1);
    }

    /** Whether the shim may answer reads from here (for tests). */
    boolean valid() {
        return NativeMemory.getInt(address) != 0;
    }

    void free() {
        NativeMemory.free(address);
    }
}
