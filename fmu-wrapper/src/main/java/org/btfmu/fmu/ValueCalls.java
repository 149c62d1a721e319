package org.btfmu.fmu;

import static org.btfmu.fmu.ImporterLog.ERROR;
import static org.btfmu.fmu.ImporterLog.OK;

import java.util.function.LongPredicate;
import org.btfmu.core.TreeInstance;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.fmu.ModelVariables.Entry;
import org.btfmu.fmu.ModelVariables.Initial;
import org.btfmu.mission.Causality;
import org.btfmu.mission.Variability;

/**
 * The fmi2Get and fmi2Set functions of values of one {@link FmuSlave}: the checks of value
 * references, types and the calling-sequence table's conditions for setting, the values read
 * from and written to the importer's C arrays without allocation, and the values published for
 * the shim ({@link PublishedValues}). Split from FmuSlave by concern; the slave's state machine
 * and engine stay there.
 */
final class ValueCalls {

    private final FmuSlave slave;
    private final NonFiniteValues nonFinite;
    /** C copies of String values handed out by fmi2GetString, per value reference. */
    private final String[] stringValues;
    private final long[] stringCopies;

    ValueCalls(FmuSlave slave, NonFiniteValues nonFinite) {
        this.slave = slave;
        this.nonFinite = nonFinite;
        this.stringValues = new String[slave.variables.size()];
        this.stringCopies = new long[slave.variables.size()];
    }

    /** fmi2FreeInstance: releases the C copies of strings. */
    void freeStrings() {
        for (int i = 0; i < stringCopies.length; i++) {
            NativeMemory.free(stringCopies[i]);
            stringCopies[i] = 0;
        }
    }

    /** The variable at vr[i] if it exists and has the type; else null after logging. */
    Entry variable(long vrs, long i, SlotType type) {
        long vr = Integer.toUnsignedLong(NativeMemory.getInt(vrs + 4 * i));
        Entry variable = slave.variables.get(vr);
        if (variable == null) {
            slave.error("vr[" + i + "] = " + vr + " is not a value reference of this FMU (it has 0.."
                    + (slave.variables.size() - 1) + ")");
            return null;
        }
        if (variable.type() != type) {
            slave.error("vr[" + i + "] = " + vr + " is the " + typeName(variable.type()) + " variable '"
                    + variable.name() + "', not a " + typeName(type));
            return null;
        }
        return variable;
    }

    /** The variable at vr[i] if it may be set in this state (table conditions 1 to 6); else null. */
    Entry settable(long vrs, long i, SlotType type) {
        Entry variable = variable(vrs, i, type);
        if (variable == null) {
            return null;
        }
        boolean input = variable.causality() == Causality.INPUT;
        boolean exact = variable.initial() == Initial.EXACT;
        char condition = slave.condition();
        boolean allowed = switch (condition) {
            case '1' -> exact;
            case '2' -> exact || input;
            case '3' -> exact || input;
            case '4', '6' -> input || (variable.causality() == Causality.PARAMETER
                    && variable.variability() == Variability.TUNABLE);
            case '5' -> input && variable.type() == SlotType.REAL;
            default -> false;
        };
        if (!allowed) {
            String may = switch (condition) {
                case '1' -> "only parameters can be set before Initialization Mode";
                case '2' -> "only parameters and inputs can be set before Initialization Mode";
                case '3' -> "only parameters and inputs can be set in Initialization Mode";
                case '5' -> "only continuous (Real) inputs can be set in Continuous-Time Mode;"
                        + " set discrete inputs in Event Mode";
                default -> "only inputs and tunable parameters can be set after initialization";
            };
            slave.error("variable '" + variable.name() + "' (" + describe(variable) + ") may not be set in"
                    + " state " + slave.stateName() + ": " + may);
            return null;
        }
        return variable;
    }

    private static String describe(Entry variable) {
        String causality = variable.isTaskStatus() ? "task status output"
                : variable.causality().name().toLowerCase();
        return variable.variability() == Variability.TUNABLE || variable.variability() == Variability.FIXED
                ? variable.variability().name().toLowerCase() + " " + causality : causality;
    }

    private static String typeName(SlotType type) {
        return switch (type) {
            case REAL -> "Real";
            case INTEGER -> "Integer";
            case BOOLEAN -> "Boolean";
            case STRING -> "String";
        };
    }


    int getReal(long vrs, long n, long values) {
        if (!slave.callable(FmiFunction.GET_REAL) || !slave.arrays(n, vrs, values)) {
            return ERROR;
        }
        TreeInstance view = slave.reading();
        for (long i = 0; i < n; i++) {
            Entry variable = variable(vrs, i, SlotType.REAL);
            if (variable == null) {
                return ERROR;
            }
            NativeMemory.putDouble(values + 8 * i, view.getReal(variable.slot()));
        }
        publish(view);
        return OK;
    }

    int getInteger(long vrs, long n, long values) {
        if (!slave.callable(FmiFunction.GET_INTEGER) || !slave.arrays(n, vrs, values)) {
            return ERROR;
        }
        TreeInstance view = slave.reading();
        for (long i = 0; i < n; i++) {
            Entry variable = variable(vrs, i, SlotType.INTEGER);
            if (variable == null) {
                return ERROR;
            }
            int value = variable.isTaskStatus()
                    ? ModelVariables.statusValue(view.status(variable.taskIndex()))
                    : view.getInteger(variable.slot());
            NativeMemory.putInt(values + 4 * i, value);
        }
        publish(view);
        return OK;
    }

