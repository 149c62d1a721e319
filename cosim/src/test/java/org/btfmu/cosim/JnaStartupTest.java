package org.btfmu.cosim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * JNA started by the master: no {@code ldconfig} child process (its library search path is
 * given) and its native part loaded from a copy in the user's cache, not extracted again. Each
 * case runs in a fresh JVM, as JNA reads these settings once per process.
 */
@EnabledOnOs(OS.LINUX)
class JnaStartupTest {

    @TempDir
    Path cache;

    /** Applies the settings, starts JNA and prints its search path and the dispatch library it loaded. */
    public static final class Probe {
        public static void main(String[] args) throws Exception {
            JnaStartup.apply();
            com.sun.jna.NativeLibrary.getProcess(); // JNA's class initialisers, the native part loaded
            java.lang.reflect.Field loaded = com.sun.jna.Native.class.getDeclaredField("jnidispatchPath");
            loaded.setAccessible(true);
            System.out.println(System.getProperty("jna.platform.library.path"));
            System.out.println(System.getProperty("java.library.path"));
            System.out.println(loaded.get(null));
        }
    }

    private List<String> probe(String... options) throws Exception {
        return probeWithCacheSetting(null, options);
    }

    /** The probe in a fresh JVM, with BTFMU_CACHE_DIR set to {@code cacheSetting} (null: unset). */
    private List<String> probeWithCacheSetting(String cacheSetting, String... options) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString()));
        command.addAll(List.of(options));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Probe.class.getName()));
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT);
        builder.environment().put("XDG_CACHE_HOME", cache.toString());
        builder.environment().remove("BTFMU_CACHE_DIR");
        if (cacheSetting != null) {
            builder.environment().put("BTFMU_CACHE_DIR", cacheSetting);
        }
        Process p = builder.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        return out.lines().toList();
    }

    @Test
    void jnaSearchesTheJvmsLibraryPathAndLoadsItsNativePartFromTheCache() throws Exception {
        List<String> first = probe();
        assertEquals(first.get(1), first.get(0), "JNA's platform path is the JVM's: it did not run ldconfig");
        Path library;
        try (Stream<Path> files = Files.walk(cache)) {
            library = files.filter(f -> f.getFileName().toString().equals("libjnidispatch.so")).findFirst()
                    .orElseThrow();
        }
        assertTrue(library.startsWith(cache.resolve("bt-fmu/jnidispatch")), library.toString());
        assertEquals(library.toString(), first.get(2), "loaded from the cache");
        String entry = "/com/sun/jna/" + com.sun.jna.Platform.RESOURCE_PREFIX + "/libjnidispatch.so";
        try (InputStream in = com.sun.jna.Platform.class.getResourceAsStream(entry)) {
            assertArrayEquals(in.readAllBytes(), Files.readAllBytes(library), "the jar's copy");
        }
        try (Stream<Path> files = Files.list(library.getParent())) {
            assertEquals(List.of(library), files.toList(), "no partial copy left");
        }

        FileTime written = FileTime.fromMillis(1_000_000_000_000L);
        Files.setLastModifiedTime(library, written);
        List<String> second = probe();
        assertEquals(library.toString(), second.get(2));
        assertEquals(written, Files.getLastModifiedTime(library), "the copy is reused, not written again");
    }

    @Test
    void settingsTheUserGaveAreKept(@TempDir Path elsewhere) throws Exception {
        List<String> lines = probe("-Djna.platform.library.path=/usr/lib", "-Djna.boot.library.path=" + elsewhere);
        assertEquals("/usr/lib", lines.get(0));
        assertTrue(lines.get(2).contains("/JNA/temp/jna"), "JNA's own extraction: " + lines.get(2));
        assertTrue(!Files.exists(cache.resolve("bt-fmu")), "nothing cached");
    }

    @Test
    void noCopyWhereTheUserTurnedTheCacheOff() throws Exception {
        List<String> lines = probeWithCacheSetting("off");
        assertEquals(lines.get(1), lines.get(0), "still no ldconfig");
        assertTrue(lines.get(2).contains("/JNA/temp/jna"), "JNA's own extraction: " + lines.get(2));
        assertTrue(!Files.exists(cache.resolve("bt-fmu")), "nothing cached");
    }
}
