package org.btfmu.fmutests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Callback;
import com.sun.jna.Function;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Java importer in this JVM (here through JNA) receives the FMU's messages:
 * the FMU's runtime, in its own class loader, calls the importer's logger
 * through the native method its shim registered.
 */
class InProcessLoggerTest {

    /** fmi2CallbackLogger (variadic in C; the FMU passes no arguments after the message). */
    public interface Logger extends Callback {
        void invoke(Pointer environment, String instance, int status, String category, String message);
    }

    /** fmi2CallbackFunctions. */
    @Structure.FieldOrder({"logger", "allocateMemory", "freeMemory", "stepFinished",
            "componentEnvironment"})
    public static class Callbacks extends Structure {
        public Logger logger;
        public Pointer allocateMemory;
        public Pointer freeMemory;
        public Pointer stepFinished;
        public Pointer componentEnvironment;
    }

    @TempDir
    Path directory;

    @Test
    void errorsReachTheImportersLogger() throws Exception {
        FmuFixture fmu = FmuFixture.build(directory, "shim_test.json", "shim_test");
        NativeLibrary library = NativeLibrary.getInstance(
                fmu.directory().resolve("binaries/linux64/shim_test.so").toString());
        List<String> messages = new ArrayList<>();
        Callbacks callbacks = new Callbacks();
        callbacks.logger = (environment, instance, status, category, message) ->
                messages.add(status + " " + category + " " + instance + ": " + message);
        callbacks.write();
        String location = fmu.directory().resolve("resources").toUri().toString();
        Function instantiate = library.getFunction("fmi2Instantiate");

        Object none = instantiate.invoke(Pointer.class, new Object[] {"wrong", 1, "{not-it}",
            location, callbacks, 0, 0});
        assertNull(none);
        assertEquals(1, messages.size(), messages.toString());
        assertTrue(messages.get(0).startsWith("3 logStatusError wrong: fmi2Instantiate: fmuGUID"),
                messages.get(0));

        Pointer component = (Pointer) instantiate.invoke(Pointer.class, new Object[] {"right", 1,
            fmu.guid(), location, callbacks, 0, 0});
        Function doStep = library.getFunction("fmi2DoStep");
        assertEquals(3, doStep.invokeInt(new Object[] {component, 0.0, 1.0, 1}));
        assertTrue(messages.get(1).contains("fmi2DoStep: may not be called in state instantiated"),
                messages.toString());
        library.getFunction("fmi2FreeInstance").invokeVoid(new Object[] {component});
    }
}
