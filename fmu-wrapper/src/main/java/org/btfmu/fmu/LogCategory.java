package org.btfmu.fmu;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * The log categories of a bt-fmu FMU. The packager declares exactly these in
 * {@code <LogCategories>}; the slave honours {@code fmi2SetDebugLogging} for them.
 * Names follow FMI 2.0 §2.2.4 where a standard name exists.
 *
 * <p>Per-call messages cost the importer's main thread time (formatting, C strings, its
 * logger) at every call, so {@code loggingOn} alone never switches them on ({@link #EXPECTED}).
 *
 * <p>Messages with status fmi2Discard, fmi2Error or fmi2Fatal are always passed
 * to the logger, whatever is enabled: an importer that switched logging off
 * still has to learn why a call failed or stopped early.
 */
public enum LogCategory {
    EVENTS("logEvents", "Steps and events in which time events fired or tasks changed status, with the work they took"),
    TASK_STATUS("logTaskStatus", "Every status change of a behavior-tree task (only when named)"),
    CALLS("logCalls", "Every FMI function call, the state it finds the instance in, and the work of every"
            + " communication step (per call: only when named)"),
    STATUS_WARNING("logStatusWarning", "Warnings, e.g. two active tasks writing one variable"),
    STATUS_DISCARD("logStatusDiscard", "Steps that stopped early (fmi2Discard), and why"),
    STATUS_ERROR("logStatusError", "Errors: wrong calling sequence, bad arguments, failed steps"),
    STATUS_FATAL("logStatusFatal", "Errors after which the instance cannot be used"),
    ALL("logAll", "All of the above");

    /**
     * What {@code loggingOn = fmi2True} at fmi2Instantiate, and fmi2SetDebugLogging(fmi2True, 0,
     * NULL), switch on: what an importer expects to see, nothing per call. The per-call trace
     * ({@link #CALLS}) and every status change ({@link #TASK_STATUS}) only when named (or logAll).
     */
    static final Set<LogCategory> EXPECTED = Collections.unmodifiableSet(
            EnumSet.of(EVENTS, STATUS_WARNING, STATUS_DISCARD, STATUS_ERROR, STATUS_FATAL));

    private final String fmiName;
    private final String description;

    LogCategory(String fmiName, String description) {
        this.fmiName = fmiName;
        this.description = description;
    }

    /** The category name in modelDescription.xml and in fmi2SetDebugLogging. */
    public String fmiName() {
        return fmiName;
    }

    public String description() {
        return description;
    }

    /** The category with this FMI name, or null. */
    public static LogCategory byFmiName(String name) {
        for (LogCategory category : values()) {
            if (category.fmiName.equals(name)) {
                return category;
            }
        }
        return null;
    }
}
