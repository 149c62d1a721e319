package org.btfmu.fmutests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Runs the C Model Exchange importer (src/test/c/me_importer.c, built by Maven) against the
 * shared library of an FMU built by the packager, in a process that has no JVM until the
 * shim starts one. Each scenario's checks are in the C program; its output is the failure
 * message.
 */
class ModelExchangeImporterTest {

    private static final Path IMPORTER = Path.of("target/me_importer").toAbsolutePath();
    private static FmuFixture fmu;
    private static FmuFixture feedthrough;

    @BeforeAll
    static void fmu() throws Exception {
        fmu = FmuFixture.build(Path.of("target/fixtures"), "shim_test.json", "shim_test_me");
        feedthrough = FmuFixture.build(Path.of("target/fixtures"), "feedthrough_test.json", "feedthrough_test_me");
    }

    @Test
    void callingSequenceWithStateAndTimeEventsAndEventIteration() throws Exception {
        run("sequence");
    }

    @Test
    void illegalCallsAndArgumentsReturnErrorWithAMessage() throws Exception {
        run("illegal");
    }

    @Test
    void outputsAndIndicatorsFollowRealInputsInContinuousTimeMode() throws Exception {
        run("feedthrough", feedthrough);
    }

    private static void run(String scenario) throws Exception {
        run(scenario, fmu);
    }

    private static void run(String scenario, FmuFixture fmu) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(List.of(IMPORTER.toString(), scenario,
                fmu.directory().toString(), fmu.guid())).redirectErrorStream(true);
        builder.environment().remove("BTFMU_LIBJVM");
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), scenario + ":\n" + output);
    }
}
