package org.btfmu.cosim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the JNI library is extracted to, and the fallback when it cannot be. */
class JniFmiLibraryTest {

    private static final String LINUX = "org/btfmu/native/linux64/libbtfmu-fmicalls.so";
    private static final String NAME = "libbtfmu-fmicalls.so";

    @TempDir
    Path dir;

    private static byte[] resourceBytes() throws IOException {
        try (InputStream in = JniFmiLibraryTest.class.getClassLoader().getResourceAsStream(LINUX)) {
            return in.readAllBytes();
        }
    }

    private static List<Path> files(Path folder) throws IOException {
        try (Stream<Path> walk = Files.walk(folder)) {
            return walk.filter(Files::isRegularFile).toList();
        }
    }

    @Test
    void extractsOnceIntoAFolderNamedByTheContentHash() throws Exception {
        Path cache = dir.resolve("cache");
        Path file = JniFmiLibrary.extract(resourceBytes(), NAME, Optional.of(cache), dir);
        byte[] bytes = resourceBytes();
        assertEquals(cache.resolve("fmicalls-" + JniFmiLibrary.hash(bytes)).resolve("libbtfmu-fmicalls.so"), file);
        assertArrayEquals(bytes, Files.readAllBytes(file));
        long written = Files.getLastModifiedTime(file).toMillis();
        Files.setLastModifiedTime(file, java.nio.file.attribute.FileTime.fromMillis(written - 60_000));
        // an identical copy is loaded as it is; no temporary file is left beside it
        assertEquals(file, JniFmiLibrary.extract(resourceBytes(), NAME, Optional.of(cache), dir));
        assertEquals(written - 60_000, Files.getLastModifiedTime(file).toMillis());
        assertEquals(List.of(file), files(cache));
    }

    @Test
    void aDamagedCopyIsReplaced() throws Exception {
        Path cache = dir.resolve("cache");
        Path file = JniFmiLibrary.extract(resourceBytes(), NAME, Optional.of(cache), dir);
        Files.write(file, new byte[] {1, 2, 3}); // half a file of an interrupted writer without the rename
        assertEquals(file, JniFmiLibrary.extract(resourceBytes(), NAME, Optional.of(cache), dir));
        assertArrayEquals(resourceBytes(), Files.readAllBytes(file));
        assertEquals(List.of(file), files(cache));
    }

    @Test
    void withoutAUsableCacheATemporaryFileIsUsed() throws Exception {
        Path notAFolder = Files.writeString(dir.resolve("home"), "a file where the cache would be");
        Path temporary = Files.createDirectory(dir.resolve("tmp"));
        Path file = JniFmiLibrary.extract(resourceBytes(), NAME, Optional.of(notAFolder.resolve(".cache")), temporary);
        assertEquals(temporary, file.getParent());
        assertArrayEquals(resourceBytes(), Files.readAllBytes(file));
        // BTFMU_CACHE_DIR=off: no cache at all
        assertEquals(temporary, JniFmiLibrary.extract(resourceBytes(), NAME, Optional.empty(), temporary).getParent());
    }

    @Test
    void withNowhereToWriteTheExtractionFailsWithAReason() throws Exception {
        Path notAFolder = Files.writeString(dir.resolve("home"), "a file");
        IOException e = assertThrows(IOException.class, () -> JniFmiLibrary.extract(resourceBytes(), NAME,
                Optional.of(notAFolder.resolve("c")), notAFolder.resolve("t")));
        assertTrue(e.toString().contains("home"), e.toString());
    }

    @Test
    void whatCannotBeLoadedFallsBackWithoutAnException() throws Exception {
        // another platform: no resource; or a resource missing from the class path
        assertFalse(JniFmiLibrary.load(Optional.empty(), Optional.of(dir), dir));
        assertFalse(JniFmiLibrary.load(Optional.of("org/btfmu/native/none/" + NAME), Optional.of(dir), dir));
        // nowhere to write it
        Path notAFolder = Files.writeString(dir.resolve("home"), "a file");
        assertFalse(JniFmiLibrary.load(Optional.of(LINUX), Optional.of(notAFolder.resolve("c")), notAFolder));
        // (A file that System.load refuses ends in the same catch; not tried here: for a non-ELF
        // file the JVM prints a warning, and a truncated ELF file can abort the process in dlopen.)
    }

    @Test
    void aLibraryForTheTwoPlatformsOfTheFmusOnly() {
        assertEquals(Optional.of(LINUX), JniFmiLibrary.resource("Linux", "amd64"));
        assertEquals(Optional.of("org/btfmu/native/win64/btfmu-fmicalls.dll"),
                JniFmiLibrary.resource("Windows 11", "amd64"));
        assertEquals(Optional.empty(), JniFmiLibrary.resource("Linux", "aarch64"));
        assertEquals(Optional.empty(), JniFmiLibrary.resource("Mac OS X", "x86_64"));
        // both are in the jar (the win64 one where MinGW built it, as for the shim)
        assertTrue(JniFmiLibrary.class.getClassLoader().getResource(LINUX) != null);
    }

    /**
     * Every native method of the JNI classes has its C function in both libraries (a missing one
     * would fail only when first called, in the middle of a run), by its JNI name; the win64 one
     * where MinGW built it, as for the shim.
     */
    @Test
    void bothLibrariesExportEveryNativeMethod() throws Exception {
        List<String> names = new java.util.ArrayList<>();
        for (Class<?> type : List.of(JniFmi2Calls.class, JniFmi2Step.class, JniFmi2ModelExchange.class,
                JniFmi3Calls.class, JniFmi3Step.class, JniFmi3ModelExchange.class)) {
            for (java.lang.reflect.Method m : type.getDeclaredMethods()) {
                if (java.lang.reflect.Modifier.isNative(m.getModifiers())) {
                    names.add("Java_" + type.getName().replace('.', '_') + "_" + m.getName());
                }
            }
        }
        assertEquals(22, names.size(), names.toString());
        for (String resource : List.of(LINUX, "org/btfmu/native/win64/btfmu-fmicalls.dll")) {
            try (InputStream in = getClass().getClassLoader().getResourceAsStream(resource)) {
                if (in == null && resource.endsWith(".dll")) {
                    continue; // built without MinGW: FMUs get binaries/linux64 only, and so does this
                }
                String bytes = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.ISO_8859_1);
                for (String name : names) {
                    assertTrue(bytes.contains(name + "\0"), resource + " lacks " + name);
                }
            }
        }
    }

    @Test
    void theCacheFolderFollowsTheShimsRule() {
        assertEquals(Optional.of(Path.of("/c")), JniFmiLibrary.cacheFolder(Map.of("BTFMU_CACHE_DIR", "/c",
                "XDG_CACHE_HOME", "/x", "HOME", "/h"), "/u"));
        assertEquals(Optional.empty(), JniFmiLibrary.cacheFolder(Map.of("BTFMU_CACHE_DIR", "off", "HOME", "/h"), "/u"));
        assertEquals(Optional.of(Path.of("/x/bt-fmu")),
                JniFmiLibrary.cacheFolder(Map.of("XDG_CACHE_HOME", "/x", "HOME", "/h"), "/u"));
        assertEquals(Optional.of(Path.of("/h/.cache/bt-fmu")),
                JniFmiLibrary.cacheFolder(Map.of("XDG_CACHE_HOME", "relative", "HOME", "/h"), "/u"));
        assertEquals(Optional.of(Path.of("/u/.cache/bt-fmu")), JniFmiLibrary.cacheFolder(Map.of(), "/u"));
    }
}
