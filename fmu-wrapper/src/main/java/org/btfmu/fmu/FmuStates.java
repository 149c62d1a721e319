package org.btfmu.fmu;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.btfmu.core.TreeState;

/**
 * The FMU states (fmi2FMUstate) of one instance ({@link StateFormat} is their serialized form).
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
}
