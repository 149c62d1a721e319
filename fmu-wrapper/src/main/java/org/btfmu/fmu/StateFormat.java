package org.btfmu.fmu;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32C;
import org.btfmu.core.TreeDefinition;
import org.btfmu.core.TreeState;
import org.btfmu.fmu.FmuStates.Snapshot;

/**
 * The serialized form of an FMU state (fmi2SerializeFMUstate), big-endian:
 * <pre>
 *   int magic "BTFS", int format version, int total length in bytes,
 *   short GUID length, the FMU's GUID (UTF-8),
 *   int fmuType, int calling-sequence state, int stopTimeDefined,
 *   double startTime, double stopTime, double time,
 *   int engine-state length, the engine state ({@link TreeState#toBytes}),
 *   int CRC-32C of everything before it
 * </pre>
 * A state of another FMU (GUID), of another format version, truncated, or with any
 * bit changed (CRC-32C detects every error of up to three bits in states of this size)
 * is refused before any of it is used.
 */
final class StateFormat {

    static final int MAGIC = 0x42544653; // "BTFS"
    /** 3: GUID, total length and CRC-32C added. */
    static final int VERSION = 3;
    /** magic, version and total length: what is read before anything else. */
    private static final int PREAMBLE = 12;
    private static final int CHECKSUM = 4;

    private StateFormat() {
    }

    static byte[] toBytes(Snapshot snapshot, String guid) {
        byte[] tree = snapshot.tree().toBytes();
        byte[] id = guid.getBytes(StandardCharsets.UTF_8);
        int total = PREAMBLE + 2 + id.length + 3 * 4 + 3 * 8 + 4 + tree.length + CHECKSUM;
        ByteBuffer buffer = ByteBuffer.allocate(total)
                .putInt(MAGIC).putInt(VERSION).putInt(total)
                .putShort((short) id.length).put(id)
                .putInt(snapshot.fmuType()).putInt(snapshot.fmiState()).putInt(snapshot.stopTimeDefined() ? 1 : 0)
                .putDouble(snapshot.startTime()).putDouble(snapshot.stopTime()).putDouble(snapshot.time())
                .putInt(tree.length).put(tree);
        buffer.putInt(checksum(buffer.array(), total - CHECKSUM));
        return buffer.array();
    }

    /**
     * The snapshot written by {@link #toBytes} by an instance of the FMU {@code guid} and the
     * interface {@code fmuType} with {@code states} calling-sequence states; otherwise
     * IllegalArgumentException saying what is wrong.
     */
    static Snapshot fromBytes(byte[] bytes, String guid, TreeDefinition definition, int fmuType, int states) {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        if (bytes.length >= 4 && buffer.getInt(0) != MAGIC) {
            throw new IllegalArgumentException("serializedState is not an FMU state of a bt-fmu FMU"
                    + " (it does not start with the bytes 'BTFS')");
        }
        if (bytes.length < PREAMBLE) {
            throw new IllegalArgumentException("serializedState is truncated: " + bytes.length
                    + " bytes, fewer than any FMU state has");
        }
        int version = buffer.getInt(4);
        if (version != VERSION) {
            throw new IllegalArgumentException("serializedState has format version " + version
                    + "; this FMU reads version " + VERSION + " only");
        }
        int total = buffer.getInt(8);
        if (total != bytes.length) {
            throw new IllegalArgumentException("serializedState is "
                    + (bytes.length < total || total < 0 ? "truncated" : "too long") + ": size is " + bytes.length
                    + " bytes, the state written has " + Integer.toUnsignedString(total));
        }
        int stored = buffer.getInt(total - CHECKSUM);
        int computed = checksum(bytes, total - CHECKSUM);
        if (stored != computed) {
            throw new IllegalArgumentException("serializedState is corrupted: its CRC-32C is "
                    + Integer.toHexString(computed) + ", it was written with " + Integer.toHexString(stored));
        }
        buffer.position(PREAMBLE).limit(total - CHECKSUM);
        try {
            return snapshot(buffer, guid, definition, fmuType, states);
        } catch (java.nio.BufferUnderflowException e) {
            // only a writer other than toBytes gets here: the checksum matched
            throw new IllegalArgumentException("serializedState is malformed: its fields run past its end", e);
        }
    }

    private static Snapshot snapshot(ByteBuffer buffer, String guid, TreeDefinition definition, int fmuType,
            int states) {
        byte[] id = new byte[Short.toUnsignedInt(buffer.getShort())];
        buffer.get(id);
        String written = new String(id, StandardCharsets.UTF_8);
        if (!written.equals(guid)) {
            throw new IllegalArgumentException("serializedState is a state of the FMU with GUID " + written
                    + "; this FMU's GUID is " + guid);
        }
        int type = buffer.getInt();
        int fmiState = buffer.getInt();
        if (type != fmuType) {
            throw new IllegalArgumentException("serializedState is the state of a "
                    + (type == 0 ? "Model Exchange" : "Co-Simulation") + " instance; this one is "
                    + (fmuType == 0 ? "Model Exchange" : "Co-Simulation"));
        }
        if (fmiState < 0 || fmiState >= states) {
            throw new IllegalArgumentException("serializedState has calling-sequence state " + fmiState
                    + "; this interface has " + states);
        }
        boolean stopTimeDefined = buffer.getInt() != 0;
        double startTime = buffer.getDouble();
        double stopTime = buffer.getDouble();
        double time = buffer.getDouble();
        int length = buffer.getInt();
        if (length != buffer.remaining()) {
            throw new IllegalArgumentException("serializedState is malformed: " + buffer.remaining()
                    + " bytes of engine state where " + length + " were written");
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

    private static int checksum(byte[] bytes, int length) {
        CRC32C crc = new CRC32C();
        crc.update(bytes, 0, length);
        return (int) crc.getValue();
    }
}
