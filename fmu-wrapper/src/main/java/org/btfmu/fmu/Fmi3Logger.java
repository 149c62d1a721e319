package org.btfmu.fmu;

/**
 * Calls the importer's {@code fmi3LogMessageCallback} with C copies of the strings, through a
 * native method that the FMI 3.0 shim registers when it finds {@link Fmi3Entry}
 * (native/src/main/fmi3/shim3.c). FMI 3.0 passes the message as it is, not as a printf format
 * (§2.3.1), so the escaping {@link ImporterLog} does for FMI 2.0 is undone here.
 */
final class Fmi3Logger implements ImporterLog.Sink {

    private final long logger;
    private final long environment;

    /** logger and environment are the C addresses given to fmi3Instantiate* (logger not 0). */
    Fmi3Logger(long logger, long environment) {
        this.logger = logger;
        this.environment = environment;
    }

    @Override
    public void message(int status, String category, String text) {
        long categoryName = NativeMemory.allocateString(category);
        long message = NativeMemory.allocateString(unescape(text));
        try {
            call(logger, environment, status, categoryName, message);
        } finally {
            NativeMemory.free(message);
            NativeMemory.free(categoryName);
        }
    }

    /** The message before {@link ImporterLog#escape}: "%%" and "##" back to one character. */
    static String unescape(String escaped) {
        StringBuilder text = new StringBuilder(escaped.length());
        for (int i = 0; i < escaped.length(); i++) {
            char c = escaped.charAt(i);
            text.append(c);
            if ((c == '%' || c == '#') && i + 1 < escaped.length() && escaped.charAt(i + 1) == c) {
                i++;
            }
        }
        return text.toString();
    }

    /** logMessage(instanceEnvironment, status, category, message): the shim's, by address. */
    private static native void call(long logger, long environment, int status, long category, long message);
}
