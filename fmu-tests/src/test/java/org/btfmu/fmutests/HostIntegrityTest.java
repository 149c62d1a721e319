package org.btfmu.fmutests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Runs the C host of src/test/c/host_integrity.c (built by Maven): what the first
 * fmi2Instantiate changes in the process that loads the FMU (docs/where-the-fmu-runs.md "Where the FMU runs"), how
 * a JVM that cannot start is reported, and what short-lived calling threads cost. The checks
 * are in the C program; its output is the failure message.
 */
class HostIntegrityTest {

    private static final Path HOST = Path.of("target/host_integrity").toAbsolutePath();
    private static FmuFixture fmu;
    /** LOCPATH with a de_DE.UTF-8 locale when the system has none; null when it has one. */
    private static Path locales;
    private static String noCommaLocale;

    @BeforeAll
    static void fmuAndCommaLocale() throws Exception {
        fmu = FmuFixture.build(Path.of("target/fixtures"), "shim_test.json", "host_test");
        commaLocale();
    }

    /** The de_DE.UTF-8 locale for the integrity scenarios (also HostIntegrity3Test's). */
    static synchronized void commaLocale() throws Exception {
        if (locales != null || noCommaLocale != null) {
            return;
        }
        if (!installedLocales().contains("de_DE.utf8")) {
            locales = Path.of("target/locales").toAbsolutePath();
            if (!Files.isDirectory(locales.resolve("de_DE.UTF-8"))) {
                generateCommaLocale();
            }
        }
    }

    /** A host that chose LC_NUMERIC=de_DE.UTF-8 keeps it (and its comma) after the FMU ran. */
    @Test
    void aHostWithACommaNumericLocaleKeepsEverything() throws Exception {
        run(commaLocaleEnvironment(Map.of()), "integrity", "numeric");
    }

    /** A host in "C" with LANG=de_DE.UTF-8 is not switched to de_DE by the JVM. */
    @Test
    void aHostInTheCLocaleWithACommaLangKeepsEverything() throws Exception {
        run(commaLocaleEnvironment(Map.of("LANG", "de_DE.UTF-8")), "integrity", "environment");
    }

    /**
     * With the class-data cache on (the default outside tests), the first process starts the
     * archiving process (Java sets SIGCHLD then) and a later one runs from the archive and a
     * copy of the runtime's jar in the cache: neither changes more than documented.
     */
    @Test
    void withTheClassDataCacheTheHostKeepsEverythingToo() throws Exception {
        Path cache = Path.of("target/host-integrity-cache").toAbsolutePath();
        deleteRecursively(cache);
        Map<String, String> environment = commaLocaleEnvironment(Map.of());
        environment.put("BTFMU_CACHE_DIR", cache.toString());
        run(environment, "integrity", "numeric");
        for (int i = 0; i < 1200 && !archiveMade(cache); i++) {
            Thread.sleep(100);
        }
        assertTrue(archiveMade(cache), "no class-data archive in " + cache);
        run(environment, "integrity", "numeric");
    }

    private static void deleteRecursively(Path directory) throws Exception {
        if (Files.exists(directory)) {
            try (var files = Files.walk(directory)) {
                for (Path file : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(file);
                }
            }
        }
    }

    private static boolean archiveMade(Path cache) throws Exception {
        if (!Files.isDirectory(cache)) {
            return false;
        }
        try (var files = Files.walk(cache)) {
            return files.anyMatch(file -> file.getFileName().toString().equals("classes.jsa"));
        }
    }

    /**
     * With libjsig preloaded (docs/where-the-fmu-runs.md "Where the FMU runs"), a host may install its SIGSEGV
     * handler after the JVM runs: the JVM keeps its own, chains host faults to the host's.
     */
    @Test
    void withLibjsigAHandlerInstalledLaterChainsBehindTheJvms() throws Exception {
        Map<String, String> environment = new HashMap<>(javaHome());
        environment.put("LD_PRELOAD",
                Path.of(System.getProperty("java.home"), "lib", "libjsig.so").toString());
        run(environment, "late-handler");
    }

    @Test
    void aMaximumHeapBelowTheShimsInitialHeapStillStarts() throws Exception {
        runInstantiate("-Xmx4m", "instance");
    }

    @Test
    void anAbsurdHeapIsRefusedWithAMessageNamingTheOption() throws Exception {
        runInstantiate("-Xmx100t", "error:BTFMU_JAVA_OPTIONS: -Xmx100t");
    }

    @Test
    void anInitialHeapAboveTheMaximumIsRefusedBeforeTheJvmSeesIt() throws Exception {
        runInstantiate("-Xms64m -Xmx32m", "error:BTFMU_JAVA_OPTIONS: -Xms64m");
    }

    @Test
    void anUnreadableHeapSizeIsRefused() throws Exception {
        runInstantiate("-Xmx12q", "error:BTFMU_JAVA_OPTIONS: -Xmx12q");
    }

    @Test
    void anOptionOfNoKnownFamilyIsRefused() throws Exception {
        runInstantiate("-cp /tmp", "error:BTFMU_JAVA_OPTIONS: -cp is not an option of the Java");
    }

    /** The JVM's own message ("Unrecognized VM option") reaches the importer's logger. */
    @Test
    void aBogusXxOptionIsLoggedWithTheJvmsOwnMessage() throws Exception {
        runInstantiate("-XX:+NoSuchOptionInAnyJvm", "error:Unrecognized VM option 'NoSuchOptionInAnyJvm");
    }

