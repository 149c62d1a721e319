package org.btfmu.fmu;

import java.util.EnumSet;
import java.util.Set;

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
    private final Set<LogCategory> enabled = EnumSet.noneOf(LogCategory.class);
    /**
     * The categories that reach the importer, bit {@code 1 << ordinal()}: what {@link #enabled}
     * asks on every call and step (an EnumSet's contains is a call and a type check), kept
     * from {@code enabled} after every change; 0 without a logger.
     */
    private int passing;

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
     * the categories an importer expects ({@link LogCategory#EXPECTED}), not the per-call ones;
     * off switches every category off.
     */
    void enableAll(boolean on) {
        if (on) {
            enabled.addAll(LogCategory.EXPECTED);
        } else {
            enabled.clear();
        }
        update();
    }

    void enable(LogCategory category, boolean on) {
        if (category == LogCategory.ALL && on) {
            enabled.addAll(EnumSet.allOf(LogCategory.class)); // named: the per-call ones too
        } else if (category == LogCategory.ALL) {
            enabled.clear();
        } else if (on) {
            enabled.add(category);
        } else {
            enabled.remove(category);
            enabled.remove(LogCategory.ALL);
        }
        update();
    }

    private void update() {
        int bits = 0;
        for (LogCategory category : enabled) {
            bits |= 1 << category.ordinal();
        }
        passing = sink == null ? 0 : bits;
    }

    /** Whether messages of the category reach the importer (cheap; check before building one). */
    boolean enabled(LogCategory category) {
        return (passing & 1 << category.ordinal()) != 0;
    }

    /** Passes the message on if its category is enabled, or always for discards and errors. */
    void log(int status, LogCategory category, String message) {
        if (sink == null || (status < DISCARD && (passing & 1 << category.ordinal()) == 0)) {
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
