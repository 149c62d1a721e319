package org.btfmu.fmu;

/**
 * The log categories of a bt-fmu FMU. The packager declares exactly these in
 * {@code <LogCategories>}; the slave honours {@code fmi2SetDebugLogging} for them.
 * Names follow FMI 2.0 §2.2.4 where a standard name exists.
 *
 * <p>Messages with status fmi2Discard, fmi2Error or fmi2Fatal are always passed
 * to the logger, whatever is enabled: an importer that switched logging off
 * still has to learn why a call failed or stopped early.
 */
public enum LogCategory {
    EVENTS("logEvents", "Time events and event iterations of each communication step"),
    TASK_STATUS("logTaskStatus", "Every status change of a behavior-tree task"),
    CALLS("logCalls", "Every FMI function call and the state it finds the instance in"),
    STATUS_WARNING("logStatusWarning", "Warnings, e.g. two active tasks writing one variable"),
    STATUS_DISCARD("logStatusDiscard", "Steps that stopped early (fmi2Discard), and why"),
    STATUS_ERROR("logStatusError", "Errors: wrong calling sequence, bad arguments, failed steps"),
    STATUS_FATAL("logStatusFatal", "Errors after which the instance cannot be used"),
    ALL("logAll", "All of the above");

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
