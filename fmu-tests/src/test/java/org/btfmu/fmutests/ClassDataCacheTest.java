package org.btfmu.fmutests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime's class-data archive in the per-user cache (docs/where-the-fmu-runs.md "Start-up"), through the C
 * importer in fresh processes whose JVM the shim starts: the first process has it made, the
 * next ones start from it, and a cache that is off, damaged or for another runtime changes
 * nothing but the start-up time.
 */
class ClassDataCacheTest {

    private static final String ENTRY = "org.btfmu.fmu.FmiEntry";

    private static FmuFixture fmu;
    /** A cache with a finished archive of fmu's runtime, made by the first test process. */
    private static Path cache;

    @BeforeAll
    static void makeTheArchive(@TempDir Path directory) throws Exception {
        fmu = FmuFixture.build(Path.of("target/fixtures"), "shim_test.json", "shim_test_cds");
        cache = directory.resolve("cache");
        run(fmu, Map.of("BTFMU_CACHE_DIR", cache.toString()), "sequence");
        awaitArchive(cache);
    }

    @Test
    void theFirstProcessHasTheArchiveMadeInTheCacheAndTheNextStartsFromIt() throws Exception {
        Path entry = onlyEntry(cache);
        assertTrue(Files.isRegularFile(entry.resolve("classes.jsa")));
        assertFalse(Files.exists(entry.resolve("creating")), "the maker dropped its lock");
        assertTrue(Files.readString(entry.resolve("classpath")).strip()
                .endsWith("lib/bt-fmu-runtime.jar"));

        String source = sourceOf(ENTRY, cache, "two-instances", "instances");
        assertTrue(source.contains("shared objects file"), "from the archive: " + source);
    }

    @Test
    void aDamagedArchiveIsIgnoredByTheJvm(@TempDir Path other) throws Exception {
        Path copy = other.resolve("cache");
        copyTree(cache, copy);
        Path archive = onlyEntry(copy).resolve("classes.jsa");
        archive.toFile().setWritable(true);
        byte[] bytes = Files.readAllBytes(archive);
        for (int i = 0; i < bytes.length; i += 7) {
            bytes[i] ^= 0x5a; // header and tables
        }
        Files.write(archive, bytes);

        String source = sourceOf(ENTRY, copy, "damaged", "sequence");
        assertTrue(source.contains("source: file:"), "from the cached jar: " + source);
    }

    @Test
    void anotherRuntimeInTheSameProcessStillGetsItsOwnClassLoader() throws Exception {
        FmuFixture other = FmuFixture.build(Path.of("target/fixtures"), "shim_test.json",
                "shim_test_cds_other");
        FmuImporterTest.anotherRuntimeVersion(other.directory().resolve("resources/lib"));
        Path log = logFile("other-runtime");
        run(fmu, Map.of("BTFMU_CACHE_DIR", cache.toString(), "BTFMU_JAVA_OPTIONS",
                "-Xlog:class+load=info:file=" + log), "two-fmus", other.directory().toString(),
                other.guid());
        List<String> loads = loads(ENTRY, log);
        assertEquals(2, loads.size(), String.join("\n", loads));
        assertTrue(loads.get(0).contains("shared objects file"), loads.get(0));
        assertTrue(loads.get(1).contains("shim_test_cds_other"), loads.get(1));
    }

    @Test
    void aCacheDirectoryThatIsNotAnAbsolutePathTurnsTheCacheOff(@TempDir Path home)
            throws Exception {
        Map<String, String> environment = new HashMap<>(Map.of("HOME", home.toString(),
                "XDG_CACHE_HOME", home.resolve("xdg").toString()));
        environment.put("BTFMU_CACHE_DIR", "off");
        run(fmu, environment, "sequence");
        try (Stream<Path> files = Files.list(home)) {
            assertEquals(List.of(), files.toList(), "nothing written");
        }
    }

    @Test
    void withoutACacheDirectoryTheCacheIsInXdgCacheHome(@TempDir Path xdg) throws Exception {
        Map<String, String> environment = new HashMap<>(Map.of("XDG_CACHE_HOME", xdg.toString()));
        run(fmu, environment, List.of("BTFMU_CACHE_DIR"), "sequence");
        awaitArchive(xdg.resolve("bt-fmu"));
    }

