package org.btfmu.fmutests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.jna.Library;
import com.sun.jna.Native;
import java.nio.file.Path;
import org.javafmi.proxy.Status;
import org.javafmi.wrapper.Simulation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * javafmi, a Java importer, loads a packaged FMU into this test JVM: the shim
 * must find and reuse the running JVM rather than load a second libjvm.
 */
class JavafmiTest {

    static final int SUCCESS = 1;
    static final int RUNNING = 5;

    /** The C library, to change this process's environment as the shim sees it. */
    public interface C extends Library {
        C LIBRARY = Native.load("c", C.class);

        int setenv(String name, String value, int overwrite);

        int unsetenv(String name);
    }

    @TempDir
    Path directory;

    @Test
    void javafmiStepsTheMissionInsideThisJvm() throws Exception {
        // Were the running JVM not found first, this override would make fmi2Instantiate fail.
        C.LIBRARY.setenv("BTFMU_LIBJVM", "/nonexistent/libjvm.so", 1);
        Simulation simulation = new Simulation(packaged("shim_test.json").toString());
        try {
            simulation.writeVariable("climb_to", 120.0);
            assertEquals(Status.OK, simulation.init(0.0));
            assertEquals(120.0, simulation.read("target").asDouble());
            assertEquals(1, simulation.read("mode").asInteger());
            assertEquals(RUNNING, simulation.read("status.shim_test.plan.climb").asInteger());

            assertEquals(Status.OK, simulation.writeVariable("altitude", 150.0));
            for (int i = 0; i < 12; i++) {
                assertEquals(Status.OK, simulation.doStep(1.0));
            }
            assertEquals(12.0, simulation.getCurrentTime(), 1e-12);
            assertEquals(SUCCESS, simulation.read("status.shim_test.plan.climb").asInteger());
            assertEquals(RUNNING, simulation.read("status.shim_test.plan.cruise").asInteger());
            assertEquals(2, simulation.read("mode").asInteger());
            assertEquals(300.0, simulation.read("target").asDouble());
            assertEquals("none", simulation.read("callsign").asString());

            // An error makes the FMU log through the shim's native, beside this JVM's JNA.
            assertEquals(Status.ERROR, simulation.writeVariable("target", 1.0));
            assertEquals(300.0, simulation.read("target").asDouble(), "a rejected set writes nothing");
        } finally {
            C.LIBRARY.unsetenv("BTFMU_LIBJVM");
            simulation.terminate();
            simulation.getFmuFile().deleteTemporalFolder();
        }
    }

    private Path packaged(String missionFile) throws Exception {
        return FmuFixture.build(directory, missionFile, "shim_test").fmu();
    }
}
