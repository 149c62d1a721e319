package org.btfmu.fmu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * When the class-data archive is (not) made. A Java installation without bin/java stands in
 * for any failure of the making process; making a real archive is ClassDataCacheTest's (fmu-tests).
 */
class ClassDataArchiveTest {

    @TempDir
    Path temporary;
    private Path resources;
    private Path cache;
    private Path noJava;

    @BeforeEach
    void anFmusResources() throws Exception {
        resources = Files.createDirectories(temporary.resolve("resources"));
        Files.createDirectories(resources.resolve("lib"));
        Files.write(resources.resolve("lib/bt-fmu-runtime.jar"), new byte[] {1, 2, 3});
        Files.writeString(resources.resolve("lib/SHA256SUMS"), "abc  bt-fmu-runtime.jar\n");
        Files.writeString(resources.resolve("mission.json"), "{}");
        Files.writeString(resources.resolve("guid.txt"), "{guid}");
        cache = temporary.resolve("cache/0123456789abcdef");
        noJava = Files.createDirectories(temporary.resolve("no-java"));
    }

    @Test
    void aFailedAttemptIsRecordedWithItsOutputAndNotRepeated() throws Exception {
        assertNotNull(ClassDataArchive.make(cache, resources, noJava));
        assertEquals(cache.resolve("lib/bt-fmu-runtime.jar").toAbsolutePath() + "\n",
                Files.readString(cache.resolve("classpath")));
        assertTrue(Files.isRegularFile(cache.resolve("warm-up/mission.json")));
        awaitGone(cache.resolve(ClassDataArchive.CREATING));
        assertTrue(Files.readString(cache.resolve(ClassDataArchive.FAILED)).contains("bin/java"),
                "the shell's message names what it could not run");
        assertFalse(Files.exists(cache.resolve(ClassDataArchive.ARCHIVE)));

        assertNull(ClassDataArchive.make(cache, resources, noJava), "not tried again");
    }

    @Test
    void anotherProcessMakingItIsLeftAlone() throws Exception {
        Files.createDirectories(cache);
        Files.createFile(cache.resolve(ClassDataArchive.CREATING));
        assertNull(ClassDataArchive.make(cache, resources, noJava));
        assertFalse(Files.exists(cache.resolve("lib")), "nothing copied");
    }

    @Test
    void theLockOfAProcessThatDiedIsTakenOver() throws Exception {
        Files.createDirectories(cache);
        Path lock = Files.createFile(cache.resolve(ClassDataArchive.CREATING));
        Files.setLastModifiedTime(lock, FileTime.from(
                Instant.now().minusMillis(ClassDataArchive.STALE_MILLIS).minusSeconds(60)));
        assertNotNull(ClassDataArchive.make(cache, resources, noJava));
        awaitGone(lock);
    }

    @Test
    void anArchiveThatIsThereIsKept() throws Exception {
        Files.createDirectories(cache);
        Files.write(cache.resolve(ClassDataArchive.ARCHIVE), new byte[] {9});
        assertNull(ClassDataArchive.make(cache, resources, noJava));
        assertFalse(Files.exists(cache.resolve("lib")));
    }

    @Test
    void theJarsAnArchiveWasMadeFromAreNeverRewritten() throws Exception {
        assertNotNull(ClassDataArchive.make(cache, resources, noJava));
        awaitGone(cache.resolve(ClassDataArchive.CREATING));
        Files.delete(cache.resolve(ClassDataArchive.FAILED));
        FileTime copied = Files.getLastModifiedTime(cache.resolve("lib/bt-fmu-runtime.jar"));
        Files.setLastModifiedTime(cache.resolve("lib/bt-fmu-runtime.jar"),
                FileTime.from(copied.toInstant().minusSeconds(3600)));

        assertNotNull(ClassDataArchive.make(cache, resources, noJava));
        assertEquals(copied.toInstant().minusSeconds(3600),
                Files.getLastModifiedTime(cache.resolve("lib/bt-fmu-runtime.jar")).toInstant());
        awaitGone(cache.resolve(ClassDataArchive.CREATING));
    }

    @Test
    void onlyTheRuntimeTheCacheIsNamedForFillsIt() throws Exception {
        Path same = Files.createDirectories(temporary.resolve("same/lib"));
        Files.writeString(same.resolve("SHA256SUMS"), "abc  bt-fmu-runtime.jar\n");
        Path other = Files.createDirectories(temporary.resolve("other/lib"));
        Files.writeString(other.resolve("SHA256SUMS"), "def  bt-fmu-runtime.jar\n");
        assertTrue(ClassDataArchive.sameRuntime(resources, same.getParent()));
        assertFalse(ClassDataArchive.sameRuntime(resources, other.getParent()));
    }

    @Test
    void jdk25AndNewerWriteAnAotCacheOlderOnesADynamicArchive() {
        List<String> dynamic = List.of("-Xshare:auto", "-XX:ArchiveClassesAtExit=classes.jsa.1.tmp");
        // it refuses -Xshare options; the cache needs the shim's module options
        List<String> aot = List.of("--enable-native-access=ALL-UNNAMED", "-XX:AOTCacheOutput=classes.jsa.1.tmp");
        assertEquals(dynamic, ClassDataArchive.archiveOptions(17, "classes.jsa.1.tmp"));
        assertEquals(dynamic, ClassDataArchive.archiveOptions(24, "classes.jsa.1.tmp"));
        assertEquals(aot, ClassDataArchive.archiveOptions(25, "classes.jsa.1.tmp"));
        assertEquals(aot, ClassDataArchive.archiveOptions(26, "classes.jsa.1.tmp"));
    }

    private static void awaitGone(Path file) throws InterruptedException {
        for (int i = 0; i < 300; i++) {
            if (!Files.exists(file)) {
                return;
            }
            Thread.sleep(100);
        }
        fail(file + " still there after 30 s");
    }
}
