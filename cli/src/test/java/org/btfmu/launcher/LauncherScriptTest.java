package org.btfmu.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The repository's `bt-fmu` launcher on a first run: it builds quietly (one progress line, the
 * build's own output in a log file) and names the log with its end when the build fails. Maven and
 * Java are stand-ins on the PATH that talk like the real build (cc lines, colour codes), so the test
 * checks the script, not the build.
 */
class LauncherScriptTest {

    private static final String COMMAND_OUTPUT = "the command's own output";

    @TempDir Path root;

    @Test
    void firstRunPrintsOneProgressLineAndLogsTheBuild() throws Exception {
        Result first = launch(Map.of());
        assertEquals(0, first.exit, first.output);
        List<String> before = first.linesBeforeCommandOutput();
        assertTrue(before.size() <= 3, "at most three lines before the command's output: " + before);
        assertFalse(first.output.contains("\u001b"), "no raw escape codes: " + first.output);
        assertFalse(first.output.contains("gcc "), "no compiler command lines: " + first.output);
        assertTrue(first.output.contains("target/bt-fmu-build.log"), first.output);
        String log = Files.readString(root.resolve("target/bt-fmu-build.log"));
        assertTrue(log.contains("gcc -O2 -c shim.c"), "the build's output is kept in the log: " + log);

        Result second = launch(Map.of());
        assertEquals(List.of(), second.linesBeforeCommandOutput(), "no rebuild when nothing changed");
    }

    @Test
    void failedBuildNamesTheLogWithItsLastLinesAndStops() throws Exception {
        Result failed = launch(Map.of("FAKE_MVN_FAIL", "1"));
        assertNotEquals(0, failed.exit, failed.output);
        assertTrue(failed.output.contains(root.resolve("target/bt-fmu-build.log").toString()), failed.output);
        assertTrue(failed.output.contains("Foo.java:[3,4] cannot find symbol"), failed.output);
        assertFalse(failed.output.contains("\u001b"), failed.output);
        assertFalse(failed.output.contains(COMMAND_OUTPUT), "the command does not run: " + failed.output);
    }

    private Result launch(Map<String, String> env) throws IOException, InterruptedException {
        Path script = root.resolve("bt-fmu");
        if (!Files.exists(script)) {
            Files.copy(Paths.get("..", "bt-fmu"), script);
            Files.createDirectories(root.resolve("cli/src/main/java"));
            Files.writeString(root.resolve("pom.xml"), "<project/>\n");
            Path bin = Files.createDirectories(root.resolve("fake-bin"));
            executable(bin.resolve("mvn"), """
                    #!/bin/sh
                    while [ "$1" != "-f" ]; do shift; done
                    top=$(dirname "$2")
                    printf '\\033[1;34m[INFO]\\033[0m Building bt-fmu\\n'
                    echo "gcc -O2 -c shim.c -o target/native-obj/shim.o"
                    echo "javac --release 17 -d target/boot RuntimeLoader.java" >&2
                    if [ -n "$FAKE_MVN_FAIL" ]; then
                      printf '\\033[1;31m[ERROR]\\033[0m Foo.java:[3,4] cannot find symbol\\n'
                      exit 1
                    fi
                    mkdir -p "$top/cli/target" && touch "$top/cli/target/bt-fmu.jar"
                    """);
            executable(bin.resolve("java"), "#!/bin/sh\necho \"" + COMMAND_OUTPUT + "\"\n");
            // The jar must be newer than the sources for the second run to skip the build.
            Files.setLastModifiedTime(root.resolve("pom.xml"),
                    java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 60_000));
        }
        ProcessBuilder builder = new ProcessBuilder("bash", script.toString(), "--help")
                .redirectErrorStream(true);
        builder.environment().put("PATH", root.resolve("fake-bin") + ":" + System.getenv("PATH"));
        builder.environment().putAll(env);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Result(process.waitFor(), output);
    }

    private static void executable(Path file, String text) throws IOException {
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private record Result(int exit, String output) {
        List<String> linesBeforeCommandOutput() {
            List<String> lines = output.lines().toList();
            int end = lines.indexOf(COMMAND_OUTPUT);
            return end < 0 ? lines : lines.subList(0, end);
        }
    }
}
