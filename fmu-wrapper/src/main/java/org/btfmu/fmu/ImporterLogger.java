package org.btfmu.fmu;

/**
 * Calls the importer's {@code fmi2CallbackLogger} with C copies of the strings, through a
 * native method that the shim registers when it loads the runtime
 * (native/src/main/c/runtime.c): the shim already runs in the importer's process, so the
 * call costs nothing to set up, where JNA's first use takes about 60 ms and writes its
 * native library to a temporary directory.
 */
final class ImporterLogger implements ImporterLog.Sink {

    private final long logger;
    private final long environment;
    private final String instanceName;

    /** logger and environment are the C addresses from fmi2CallbackFunctions (logger not 0). */
    ImporterLogger(long logger, long environment, String instanceName) {
        this.logger = logger;
        this.environment = environment;
        this.instanceName = instanceName;
    }

    @Override
    public void message(int status, String category, String text) {
        long name = NativeMemory.allocateString(instanceName);
        long categoryName = NativeMemory.allocateString(category);
        long format = NativeMemory.allocateString(text);
        try {
            call(logger, environment, name, status, categoryName, format);
        } finally {
            NativeMemory.free(format);
            NativeMemory.free(categoryName);
            NativeMemory.free(name);
        }
    }

    /** logger(environment, instanceName, status, category, message): the shim's, by address. */
    private static native void call(long logger, long environment, long instanceName, int status,
            long category, long message);
}
