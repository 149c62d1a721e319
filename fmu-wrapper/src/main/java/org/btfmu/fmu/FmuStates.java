package org.btfmu.fmu;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.btfmu.core.TreeDefinition;
import org.btfmu.core.TreeState;

/**
 * The FMU states (fmi2FMUstate) of one instance and their serialized form.
 * A handle is what the importer holds as the fmi2FMUstate pointer; handles are
 * unique in the runtime's class loader (shared by FMUs with equal runtime jars),
 * so a state of another instance, of this FMU or another, is recognised as foreign.
 */
final class FmuStates {

    /**
     * Everything needed to continue identically: the engine's state and the instance's own.
     * {@code fmuType} is fmi2ModelExchange (0) or fmi2CoSimulation (1), {@code fmiState} the
     * ordinal of its interface's state ({@link ModelExchangeState}, {@link FmiState}),
     * {@code time} the importer's time (a Model Exchange instance may be ahead of its tree).
     */
    record Snapshot(int fmuType, int fmiState, double startTime, boolean stopTimeDefined, double stopTime,
            double time, TreeState tree) {
    }

    private static final AtomicLong HANDLES = new AtomicLong();
    private static final int MAGIC = 0x42544653; // "BTFS"
    private static final int VERSION = 2;
    private static final int HEADER = 48;

    private final Map<Long, Snapshot> byHandle = new HashMap<>();

    /** Stores the snapshot under the handle if it is one of ours (FMI lets us reuse it), else a new one. */
    long keep(long handle, Snapshot snapshot) {
        if (!byHandle.containsKey(handle)) {
            handle = HANDLES.incrementAndGet();
        }
        byHandle.put(handle, snapshot);
        return handle;
    }

    /** The snapshot of the handle, or null if it is not one of this instance's. */
    Snapshot get(long handle) {
        return byHandle.get(handle);
    }

    boolean free(long handle) {
        return byHandle.remove(handle) != null;
    }

    void clear() {
        byHandle.clear();
    }

    static byte[] toBytes(Snapshot snapshot) {
        byte[] tree = snapshot.tree().toBytes();
        return ByteBuffer.allocate(HEADER + tree.length)
                .putInt(MAGIC).putInt(VERSION).putInt(snapshot.fmuType()).putInt(snapshot.fmiState())
                .putInt(snapshot.stopTimeDefined() ? 1 : 0).putDouble(snapshot.startTime())
                .putDouble(snapshot.stopTime()).putDouble(snapshot.time()).putInt(tree.length).put(tree)
                .array();
    }

    /**
     * The snapshot written by {@link #toBytes} by an instance of the interface {@code fmuType}
     * with {@code states} calling-sequence states; IllegalArgumentException saying what is wrong.
     */
    static Snapshot fromBytes(byte[] bytes, TreeDefinition definition, int fmuType, int states) {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        if (bytes.length < HEADER || buffer.getInt() != MAGIC) {
            throw new IllegalArgumentException("serializedState is not an FMU state of a bt-fmu FMU");
        }
        int version = buffer.getInt();
        int type = buffer.getInt();
        int fmiState = buffer.getInt();
        if (version != VERSION || fmiState < 0 || fmiState >= states) {
            throw new IllegalArgumentException("serializedState has version " + version
                    + " and state " + fmiState + "; this FMU reads version " + VERSION);
        }
        if (type != fmuType) {
            throw new IllegalArgumentException("serializedState is the state of a "
                    + (type == 0 ? "Model Exchange" : "Co-Simulation") + " instance; this one is "
                    + (fmuType == 0 ? "Model Exchange" : "Co-Simulation"));
        }
        boolean stopTimeDefined = buffer.getInt() != 0;
        double startTime = buffer.getDouble();
        double stopTime = buffer.getDouble();
        double time = buffer.getDouble();
        int length = buffer.getInt();
        if (length != buffer.remaining()) {
            throw new IllegalArgumentException("serializedState is truncated or too long: "
                    + buffer.remaining() + " bytes of engine state where " + length + " were written");
        }
        byte[] tree = new byte[length];
        buffer.get(tree);
        TreeState treeState;
        try {
            treeState = TreeState.fromBytes(definition, tree);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("serializedState does not fit this FMU's mission: "
                    + e.getMessage(), e);
        }
        return new Snapshot(fmuType, fmiState, startTime, stopTimeDefined, stopTime, time, treeState);
    }
}
