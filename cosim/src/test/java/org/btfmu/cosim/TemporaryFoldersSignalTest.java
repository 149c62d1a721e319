package org.btfmu.cosim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM while a thread unpacks: the shutdown hook waits for the unpacking under way and then
 * removes every folder it made, including one made after the signal arrived (before, a folder made
 * between the hook's removal and the JVM's end stayed behind: the demo's interrupted run left
 * {@code bt-fmu-mission-*} folders under load).
 */
class TemporaryFoldersSignalTest {

    @TempDir
    Path tmp;

    /** The process under test: unpacks two folders, the second a second after it said it began. */
    public static final class Unpacker {
        public static void main(String[] args) throws Exception {
            TemporaryFolders.unpacking(() -> {
                for (String name : List.of("first", "second")) {
                    Path folder = Files.createTempDirectory("bt-fmu-" + name + "-");
                    TemporaryFolders.register(() -> TemporaryFolders.delete(folder));
                    System.out.println("made " + name);
                    System.out.flush();
                    sleep(name.equals("first") ? 1500 : 0);
                }
                return null;
            });
            System.out.println("unpacked");
            System.out.flush();
            sleep(60_000);
        }

        private static void sleep(long millis) {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Test
    void aSignalDuringUnpackingLeavesNoFolderBehind() throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + tmp, "-cp", System.getProperty("java.class.path"), Unpacker.class.getName())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            assertEquals("made first", out.readLine());
            p.toHandle().destroy(); // SIGTERM while the second folder is yet to be made (streams stay open)
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "ends after SIGTERM");
            assertEquals("made second", out.readLine(), "the unpacking under way finished");
        } finally {
            p.destroyForcibly();
        }
        assertEquals(143, p.exitValue());
        try (Stream<Path> left = Files.list(tmp)) {
            assertEquals(List.of(), left.map(f -> f.getFileName().toString()).toList(), "folders left after SIGTERM");
        }
    }

    @Test
    void theFoldersOfAFinishedUnpackingGoWithTheProcess() throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + tmp, "-cp", System.getProperty("java.class.path"), Unpacker.class.getName())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            assertEquals("made first", out.readLine());
            assertEquals("made second", out.readLine());
            assertEquals("unpacked", out.readLine());
            p.toHandle().destroy();
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "ends after SIGTERM");
        } finally {
            p.destroyForcibly();
        }
        try (Stream<Path> left = Files.list(tmp)) {
            assertEquals(List.of(), left.map(f -> f.getFileName().toString()).toList(), "folders left after SIGTERM");
        }
    }
}
