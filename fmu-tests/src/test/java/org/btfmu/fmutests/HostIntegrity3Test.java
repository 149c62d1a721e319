package org.btfmu.fmutests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The host integrity scenarios of src/test/c/host_integrity.c (HostIntegrityTest) against the
 * FMI 3.0 shim: an FMU built with {@code --fmi 3} from the same mission, driven through
 * fmi3InstantiateCoSimulation, fmi3EnterInitializationMode, fmi3DoStep... The FMI 3.0 shim
 * shares the JVM start with FMI 2.0's, so the same host state must survive it.
 */
class HostIntegrity3Test {

    private static FmuFixture fmu;

    @BeforeAll
    static void fmuAndCommaLocale() throws Exception {
        fmu = FmuFixture.buildFmi3(Path.of("target/fixtures"), "shim_test.json", "host_test_fmi3");
        HostIntegrityTest.commaLocale();
    }

    @Test
    void aHostWithACommaNumericLocaleKeepsEverything() throws Exception {
        HostIntegrityTest.run(fmu, HostIntegrityTest.commaLocaleEnvironment(Map.of()), "integrity", "numeric");
    }

    @Test
    void aHostInTheCLocaleWithACommaLangKeepsEverything() throws Exception {
        HostIntegrityTest.run(fmu, HostIntegrityTest.commaLocaleEnvironment(Map.of("LANG", "de_DE.UTF-8")),
                "integrity", "environment");
    }

    /** As for FMI 2.0: Fmi3Entry's results carry the mark, and a call without it is checked. */
    @Test
    void aJavaExceptionEscapingAnEntryMethodIsAnErrorWithAMessage() throws Exception {
        String output = HostIntegrityTest.run(fmu, HostIntegrityTest.javaHome(), "exhausted-stack");
        assertTrue(output.contains("exhausted stack: 3 the FMU's Java code failed"), output);
    }

    @Test
    void withLibjsigAHandlerInstalledLaterChainsBehindTheJvms() throws Exception {
        Map<String, String> environment = new HashMap<>(HostIntegrityTest.javaHome());
        environment.put("LD_PRELOAD", Path.of(System.getProperty("java.home"), "lib", "libjsig.so").toString());
        HostIntegrityTest.run(fmu, environment, "late-handler");
    }

    @Test
    void anAbsurdHeapIsRefusedWithAMessageAndTheHostLivesOn() throws Exception {
        instantiate("-Xmx100t", "error:BTFMU_JAVA_OPTIONS: -Xmx100t");
    }

    @Test
    void aJvmThatFailsWhileStartingDoesNotEndTheHost() throws Exception {
        instantiate("-XX:MaxMetaspaceSize=1k", "error:OutOfMemoryError: Metaspace");
    }

    private static void instantiate(String options, String expectation) throws Exception {
        Map<String, String> environment = new HashMap<>(HostIntegrityTest.javaHome());
        environment.put("BTFMU_JAVA_OPTIONS", options);
        HostIntegrityTest.run(fmu, environment, "instantiate", expectation);
    }
}
