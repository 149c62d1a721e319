package org.btfmu.fmutests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Windows shim's way to a JVM, under Wine, with a stand-in jvm.dll (src/test/c/standin_jvm.c:
 * it records where it was loaded from, where its own dependency came from, the stack of the
 * thread that creates the JVM and every option, then refuses to start), since no Windows Java
 * runtime can be had on the build machine: the documented discovery order, the same guest
 * options as on Linux (the same stand-in built as libjvm.so), the runtime's bin directory in the
 * DLL search path, the creation thread's stack, the JVM's own message in the fmi2Instantiate
 * error, and UTF-16 paths with non-ASCII characters. Skipped, saying so, without Wine or MinGW-w64.
 */
class Win64JvmStandInTest {

    private static final String DEPENDENCY = "btfmu_standin_dependency.dll";
    private static final long SHIM_THREAD_STACK = 8L << 20;

    @TempDir
    static Path dir;

    private static Path windowsImporter;
    private static Path linuxImporter;
    private static Path standInDll;
    private static Path standInDependency;
    private static Path standInSo;
    private static FmuFixture fmu;
    private static final AtomicInteger runs = new AtomicInteger();

    @BeforeAll
    static void build() throws Exception {
        Wine.assumeInstalled();
        String importer = Path.of("src/test/c/plant_steps.c").toAbsolutePath().toString();
        String standIn = Path.of("src/test/c/standin_jvm.c").toAbsolutePath().toString();
        String include = "-I" + Path.of("../native/include").toAbsolutePath();
        Path jdk = Path.of(System.getProperty("java.home"));
        String jni = "-I" + jdk.resolve("include");
        String jniLinux = "-I" + jdk.resolve("include/linux");
        windowsImporter = dir.resolve("plant_steps.exe");
        linuxImporter = dir.resolve("plant_steps");
        // Not beside the importer: the application's directory is in every DLL search path.
        Path built = Files.createDirectories(dir.resolve("stand-in"));
        standInDependency = built.resolve(DEPENDENCY);
        standInDll = built.resolve("jvm.dll");
        standInSo = built.resolve("libjvm.so");
        List<String> strict = List.of("-std=c11", "-Wall", "-Wextra", "-Werror");
        compile(Wine.MINGW, strict, include, "-o", windowsImporter.toString(), importer);
        compile("gcc", strict, "-D_GNU_SOURCE", include, "-o", linuxImporter.toString(), importer, "-ldl");
        compile(Wine.MINGW, strict, "-shared", "-DSTANDIN_DEPENDENCY", "-o", standInDependency.toString(), standIn);
        compile(Wine.MINGW, strict, "-shared", jni, jniLinux, "-o", standInDll.toString(), standIn,
                standInDependency.toString());
        compile("gcc", strict, "-shared", "-fPIC", jni, jniLinux, "-o", standInSo.toString(), standIn, "-ldl",
                "-lpthread");
        fmu = FmuFixture.build(dir.resolve("fmu"), "shim_test.json", "standin_shim");
    }

    @Test
    void theFirstPlaceInTheDocumentedOrderThatHasAJvmWins() throws Exception {
        Path viaVariable = javaHome("variable");
        Path bundled = fmu.directory().resolve("resources/jre");
        copyStandIn(bundled);
        Path viaJavaHome = javaHome("java-home");
        Path viaPath = javaHome("on-path");
        Files.createFile(viaPath.resolve("bin/java.exe"));
        Path viaJavaSoft = javaHome("javasoft");
        Path viaAdoptium = javaHome("adoptium");
        String javaSoft = "HKLM\\SOFTWARE\\JavaSoft\\JDK\\17.0.99";
        String adoptium = "HKLM\\SOFTWARE\\Eclipse Adoptium\\JDK\\17.0.99.9\\hotspot\\MSI";
        reg("add", javaSoft, "/v", "JavaHome", "/t", "REG_SZ", "/d", Wine.windowsPath(viaJavaSoft), "/f");
        reg("add", adoptium, "/v", "Path", "/t", "REG_SZ", "/d", Wine.windowsPath(viaAdoptium), "/f");
        try {
            Map<String, String> env = new HashMap<>(Map.of(
                    "BTFMU_LIBJVM", Wine.windowsPath(viaVariable.resolve("bin/server/jvm.dll")),
                    "JAVA_HOME", Wine.windowsPath(viaJavaHome),
                    "WINEPATH", Wine.windowsPath(viaPath.resolve("bin"))));
            assertLoadedFrom(viaVariable, instantiate(fmu.directory(), env));
            env.put("BTFMU_LIBJVM", "");
            assertLoadedFrom(bundled, instantiate(fmu.directory(), env));
            deleteTree(bundled);
            assertLoadedFrom(viaJavaHome, instantiate(fmu.directory(), env));
            env.put("JAVA_HOME", "");
            assertLoadedFrom(viaPath, instantiate(fmu.directory(), env));
            env.put("WINEPATH", "");
            assertLoadedFrom(viaJavaSoft, instantiate(fmu.directory(), env));
            reg("delete", "HKLM\\SOFTWARE\\JavaSoft\\JDK\\17.0.99", "/f");
            assertLoadedFrom(viaAdoptium, instantiate(fmu.directory(), env));
        } finally {
            reg("delete", "HKLM\\SOFTWARE\\JavaSoft\\JDK\\17.0.99", "/f");
            reg("delete", "HKLM\\SOFTWARE\\Eclipse Adoptium\\JDK\\17.0.99.9", "/f");
        }
    }