    /** The JVM fails after parsing its options (it would call exit(1)): the host lives on. */
    @Test
    void aJvmThatFailsWhileStartingDoesNotEndTheHost() throws Exception {
        runInstantiate("-XX:MaxMetaspaceSize=1k", "error:(it aborted): Error occurred during "
                + "initialization of VM\nOutOfMemoryError: Metaspace");
    }

    @Test
    void aHeapTooSmallForTheJvmIsItsOwnMessage() throws Exception {
        runInstantiate("-Xmx1m", "error:Too small maximum heap");
    }

    /** The JVM is created on the shim's own thread; the small stack is refused with a message. */
    @Test
    void theFirstInstantiateFromA64kBStackEndsNothing() throws Exception {
        String output = run(javaHome(), "stack", "64");
        assertTrue(output.contains("64 kB stack: NULL: fmi2Instantiate: the calling thread has "),
                output);
    }

    @Test
    void theFirstInstantiateFromA128kBStackEndsNothing() throws Exception {
        String output = run(javaHome(), "stack", "128");
        assertTrue(output.contains("128 kB stack: NULL: fmi2Instantiate: the calling thread has "),
                output);
        assertTrue(output.contains("128 kB stack, fmi2GetReal: 3 fmi2GetReal: the calling thread "
                + "has "), output);
    }

    @Test
    void theFirstInstantiateFromA512kBStackGivesAnInstance() throws Exception {
        String output = run(javaHome(), "stack", "512");
        assertTrue(output.contains("512 kB stack: an instance"), output);
        assertTrue(output.contains("512 kB stack, fmi2GetReal: 0"), output);
    }

    /**
     * A Java exception escaping an entry method (JNI's StackOverflowError before the method
     * runs) is fmi2Error with a message; JNI only (an FFM up-call cannot report one).
     */
    @Test
    void aJavaExceptionEscapingAnEntryMethodIsAnErrorWithAMessage() throws Exception {
        Map<String, String> environment = new HashMap<>(javaHome());
        environment.put("BTFMU_JAVA_OPTIONS", "-Dbtfmu.upcalls=jni");
        String output = run(environment, "exhausted-stack");
        assertTrue(output.contains("exhausted stack: 3 the FMU's Java code failed"), output);
    }

    /** Each thread the shim attached is detached when it ends (pthread key destructor). */
    @Test
    void twentyThousandShortLivedThreadsLeakNoMemory() throws Exception {
        String output = run(javaHome(), "threads", "20000");
        Matcher growth = Pattern.compile("rss growth: (-?\\d+) bytes").matcher(output);
        assertTrue(growth.find(), output);
        assertTrue(Long.parseLong(growth.group(1)) < 1024 * 1024, output);
    }

    private static void runInstantiate(String options, String expectation) throws Exception {
        Map<String, String> environment = new HashMap<>(javaHome());
        environment.put("BTFMU_JAVA_OPTIONS", options);
        run(environment, "instantiate", expectation);
    }

    static Map<String, String> javaHome() {
        return Map.of("JAVA_HOME", System.getProperty("java.home"));
    }

    static Map<String, String> commaLocaleEnvironment(Map<String, String> more) {
        Assumptions.assumeTrue(noCommaLocale == null, noCommaLocale);
        Map<String, String> environment = new HashMap<>(javaHome());
        if (locales != null) {
            environment.put("LOCPATH", locales.toString());
        }
        environment.putAll(more);
        return environment;
    }

    private static String installedLocales() throws Exception {
        Process process = new ProcessBuilder("locale", "-a").redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        process.waitFor();
        return output;
    }

    /** localedef (libc-bin) compiles de_DE.UTF-8 into target/locales for LOCPATH. */
    private static void generateCommaLocale() throws Exception {
        Files.createDirectories(locales);
        try {
            Process process = new ProcessBuilder("localedef", "-i", "de_DE", "-f", "UTF-8",
                    locales.resolve("de_DE.UTF-8").toString()).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(),
                    StandardCharsets.UTF_8);
            if (process.waitFor() != 0) {
                noCommaLocale = "no de_DE.UTF-8 locale (locale -a) and localedef failed: " + output;
            }
        } catch (java.io.IOException e) {
            noCommaLocale = "no de_DE.UTF-8 locale (locale -a) and no localedef: " + e.getMessage();
        }
    }

    private static String run(Map<String, String> set, String scenario, String... arguments)
            throws Exception {
        return run(fmu, set, scenario, arguments);
    }

    /** One scenario of the C host against the FMU (FMI 2.0, or FMI 3.0 by its binaries folder). */
    static String run(FmuFixture fmu, Map<String, String> set, String scenario, String... arguments)
            throws Exception {
        List<String> command = new ArrayList<>(List.of(HOST.toString(), scenario));
        command.addAll(List.of(arguments));
        if (scenario.equals("instantiate")) {
            command.add(2, fmu.directory().toString());
            command.add(3, fmu.guid());
        } else {
            command.add(fmu.directory().toString());
            command.add(fmu.guid());
        }
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().keySet().removeAll(List.of("BTFMU_LIBJVM", "BTFMU_JAVA_OPTIONS",
                "LANG", "LANGUAGE", "LC_ALL", "LC_NUMERIC", "LC_CTYPE", "LC_MESSAGES",
                "_JAVA_SR_SIGNUM", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS"));
        builder.environment().putAll(set);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), scenario + " " + String.join(" ", arguments) + ":\n"
                + output);
        return output;
    }
}