    /**
     * A runtime bundled in the FMU moves with every extraction of the FMU; its archive is
     * found again, because the cache is named by the runtime's build, not its place.
     */
    @Test
    void aBundledRuntimeStartsFromItsArchiveAfterTheFmuIsExtractedElsewhere(@TempDir Path other)
            throws Exception {
        FmuFixture bundled = FmuFixture.build(Path.of("target/fixtures"), "shim_test.json",
                "shim_test_cds_jre", true);
        Path bundledCache = other.resolve("cache");
        Map<String, String> noJava = Map.of("BTFMU_CACHE_DIR", bundledCache.toString(), "PATH",
                "/nonexistent");
        run(bundled, noJava, List.of("JAVA_HOME"), "sequence");
        awaitArchive(bundledCache);

        Path moved = other.resolve("extracted-again");
        copyTree(bundled.directory(), moved);
        FmuFixture again = new FmuFixture(bundled.fmu(), moved, bundled.guid());
        Path log = logFile("moved");
        Map<String, String> logged = new HashMap<>(noJava);
        logged.put("BTFMU_JAVA_OPTIONS", "-Xlog:class+load=info:file=" + log);
        run(again, logged, List.of("JAVA_HOME"), "sequence");
        List<String> loads = loads(ENTRY, log);
        assertEquals(1, loads.size(), String.join("\n", loads));
        assertTrue(loads.get(0).contains("shared objects file"), loads.get(0));
        onlyEntry(bundledCache);
    }

    /** Where the JVM found className in a "sequence"-like run with the cache given. */
    private static String sourceOf(String className, Path cacheDirectory, String name,
            String scenario) throws Exception {
        Path log = logFile(name);
        run(fmu, Map.of("BTFMU_CACHE_DIR", cacheDirectory.toString(), "BTFMU_JAVA_OPTIONS",
                "-Xlog:class+load=info:file=" + log), scenario);
        List<String> loads = loads(className, log);
        assertEquals(1, loads.size(), String.join("\n", loads));
        return loads.get(0);
    }

    private static List<String> loads(String className, Path log) throws IOException {
        try (Stream<String> lines = Files.lines(log)) {
            return lines.filter(line -> line.contains(" " + className + " source: ")).toList();
        }
    }

    private static Path logFile(String name) throws IOException {
        Path log = Path.of("target/class-data-" + name + ".log").toAbsolutePath();
        Files.deleteIfExists(log);
        return log;
    }

    /** The making process runs in the background: wait for its archive, or say why it failed. */
    private static void awaitArchive(Path cacheDirectory) throws Exception {
        for (int i = 0; i < 1200; i++) {
            if (Files.isDirectory(cacheDirectory)) {
                Path entry = onlyEntry(cacheDirectory);
                if (Files.exists(entry.resolve("failed"))) {
                    fail("making the archive failed:\n" + Files.readString(entry.resolve("failed")));
                }
                if (Files.exists(entry.resolve("classes.jsa")) && !Files.exists(entry.resolve("creating"))) {
                    return;
                }
            }
            Thread.sleep(100);
        }
        fail("no archive in " + cacheDirectory + " after 120 s");
    }

    private static Path onlyEntry(Path cacheDirectory) throws IOException {
        try (Stream<Path> entries = Files.list(cacheDirectory)) {
            List<Path> all = entries.toList();
            assertEquals(1, all.size(), "one directory per runtime and JVM: " + all);
            return all.get(0);
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : files.toList()) {
                Files.copy(file, to.resolve(from.relativize(file).toString()),
                        StandardCopyOption.COPY_ATTRIBUTES);
            }
        }
    }

    private static void run(FmuFixture fmu, Map<String, String> set, String scenario,
            String... more) throws Exception {
        run(fmu, set, List.of(), scenario, more);
    }

    /** The importer with this JDK as JAVA_HOME (unless unset) and no BTFMU_LIBJVM. */
    private static void run(FmuFixture fmu, Map<String, String> set, List<String> unset,
            String scenario, String... more) throws Exception {
        Map<String, String> environment = new HashMap<>(Map.of("JAVA_HOME", System.getProperty("java.home")));
        unset.forEach(environment::remove);
        environment.putAll(set);
        List<String> removed = new ArrayList<>(unset);
        removed.add("BTFMU_LIBJVM");
        FmuImporterTest.run(fmu, environment, removed, scenario, more);
    }
}