    @Test
    void theGuestOptionsAreLinuxsAndTheJvmRunsOnTheShimsOwnThread() throws Exception {
        Path home = javaHome("options");
        String user = "-Xmx4m -XX:+UseParallelGC";
        Run windows = instantiate(fmu.directory(), Map.of("BTFMU_LIBJVM",
                Wine.windowsPath(home.resolve("bin/server/jvm.dll")), "BTFMU_JAVA_OPTIONS", user));
        Run linux = instantiateOnLinux(Map.of("BTFMU_LIBJVM", standInSo.toString(), "BTFMU_JAVA_OPTIONS", user,
                "BTFMU_CACHE_DIR", "off"));

        // Linux passes -XX:-MaxFDLimit (a flag of POSIX JVMs only); everything else is the same.
        List<String> expected = new ArrayList<>(linux.values("option"));
        assertTrue(expected.remove("-XX:-MaxFDLimit"), "Linux options: " + expected);
        assertEquals(expected, windows.values("option"));
        List<String> options = windows.values("option");
        assertTrue(options.containsAll(List.of("-Xrs", "-XX:+UseSerialGC", "-Xmx256m", "vfprintf hook", "exit hook",
                "abort hook")), options.toString());
        assertTrue(options.indexOf("-XX:+UseParallelGC") > options.indexOf("-XX:+UseSerialGC"),
                "the user's options come after the guest's, so the JVM takes them: " + options);
        assertEquals("-Xms4194304", options.get(options.size() - 1), "the initial heap follows -Xmx4m down");

        for (Run run : List.of(windows, linux)) {
            long stack = Long.parseLong(run.value("stack"));
            assertTrue(stack >= SHIM_THREAD_STACK, "the JVM is created on a thread with " + stack + " bytes");
        }
        assertEquals(normal(home.resolve("bin").resolve(DEPENDENCY)), normal(windows.value("dependency")),
                "jvm.dll's own dependency comes from the runtime's bin directory");
        for (Run run : List.of(windows, linux)) {
            assertTrue(run.stderr.contains("the Java virtual machine did not start (JNI error -1): stand-in runtime:"
                    + " this library is not a Java virtual machine"), run.stderr);
        }
    }

    @Test
    void pathsWithNonAsciiCharactersReachWindowsAsUtf16() throws Exception {
        // The FMU's resources, with its bundled runtime, under a directory that no ANSI code page holds.
        Path unpacked = dir.resolve("Flüge ✈ 飛行").resolve("standin_shim");
        copyTree(fmu.directory(), unpacked);
        Path bundled = unpacked.resolve("resources/jre");
        copyStandIn(bundled);
        assertLoadedFrom(bundled, instantiate(unpacked, Map.of()));

        Path home = javaHome("Jävä Hömé ☕");
        deleteTree(bundled);
        assertLoadedFrom(home, instantiate(unpacked, Map.of("JAVA_HOME", Wine.windowsPath(home))));
    }

    @Test
    void theFmi3ShimFindsAndStartsTheJvmAsTheFmi2ShimDoes() throws Exception {
        FmuFixture fmi3 = FmuFixture.buildFmi3(dir.resolve("fmi3"), "shim_test.json", "standin_shim3");
        Path dll = fmi3.directory().resolve("binaries/x86_64-windows/standin_shim3.dll");
        String resources = Wine.windowsPath(fmi3.directory().resolve("resources")) + "\\";
        Path home = javaHome("fmi3");

        Map<String, String> none = Map.of("JAVA_HOME", "", "BTFMU_LIBJVM", "", "WINEPATH", "");
        Wine.Result nothing = Wine.wine(dir, List.of(windowsImporter.toString(), "--fmi3", Wine.windowsPath(dll),
                fmi3.guid(), resources), none);
        assertEquals("version 3.0\ninstance NULL\n", nothing.stdout(), nothing.stderr());
        assertTrue(nothing.stderr().contains("no Java runtime found") && nothing.stderr().contains("BTFMU_LIBJVM (unset)")
                && nothing.stderr().contains("HKLM\\SOFTWARE\\JavaSoft\\JDK"), nothing.stderr());

        Path record = dir.resolve("record-fmi3.txt");
        Map<String, String> env = new HashMap<>(none);
        env.put("BTFMU_LIBJVM", Wine.windowsPath(home.resolve("bin/server/jvm.dll")));
        env.put("BTFMU_STANDIN_RECORD", Wine.windowsPath(record));
        Wine.Result started = Wine.wine(dir, List.of(windowsImporter.toString(), "--fmi3", Wine.windowsPath(dll),
                fmi3.guid(), resources), env);
        assertEquals("version 3.0\ninstance NULL\n", started.stdout(), started.stderr());
        Run fmi3Run = new Run(Files.readAllLines(record, StandardCharsets.UTF_8), started.stderr());
        assertLoadedFrom(home, fmi3Run);
        Run fmi2Run = instantiate(fmu.directory(), Map.of("BTFMU_LIBJVM", Wine.windowsPath(home.resolve("bin/server/jvm.dll"))));
        assertEquals(fmi2Run.values("option"), fmi3Run.values("option"), "one table of guest options");
        assertTrue(started.stderr().contains("stand-in runtime: this library is not a Java virtual machine"),
                started.stderr());
    }

