package org.btfmu.fmutests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Runs the C FMI 3.0 importer (src/test/c/importer3.c, built by Maven) against the FMI 3.0
 * shim of an FMU built with {@code --fmi 3}, in a process that has no JVM until the shim
 * starts one. Each scenario's checks are in the C program; its output is the failure message.
 */
class Fmi3ImporterTest {

    private static final Path IMPORTER = Path.of("target/importer3").toAbsolutePath();
    private static FmuFixture fmu;

    @BeforeAll
    static void fmu() throws Exception {
        fmu = FmuFixture.buildFmi3(Path.of("target/fixtures"), "shim_test.json", "shim_test_fmi3");
    }

    @Test
    void aMidStepTimeEventReturnsEarlyAtExactlyItsTime() throws Exception {
        run("early_return");
    }

    @Test
    void withoutEarlyReturnAllowedStepsBehaveAsInFmi2() throws Exception {
        run("fmi2_like");
    }

    @Test
    void eventModeHandlesTheEventWithTheInputsOfItsInstantAndTheLoopEnds() throws Exception {
        run("event_mode");
    }

    @Test
    void savedSerializedAndRestoredStatesRepeatTheEarlyReturn() throws Exception {
        run("state");
    }

    @Test
    void wrongStatesAndArgumentsAreRefusedWithAMessage() throws Exception {
        run("illegal");
    }

    @Test
    void modelExchangeFindsTheStateEventAndTheTimeEvent() throws Exception {
        run("model_exchange");
    }

    /**
     * The indicator's dependencies measured (the C program changes each known in turn): the
     * altitude only. The description declares none, which FMI 3.0 reads as all knowns: true,
     * if wider than needed.
     */
    @Test
    void theEventIndicatorDependsEmpiricallyOnTheAltitudeOnlyAndTheDescriptionClaimsNoLess() throws Exception {
        run("indicator_dependencies");
        String description = java.nio.file.Files.readString(fmu.directory().resolve("modelDescription.xml"));
        java.util.regex.Matcher indicator = java.util.regex.Pattern.compile("<EventIndicator [^>]*>")
                .matcher(description);
        org.junit.jupiter.api.Assertions.assertTrue(indicator.find(), description);
        org.junit.jupiter.api.Assertions.assertFalse(indicator.group().contains("dependencies="), indicator.group());
    }

    /** missions/terminate_test.json: a Wait of 5 s under a Root with terminateWhenDone. */
    @Test
    void aRootThatEndsAsksToTerminateAtItsInstantInEveryInterface() throws Exception {
        run("terminate", FmuFixture.buildFmi3(Path.of("target/fixtures"), "terminate_test.json",
                "terminate_test_fmi3"));
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
