package org.btfmu.fmu;

import static org.btfmu.fmu.ImporterLog.ERROR;
import static org.btfmu.fmu.ImporterLog.OK;

import org.btfmu.fmu.FmuStates.Snapshot;

/**
 * The FMU-state functions of one instance (fmi2GetFMUstate … fmi2DeSerializeFMUstate, and the
 * FMI 3.0 ones through the same slave): a snapshot of the engine and of the instance's own
 * state, kept by handle ({@link FmuStates}), restored, freed, serialized ({@link StateFormat}).
 * The calling-sequence checks and the messages are the slave's.
 */
final class FmuStateCalls {

    private final FmuSlave slave;
    private final FmuStates states = new FmuStates();

    FmuStateCalls(FmuSlave slave) {
        this.slave = slave;
    }

    /** fmi2FreeInstance: every state of the instance goes. */
    void clear() {
        states.clear();
    }

    int getFMUstate(long statePointer) {
        if (!slave.callable(FmiFunction.GET_FMU_STATE)) {
            return ERROR;
        }
        if (statePointer == 0) {
            return slave.error("FMUstate is NULL");
        }
        Snapshot snapshot = new Snapshot(slave.fmuType(), slave.stateOrdinal(), slave.startTime,
                slave.stopTimeDefined, slave.stopTime, slave.time(), slave.tree.snapshot());
        NativeMemory.putLong(statePointer, states.keep(NativeMemory.getLong(statePointer), snapshot));
        return OK;
    }

    /** The snapshot of the handle; null after logging if there is none. */
    private Snapshot snapshot(long handle) {
        Snapshot snapshot = states.get(handle);
        if (snapshot == null) {
            slave.error("FMUstate " + (handle == 0 ? "is NULL"
                    : "is not an FMU state of this instance (freed, or from another instance)"));
        }
        return snapshot;
    }

    int setFMUstate(long handle) {
        if (!slave.callable(FmiFunction.SET_FMU_STATE)) {
            return ERROR;
        }
        Snapshot snapshot = snapshot(handle);
        if (snapshot == null) {
            return ERROR;
        }
        slave.tree.restore(snapshot.tree());
        slave.valuesSet();
        slave.startTime = snapshot.startTime();
        slave.stopTimeDefined = snapshot.stopTimeDefined();
        slave.stopTime = snapshot.stopTime();
        slave.restoreState(snapshot);
        return OK;
    }

    int freeFMUstate(long statePointer) {
        if (!slave.callable(FmiFunction.FREE_FMU_STATE)) {
            return ERROR;
        }
        if (statePointer == 0) {
            return slave.error("FMUstate is NULL");
        }
        long handle = NativeMemory.getLong(statePointer);
        if (handle == 0) {
            return OK; // FMI 2.0: freeing a NULL state is ignored
        }
        if (!states.free(handle)) {
            return slave.error("*FMUstate is not an FMU state of this instance (freed, or from another"
                    + " instance)");
        }
        NativeMemory.putLong(statePointer, 0);
        return OK;
    }

    int serializedFMUstateSize(long handle, long sizePointer) {
        if (!slave.callable(FmiFunction.SERIALIZED_FMU_STATE_SIZE)) {
            return ERROR;
        }
        Snapshot snapshot = snapshot(handle);
        if (snapshot == null) {
            return ERROR;
        }
        if (sizePointer == 0) {
            return slave.error("size is NULL");
        }
        NativeMemory.putSize(sizePointer, StateFormat.toBytes(snapshot, slave.resources.guid()).length);
        return OK;
    }

    int serializeFMUstate(long handle, long bytes, long size) {
        if (!slave.callable(FmiFunction.SERIALIZE_FMU_STATE)) {
            return ERROR;
        }
        Snapshot snapshot = snapshot(handle);
        if (snapshot == null) {
            return ERROR;
        }
        if (bytes == 0) {
            return slave.error("serializedState is NULL");
        }
        byte[] serialized = StateFormat.toBytes(snapshot, slave.resources.guid());
        if (size < serialized.length) {
            return slave.error("size " + size + " is too small: the state has " + serialized.length
                    + " bytes (ask fmi2SerializedFMUstateSize)");
        }
        NativeMemory.putBytes(bytes, serialized);
        return OK;
    }

    int deSerializeFMUstate(long bytes, long size, long statePointer) {
        if (!slave.callable(FmiFunction.DESERIALIZE_FMU_STATE)) {
            return ERROR;
        }
        if (bytes == 0 || statePointer == 0) {
            return slave.error((bytes == 0 ? "serializedState" : "FMUstate") + " is NULL");
        }
        if (size < 0 || size > Integer.MAX_VALUE) {
            return slave.error("size " + Long.toUnsignedString(size) + " is not a plausible state size");
        }
        Snapshot snapshot;
        try {
            snapshot = StateFormat.fromBytes(NativeMemory.getBytes(bytes, (int) size), slave.resources.guid(),
                    slave.resources.mission().tree(), slave.fmuType(), slave.stateCount());
        } catch (IllegalArgumentException e) {
            return slave.error(e.getMessage());
        }
        NativeMemory.putLong(statePointer, states.keep(NativeMemory.getLong(statePointer), snapshot));
        return OK;
    }
}
