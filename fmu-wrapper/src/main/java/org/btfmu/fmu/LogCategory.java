package org.btfmu.fmu;

/**
 * The log categories of a bt-fmu FMU. The packager declares exactly these in
 * {@code <LogCategories>}; the slave honours {@code fmi2SetDebugLogging} for them.
 * Names follow FMI 2.0 §2.2.4 where a standard name exists.
 *
 * <p>Per-call messages cost the importer's main thread time (formatting, C strings, its
 * logger) at every call, so {@code loggingOn} alone never switches them on ({@link #expected()}).
 *
 * <p>Messages with status fmi2Discard, fmi2Error or fmi2Fatal are always passed
 * to the logger, whatever is enabled: an importer that switched logging off
 * still has to learn why a call failed or stopped early.
 */
public enum LogCategory {
    EVENTS("logEvents", true, "Steps and events in which time events fired or tasks changed status, with the work they took"),
    TASK_STATUS("logTaskStatus", false, "Every status change of a behavior-tree task (only when named)"),
    CALLS("logCalls", false, "Every FMI function call, the state it finds the instance in, and the work of every"
            + " communication step (per call: only when named)"),
    STATUS_WARNING("logStatusWarning", true, "Warnings, e.g. two active tasks writing one variable"),
    STATUS_DISCARD("logStatusDiscard", true, "Steps that stopped early (fmi2Discard), and why"),
    STATUS_ERROR("logStatusError", true, "Errors: wrong calling sequence, bad arguments, failed steps"),
    STATUS_FATAL("logStatusFatal", true, "Errors after which the instance cannot be used"),
    ALL("logAll", false, "All of the above");

    private final String fmiName;
    private final boolean expected;
    private final String description;

    LogCategory(String fmiName, boolean expected, String description) {
        this.fmiName = fmiName;
        this.expected = expected;
        this.description = description;
    }

    /**
     * Whether {@code loggingOn = fmi2True} at fmi2Instantiate, and fmi2SetDebugLogging(fmi2True, 0,
     * NULL), switch it on: what an importer expects to see, nothing per call. The per-call trace
     * ({@link #CALLS}) and every status change ({@link #TASK_STATUS}) only when named (or logAll).
     */
    boolean expected() {
        return expected;
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
