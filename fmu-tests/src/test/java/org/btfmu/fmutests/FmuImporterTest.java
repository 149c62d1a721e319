package org.btfmu.fmutests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
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
    void readsAnsweredFromPublishedValuesMatchJavasAnswers() throws Exception {
        run("published");
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
    void twoFmusWithTheSameRuntimeJarShareItsClasses() throws Exception {
        Path log = classLoadLog("shared");
        run(first, Map.of("JAVA_HOME", System.getProperty("java.home"), "BTFMU_JAVA_OPTIONS",
                "-Xlog:class+load=info:file=" + log), List.of("BTFMU_LIBJVM"), "two-fmus",
                second.directory().toString(), second.guid());
        assertEquals(1, loadsOf("org.btfmu.fmu.FmiEntry", log), "one class loader for both");
    }

    @Test
    void twoFmusInstantiatedAtOnceFromTwoThreadsShareOneLoader() throws Exception {
        Path log = classLoadLog("race");
        // The importer starts this JVM itself (not the shim), so the option goes the JVM's own way.
        run(first, Map.of("JAVA_HOME", System.getProperty("java.home"), "JAVA_TOOL_OPTIONS",
                "-Xlog:class+load=info:file=" + log), List.of("BTFMU_LIBJVM"), "race",
                second.directory().toString(), second.guid());
        // (The registry's class may be parsed twice: the copy that loses the race to define it
        // uses the winner's.)
        assertEquals(1, loadsOf("org.btfmu.fmu.FmiEntry", log), "one class loader for both");
    }

    @Test
    void anFmuWithAnotherRuntimeJarGetsItsOwnClasses() throws Exception {
        FmuFixture other = FmuFixture.build(Path.of("target/fixtures"), "shim_test.json",
                "shim_test_other_runtime");
        anotherRuntimeVersion(other.directory().resolve("resources/lib"));
        Path log = classLoadLog("separate");
        run(first, Map.of("JAVA_HOME", System.getProperty("java.home"), "BTFMU_JAVA_OPTIONS",
                "-Xlog:class+load=info:file=" + log), List.of("BTFMU_LIBJVM"), "two-fmus",
                other.directory().toString(), other.guid());
        assertEquals(2, loadsOf("org.btfmu.fmu.FmiEntry", log), "a class loader each");
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
        String output = run(bundled, Map.of("PATH", "/nonexistent"),
                List.of("JAVA_HOME", "BTFMU_LIBJVM"), "sequence");
        // The bundled runtime may be a JDK that warns about sun.misc.Unsafe (24+) and about
        // the FFM up-call stubs the shim uses on 22+ (restricted methods): not here.
        assertFalse(output.contains("WARNING"), output);
        // On 22+ the per-step calls take the FFM stubs: the same answers as through JNI.
        String published = run(bundled, Map.of("PATH", "/nonexistent"),
                List.of("JAVA_HOME", "BTFMU_LIBJVM"), "published");
        assertFalse(published.contains("WARNING"), published);
    }

    /**
     * The guest JVM's defaults (native/src/main/c/jvm.c), as the JVM itself reports them while
     * it starts (in a log file: the shim's start-up capture of JVM messages lets files through).
     */
    @Test
    void theGuestJvmHasASmallBoundedHeapAndTheSerialCollector() throws Exception {
        String log = gcInitLog("defaults", "");
        assertTrue(log.contains("Using Serial"), log);
        assertTrue(log.contains("Heap Initial Capacity: 8M"), log);
        assertTrue(log.contains("Heap Max Capacity: 256M"), log);
    }

    /** (One collector only: a second -XX:+Use…GC without -XX:-UseSerialGC stops the JVM.) */
    @Test
    void btfmuJavaOptionsOverrideTheDefaults() throws Exception {
        String log = gcInitLog("overridden", "-Xmx96m -XX:-UseSerialGC -XX:+UseParallelGC");
        assertTrue(log.contains("Using Parallel"), log);
        assertTrue(log.contains("Heap Max Capacity: 96M"), log);
    }

    /**
     * C1 only (native/src/main/c/options.c): the JVM starts no C2 compiler thread, unless
     * BTFMU_JAVA_OPTIONS asks for the top tier again.
     */
    @Test
    void theGuestJvmCompilesWithC1OnlyUnlessToldOtherwise() throws Exception {
        String log = jvmLog("jit-defaults", "", "jit+thread=debug");
        assertTrue(log.contains("C1 CompilerThread"), log);
        assertFalse(log.contains("C2 CompilerThread"), log);
        String tiered = jvmLog("jit-tiered", "-XX:TieredStopAtLevel=4", "jit+thread=debug");
        assertTrue(tiered.contains("C2 CompilerThread"), tiered);
    }

    /** The JVM's gc and gc+init log of a "sequence" run with the options before the log's. */
    private static String gcInitLog(String name, String options) throws Exception {
        return jvmLog("gc-" + name, options, "gc,gc+init=info");
    }

    /** The JVM's log of the tags given, from a "sequence" run with the options before the log's. */
    private static String jvmLog(String name, String options, String tags) throws Exception {
        Path log = classLoadLog(name);
        run(first, Map.of("JAVA_HOME", System.getProperty("java.home"), "BTFMU_JAVA_OPTIONS",
                (options + " -Xlog:" + tags + ":file=" + log).strip()), List.of("BTFMU_LIBJVM"),
                "sequence");
        return Files.readString(log);
    }

    /** Rewrites the runtime jar with one more entry and records it as the packager does. */
    static void anotherRuntimeVersion(Path lib) throws Exception {
        Path jar = lib.resolve("bt-fmu-runtime.jar");
        Path changed = lib.resolve("changed.tmp");
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(jar));
                ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(changed))) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                out.putNextEntry(new ZipEntry(entry.getName()));
                in.transferTo(out);
            }
            out.putNextEntry(new ZipEntry("META-INF/another-version.txt"));
        }
        Files.move(changed, jar, StandardCopyOption.REPLACE_EXISTING);
        String digest = HexFormat.of().formatHex(
                MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(jar)));
        Files.writeString(lib.resolve("SHA256SUMS"), digest + "  bt-fmu-runtime.jar\n");
    }

    private static Path classLoadLog(String name) throws Exception {
        Path log = Path.of("target/class-load-" + name + ".log").toAbsolutePath();
        Files.deleteIfExists(log);
        return log;
    }

    /** How often the JVM loaded the class (once per class loader), from -Xlog:class+load. */
    private static long loadsOf(String className, Path log) throws Exception {
        try (var lines = Files.lines(log)) {
            return lines.filter(line -> line.contains(" " + className + " source: ")).count();
        }
    }

    private static void run(String scenario, String... more) throws Exception {
        run(Map.of("JAVA_HOME", System.getProperty("java.home")), List.of("BTFMU_LIBJVM"), scenario,
                more);
    }

    private static void run(Map<String, String> set, List<String> unset, String scenario,
            String... more) throws Exception {
        run(first, set, unset, scenario, more);
    }

    /** Runs the importer; returns its output (stdout and stderr: the JVM's messages too). */
    static String run(FmuFixture fmu, Map<String, String> set, List<String> unset,
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
        return output;
    }
}
