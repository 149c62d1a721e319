package org.btfmu.fmu;

import static org.btfmu.fmu.ImporterLog.DISCARD;
import static org.btfmu.fmu.ImporterLog.ERROR;
import static org.btfmu.fmu.ImporterLog.OK;

/**
 * The fmi2Get*Status functions of one Co-Simulation instance: fmi2DoStepStatus (steps never
 * run asynchronously: always fmi2OK), fmi2LastSuccessfulTime (where the tree is, also after a
 * step that stopped early) and fmi2Terminated (the mission's Root finished or aborted); every
 * other kind is fmi2Discard.
 */
final class StatusCalls {

    private static final int DO_STEP_STATUS = 0;
    private static final int LAST_SUCCESSFUL_TIME = 2;
    private static final int TERMINATED = 3;

    private final FmuSlave slave;

    StatusCalls(FmuSlave slave) {
        this.slave = slave;
    }

    /** fmi2StatusKind: fmi2DoStepStatus 0 .. fmi2Terminated 3; false after logging if kind is none. */
    private boolean statusKind(int kind) {
        if (kind >= DO_STEP_STATUS && kind <= TERMINATED) {
            return true;
        }
        slave.error("status kind " + kind + " is not an fmi2StatusKind (0 fmi2DoStepStatus, 1 fmi2PendingStatus,"
                + " 2 fmi2LastSuccessfulTime, 3 fmi2Terminated)");
        return false;
    }

    int getStatus(int kind, long value) {
        if (!slave.callable(FmiFunction.GET_STATUS) || !statusKind(kind)) {
            return ERROR;
        }
        if (value == 0) {
            return slave.error("value is NULL");
        }
        if (kind == DO_STEP_STATUS) {
            NativeMemory.putInt(value, OK);
            return OK;
        }
        return DISCARD;
    }

    int getRealStatus(int kind, long value) {
        if (!slave.callable(FmiFunction.GET_REAL_STATUS) || !statusKind(kind)) {
            return ERROR;
        }
        if (value == 0) {
            return slave.error("value is NULL");
        }
        if (kind == LAST_SUCCESSFUL_TIME) {
            NativeMemory.putDouble(value, slave.tree.time());
            return OK;
        }
        return DISCARD;
    }

    int getIntegerStatus(int kind, long value) {
        if (!slave.callable(FmiFunction.GET_INTEGER_STATUS) || !statusKind(kind)) {
            return ERROR;
        }
        return value == 0 ? slave.error("value is NULL") : DISCARD;
    }

    int getBooleanStatus(int kind, long value) {
        if (!slave.callable(FmiFunction.GET_BOOLEAN_STATUS) || !statusKind(kind)) {
            return ERROR;
        }
        if (value == 0) {
            return slave.error("value is NULL");
        }
        if (kind == TERMINATED) {
            NativeMemory.putInt(value, slave.finished() ? 1 : 0);
            return OK;
        }
        return DISCARD;
    }

    int getStringStatus(int kind, long value) {
        if (!slave.callable(FmiFunction.GET_STRING_STATUS) || !statusKind(kind)) {
            return ERROR;
        }
        return value == 0 ? slave.error("value is NULL") : DISCARD;
    }
}
