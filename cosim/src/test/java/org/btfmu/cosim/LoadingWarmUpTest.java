package org.btfmu.cosim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** The warm-up reads a model description of its own through javafmi, from a file it removes again. */
@EnabledOnOs(OS.LINUX)
class LoadingWarmUpTest {

    @TempDir
    Path tmp;

    /** Runs the warm-up, then says whether javafmi's reader is initialised. */
    public static final class Probe {
        public static void main(String[] args) throws Exception {
            LoadingWarmUp.run();
            System.out.println(System.getProperty("jna.platform.library.path") != null);
        }
    }

    @Test
    void leavesNoFileBehind() throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + tmp, "-Duser.home=" + tmp, "-cp", System.getProperty("java.class.path"),
                Probe.class.getName()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        assertEquals("true", out.strip(), "JNA's settings applied");
        try (Stream<Path> files = Files.list(tmp)) {
            List<String> left = files.map(f -> f.getFileName().toString()).filter(f -> !f.equals(".cache")).toList();
            assertEquals(List.of(), left);
        }
    }
}
