package org.btfmu.fmu;

import com.sun.jna.Function;
import com.sun.jna.Pointer;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.Set;

/**
 * The importer's {@code fmi2CallbackLogger} of one instance, and which
 * categories fmi2SetDebugLogging enabled. The FMU never writes to stdout or
 * stderr: this is its only voice.
 *
 * <p>The logger is printf-like, so '%' is escaped as "%%"; '#' starts a
 * variable reference in FMI messages (§2.1.5), so it is escaped as "##".
 * JNA, which makes the call, is loaded on the first message only: its first
 * load costs as much as starting the JVM.
 */
final class ImporterLog {

    static final int OK = 0;
    static final int WARNING = 1;
    static final int DISCARD = 2;
    static final int ERROR = 3;
    static final int FATAL = 4;

    private final long logger;
    private final long environment;
    private final byte[] instanceName;
    private final Set<LogCategory> enabled = EnumSet.noneOf(LogCategory.class);
    private Function function;

    /** logger and environment are the C addresses from fmi2CallbackFunctions (logger may be 0). */
    ImporterLog(long logger, long environment, String instanceName, boolean loggingOn) {
        this.logger = logger;
        this.environment = environment;
        this.instanceName = cString(instanceName == null ? "" : instanceName);
        enableAll(loggingOn);
    }

    /** fmi2SetDebugLogging with nCategories == 0: all categories. */
    void enableAll(boolean on) {
        if (on) {
            enabled.addAll(EnumSet.allOf(LogCategory.class));
        } else {
            enabled.clear();
        }
    }

    void enable(LogCategory category, boolean on) {
        if (category == LogCategory.ALL) {
            enableAll(on);
        } else if (on) {
            enabled.add(category);
        } else {
            enabled.remove(category);
            enabled.remove(LogCategory.ALL);
        }
    }

    /** Whether messages of the category reach the importer (cheap; check before building one). */
    boolean enabled(LogCategory category) {
        return logger != 0 && enabled.contains(category);
    }

    /** Passes the message on if its category is enabled, or always for errors. */
    void log(int status, LogCategory category, String message) {
        if (logger == 0 || (status < ERROR && !enabled.contains(category))) {
            return;
        }
        if (function == null) {
            function = Function.getFunction(new Pointer(logger), Function.C_CONVENTION);
        }
        function.invokeVoid(new Object[] {
            environment == 0 ? null : new Pointer(environment),
            instanceName,
            status,
            cString(category.fmiName()),
            cString(escape(message))
        });
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

    private static byte[] cString(String text) {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        byte[] terminated = new byte[utf8.length + 1];
        System.arraycopy(utf8, 0, terminated, 0, utf8.length);
        return terminated;
    }
}