    // ---- helpers ----

    private record Run(List<String> record, String stderr) {
        List<String> values(String key) {
            return record.stream().filter(line -> line.startsWith(key + " "))
                    .map(line -> line.substring(key.length() + 1)).collect(Collectors.toList());
        }

        String value(String key) {
            List<String> values = values(key);
            assertEquals(1, values.size(), key + " in " + record + "\n" + stderr);
            return values.get(0);
        }
    }

    /** The Windows importer instantiates the FMU whose resources lie in unpacked; its DLL stays put. */
    private static Run instantiate(Path unpacked, Map<String, String> environment) throws Exception {
        Path record = dir.resolve("record-" + runs.incrementAndGet() + ".txt");
        Map<String, String> env = new HashMap<>(Map.of("JAVA_HOME", "", "BTFMU_LIBJVM", "", "WINEPATH", ""));
        env.putAll(environment);
        env.put("BTFMU_STANDIN_RECORD", Wine.windowsPath(record));
        Wine.Result result = Wine.wine(dir, List.of(windowsImporter.toString(),
                Wine.windowsPath(fmu.directory().resolve("binaries/win64/standin_shim.dll")), fmu.guid(),
                uri(unpacked.resolve("resources"))), env);
        assertEquals("version 2.0 platform default\ninstance NULL\n", result.stdout(), result.stderr());
        return new Run(Files.exists(record) ? Files.readAllLines(record, StandardCharsets.UTF_8) : List.of(),
                result.stderr());
    }

    private static Run instantiateOnLinux(Map<String, String> environment) throws Exception {
        Path record = dir.resolve("record-" + runs.incrementAndGet() + ".txt");
        Map<String, String> env = new HashMap<>(environment);
        env.put("BTFMU_STANDIN_RECORD", record.toString());
        Wine.Result result = Wine.run(dir, List.of(linuxImporter.toString(),
                fmu.directory().resolve("binaries/linux64/standin_shim.so").toString(), fmu.guid(),
                fmu.directory().resolve("resources").toUri().toString()), env);
        assertEquals("version 2.0 platform default\ninstance NULL\n", result.stdout(), result.stderr());
        return new Run(Files.readAllLines(record, StandardCharsets.UTF_8), result.stderr());
    }

    private static void assertLoadedFrom(Path home, Run run) {
        assertEquals(normal(home.resolve("bin/server/jvm.dll")), normal(run.value("module")), run.stderr());
    }

    /** A file URI with every non-ASCII character percent-encoded, as importers write them. */
    private static String uri(Path path) {
        return "file:///Z:" + path.toAbsolutePath().toUri().toASCIIString().substring("file://".length());
    }

    /** A Windows path as Wine reports it, comparable with one built here. */
    private static String normal(Object path) {
        String text = path instanceof Path p ? Wine.windowsPath(p) : path.toString();
        return text.replace('/', '\\').toLowerCase(Locale.ROOT);
    }

    private static Path javaHome(String name) throws Exception {
        Path home = dir.resolve("homes").resolve(name);
        copyStandIn(home);
        return home;
    }

    /** <home>\bin\server\jvm.dll with its dependency in <home>\bin, as in a Java runtime. */
    private static void copyStandIn(Path home) throws Exception {
        Files.createDirectories(home.resolve("bin/server"));
        Files.copy(standInDependency, home.resolve("bin").resolve(DEPENDENCY), StandardCopyOption.REPLACE_EXISTING);
        Files.copy(standInDll, home.resolve("bin/server/jvm.dll"), StandardCopyOption.REPLACE_EXISTING);
    }

    private static void reg(String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of("reg"));
        command.addAll(List.of(arguments));
        try {
            Wine.wine(dir, command, Map.of());
        } catch (AssertionError e) {
            if (!"delete".equals(arguments[0])) {
                throw e; // deleting what is already gone is fine
            }
        }
    }

    private static void compile(String compiler, List<String> flags, String... rest) throws Exception {
        List<String> command = new ArrayList<>(List.of(compiler));
        command.addAll(flags);
        command.addAll(List.of(rest));
        Wine.run(dir, command, Map.of());
    }

    private static void copyTree(Path from, Path to) throws Exception {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    private static void deleteTree(Path root) throws Exception {
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : (Iterable<Path>) files.sorted((a, b) -> b.compareTo(a))::iterator) {
                Files.delete(file);
            }
        }
    }
}