    int getBoolean(long vrs, long n, long values) {
        if (!slave.callable(FmiFunction.GET_BOOLEAN) || !slave.arrays(n, vrs, values)) {
            return ERROR;
        }
        TreeInstance view = slave.reading();
        for (long i = 0; i < n; i++) {
            Entry variable = variable(vrs, i, SlotType.BOOLEAN);
            if (variable == null) {
                return ERROR;
            }
            NativeMemory.putInt(values + 4 * i, view.getBoolean(variable.slot()) ? 1 : 0);
        }
        publish(view);
        return OK;
    }

    /**
     * After a fmi2GetReal/Integer/Boolean or fmi2DoStep that succeeded in Step Mode of
     * Co-Simulation: every value as this call saw it, for the shim to answer the next reads from
     * (and take the next sets of inputs) until it calls Java again. Not with logCalls on (every call is logged here) nor in Initialization Mode
     * (whose preview is rebuilt on the next set) nor for Model Exchange (its values move with
     * time and states).
     */
    void publish(TreeInstance view) {
        if (view == slave.tree && slave.state() == FmiState.STEP_COMPLETE && slave.fmuType() == 1
                && !slave.log.enabled(LogCategory.CALLS)) {
            slave.published.publish(view);
        }
    }

    int getString(long vrs, long n, long values) {
        if (!slave.callable(FmiFunction.GET_STRING) || !slave.arrays(n, vrs, values)) {
            return ERROR;
        }
        TreeInstance view = slave.reading();
        for (long i = 0; i < n; i++) {
            Entry variable = variable(vrs, i, SlotType.STRING);
            if (variable == null) {
                return ERROR;
            }
            int vr = variable.valueReference();
            String value = view.getString(variable.slot());
            if (!value.equals(stringValues[vr])) {
                // The importer may hold the old pointer until its next call; we keep ours until
                // the value changes.
                NativeMemory.free(stringCopies[vr]);
                stringCopies[vr] = NativeMemory.allocateString(value);
                stringValues[vr] = value;
            }
            NativeMemory.putLong(values + 8 * i, stringCopies[vr]);
        }
        return OK;
    }

    int setReal(long vrs, long n, long values) {
        if (!slave.callable(FmiFunction.SET_REAL) || !slave.arrays(n, vrs, values)) {
            return ERROR;
        }
        for (long i = 0; i < n; i++) {
            Entry variable = settable(vrs, i, SlotType.REAL);
            if (variable == null) {
                return ERROR;
            }
            String refusal = nonFinite.refusal(variable, i, NativeMemory.getDouble(values + 8 * i), slave.log, slave.functionName());
            if (refusal != null) {
                return slave.error(refusal);
            }
        }
        for (long i = 0; i < n; i++) {
            Entry variable = slave.variables.get(Integer.toUnsignedLong(NativeMemory.getInt(vrs + 4 * i)));
            slave.tree.setReal(variable.slot(), NativeMemory.getDouble(values + 8 * i));
        }
        slave.valuesSet();
        return OK;
    }

    int setInteger(long vrs, long n, long values) {
        if (!slave.callable(FmiFunction.SET_INTEGER) || !slave.arrays(n, vrs, values)) {
            return ERROR;
        }
        for (long i = 0; i < n; i++) {
            if (settable(vrs, i, SlotType.INTEGER) == null) {
                return ERROR;
            }
        }
        for (long i = 0; i < n; i++) {
            Entry variable = slave.variables.get(Integer.toUnsignedLong(NativeMemory.getInt(vrs + 4 * i)));
            slave.tree.setInteger(variable.slot(), NativeMemory.getInt(values + 4 * i));
        }
        slave.valuesSet();
        return OK;
    }

    int setBoolean(long vrs, long n, long values) {
        if (!slave.callable(FmiFunction.SET_BOOLEAN) || !slave.arrays(n, vrs, values)) {
            return ERROR;
        }
        return setBooleans(vrs, n, i -> NativeMemory.getInt(values + 4 * i) != 0); // fmi2Boolean: int
    }

    /**
     * The n Boolean values at vr[0..n-1], once every one of them may be set; value(i) reads the
     * i-th from the importer's array (an fmi2Boolean int, an fmi3Boolean byte).
     */
    int setBooleans(long vrs, long n, LongPredicate value) {
        for (long i = 0; i < n; i++) {
            if (settable(vrs, i, SlotType.BOOLEAN) == null) {
                return ERROR;
            }
        }
        for (long i = 0; i < n; i++) {
            Entry variable = slave.variables.get(Integer.toUnsignedLong(NativeMemory.getInt(vrs + 4 * i)));
            slave.tree.setBoolean(variable.slot(), value.test(i));
        }
        slave.valuesSet();
        return OK;
    }

    int setString(long vrs, long n, long values) {
        if (!slave.callable(FmiFunction.SET_STRING) || !slave.arrays(n, vrs, values)) {
            return ERROR;
        }
        for (long i = 0; i < n; i++) {
            if (settable(vrs, i, SlotType.STRING) == null) {
                return ERROR;
            }
            if (NativeMemory.getLong(values + 8 * i) == 0) {
                return slave.error("value[" + i + "] is NULL");
            }
        }
        for (long i = 0; i < n; i++) {
            Entry variable = slave.variables.get(Integer.toUnsignedLong(NativeMemory.getInt(vrs + 4 * i)));
            slave.tree.setString(variable.slot(), NativeMemory.getString(NativeMemory.getLong(values + 8 * i)));
        }
        slave.valuesSet();
        return OK;
    }
}
