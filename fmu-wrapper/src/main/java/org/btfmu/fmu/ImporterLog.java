package org.btfmu.fmu;

/**
 * The importer's {@code fmi2CallbackLogger} of one instance, and which
 * categories fmi2SetDebugLogging enabled. The FMU never writes to stdout or
 * stderr: this is its only voice.
 *
 * <p>The logger is printf-like, so '%' is escaped as "%%"; '#' starts a
 * variable reference in FMI messages (§2.1.5), so it is escaped as "##".
 */
final class ImporterLog {

    static final int OK = 0;
    static final int WARNING = 1;
    static final int DISCARD = 2;
    static final int ERROR = 3;
    static final int FATAL = 4;

    /** Where the messages that pass go, escaped as the importer's logger receives them. */
    @FunctionalInterface
    interface Sink {
        void message(int status, String category, String text);
    }

    /** Null when the importer gave no logger. */
    private final Sink sink;
    /**
     * The enabled categories, a bit per ordinal: not an EnumSet, whose first use per enum finds
     * the constants by reflection, on the importer's thread at the first fmi2Instantiate.
     */
    private int enabled;

    /** logger and environment are the C addresses from fmi2CallbackFunctions (logger may be 0). */
    ImporterLog(long logger, long environment, String instanceName, boolean loggingOn) {
        this(logger == 0 ? null
                : new ImporterLogger(logger, environment, instanceName == null ? "" : instanceName),
                loggingOn);
    }

    /** Messages to the sink (null: nowhere), for tests without the shim. */
    ImporterLog(Sink sink, boolean loggingOn) {
        this.sink = sink;
        enableAll(loggingOn);
    }

    /**
     * loggingOn at fmi2Instantiate, and fmi2SetDebugLogging with nCategories == 0: on switches on
     * the categories an importer expects ({@link LogCategory#expected()}), not the per-call ones;
     * off switches every category off.
     */
    void enableAll(boolean on) {
        if (!on) {
            enabled = 0;
            return;
        }
        for (LogCategory category : LogCategory.values()) {
            if (category.expected()) {
                enabled |= bit(category); // added to what is on already
            }
        }
    }

    void enable(LogCategory category, boolean on) {
        if (category == LogCategory.ALL && on) {
            enabled = (1 << LogCategory.values().length) - 1; // named: the per-call ones too
        } else if (category == LogCategory.ALL) {
            enabled = 0;
        } else if (on) {
            enabled |= bit(category);
        } else {
            enabled &= ~(bit(category) | bit(LogCategory.ALL));
        }
    }

    private static int bit(LogCategory category) {
        return 1 << category.ordinal();
    }

    /** Whether messages of the category reach the importer (cheap; check before building one). */
    boolean enabled(LogCategory category) {
        return sink != null && (enabled & bit(category)) != 0;
    }

    /** Passes the message on if its category is enabled, or always for discards and errors. */
    void log(int status, LogCategory category, String message) {
        if (sink == null || (status < DISCARD && (enabled & bit(category)) == 0)) {
            return;
        }
        sink.message(status, category.fmiName(), escape(message));
    }

    /** The message as a printf format that prints it unchanged, with FMI's '#' escaped. */
    static String escape(String message) {
        StringBuilder escaped = new StringBuilder(message.length() + 8);
        for (int i = 0; i < message.length(); i++) {
            char c = message.charAt(i);
            if (c == '%' || c == '#') {
                escaped.append(c);
            }
            escaped.append(c);
        }
        return escaped.toString();
    }
}
