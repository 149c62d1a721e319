package org.btfmu.fmutests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Runs the C importer (src/test/c/importer.c, built by Maven) against the
 * shared library of an FMU built by the packager, in processes that have no
 * JVM until the shim starts one. Each scenario's checks are in the C program;
 * its output is the failure message.
 */
class FmuImporterTest {

    private static final Path IMPORTER = Path.of("target/importer").toAbsolutePath();
    private static FmuFixture first;
    private static FmuFixture second;

    @BeforeAll
    static void fmus() throws Exception {
        first = FmuFixture.build(Path.of("target/fixtures"), "shim_test.json", "shim_test");
        second = FmuFixture.build(Path.of("target/fixtures"), "shim_test.json", "shim_test_2");
    }

    @Test
    void fullCallSequenceWithCheckedValues() throws Exception {
        run("sequence");
    }

    @Test
    void illegalCallsAndArgumentsReturnErrorWithAMessage() throws Exception {
        run("illegal");
    }

    @Test
    void twoInstancesOfOneFmu() throws Exception {
        run("instances");
    }

    @Test
    void twoDifferentFmusInOneProcess() throws Exception {
        run("two-fmus", second.directory().toString(), second.guid());
    }

    @Test
    void doStepFromASecondThread() throws Exception {
        run("thread");
    }

    @Test
    void stateGetSetSerializeDeserializeContinuesIdentically() throws Exception {
        run("state");
    }

    @Test
    void freeAndInstantiateAThousandTimes() throws Exception {
        run("reinstantiate");
    }

    @Test
    void withoutJavaInstantiateReturnsNullAndSaysWhatToSet() throws Exception {
        run(Map.of("PATH", "/nonexistent"), List.of("JAVA_HOME", "BTFMU_LIBJVM"), "no-jvm");
    }

    @Test
    void aBadLibjvmOverrideIsNamed() throws Exception {
        run(Map.of("BTFMU_LIBJVM", "/nonexistent/libjvm.so"), List.of(), "bad-libjvm");
    }

    @Test
    void anFmuWithABundledJreRunsWhereNoJavaIsInstalled() throws Exception {
        FmuFixture bundled = FmuFixture.build(Path.of("target/fixtures"), "shim_test.json",
                "shim_test_jre", true);
        run(bundled, Map.of("PATH", "/nonexistent"), List.of("JAVA_HOME", "BTFMU_LIBJVM"),
                "sequence");
    }

    private static void run(String scenario, String... more) throws Exception {
        run(Map.of("JAVA_HOME", System.getProperty("java.home")), List.of("BTFMU_LIBJVM"), scenario,
                more);
    }

    private static void run(Map<String, String> set, List<String> unset, String scenario,
            String... more) throws Exception {
        run(first, set, unset, scenario, more);
    }

    private static void run(FmuFixture fmu, Map<String, String> set, List<String> unset,
            String scenario, String... more) throws Exception {
        List<String> command = new ArrayList<>(List.of(IMPORTER.toString(), scenario,
                fmu.directory().toString(), fmu.guid()));
        command.addAll(List.of(more));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().keySet().removeAll(unset);
        builder.environment().putAll(set);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), scenario + ":\n" + output);
    }
}
