package org.btfmu.fmutests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs programs natively and under Wine (Debian wine64) for the win64 tests: one Wine prefix in
 * target/, Linux paths as Wine's drive Z:, and the MinGW-w64 compiler. Tests that need either
 * skip, saying what to install.
 */
final class Wine {

    static final String MINGW = "x86_64-w64-mingw32-gcc";
    private static final Path PREFIX = Path.of("target/wine-prefix").toAbsolutePath();

    record Result(String stdout, String stderr) {
    }

    private Wine() {
    }

    /** Skips the calling test class unless MinGW-w64 and Wine are installed. */
    static void assumeInstalled() {
        assumeTrue(onPath(MINGW), "win64 Wine test SKIPPED: " + MINGW + " is not installed (Debian: apt-get"
                + " install gcc-mingw-w64-x86-64)");
        assumeTrue(onPath("wine"), "win64 Wine test SKIPPED: wine is not installed (Debian: apt-get install wine64)");
    }

    /** Wine maps the Linux root to drive Z:. */
    static String windowsPath(Path path) {
        return "Z:" + path.toAbsolutePath().toString().replace('/', '\\');
    }

    /** A file URI of drive Z:, non-ASCII characters percent-encoded as UTF-8. */
    static String windowsUri(Path path) {
        return "file:///Z:" + path.toAbsolutePath().toUri().getRawPath();
    }

    /** Runs a Windows program under Wine; the environment's empty values are removed. */
    static Result wine(Path workDirectory, List<String> command, Map<String, String> environment) throws Exception {
        List<String> line = new ArrayList<>(List.of("wine"));
        line.addAll(command);
        Map<String, String> env = new HashMap<>(environment);
        env.put("WINEPREFIX", PREFIX.toString());
        env.put("WINEDEBUG", "-all");
        env.put("WINEDLLOVERRIDES", "mscoree,mshtml=");
        // Wine converts the Unix environment and arguments to UTF-16 with the locale's charset.
        env.put("LC_ALL", "C.UTF-8");
        Result result = run(workDirectory, line, env);
        return new Result(result.stdout.replace("\r\n", "\n"), result.stderr.replace("\r\n", "\n"));
    }

    /** Runs a program; fails the test on a non-zero exit or after five minutes. */
    static Result run(Path workDirectory, List<String> command, Map<String, String> environment) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command);
        environment.forEach((k, v) -> {
            if (v.isEmpty()) {
                builder.environment().remove(k);
            } else {
                builder.environment().put(k, v);
            }
        });
        Path out = Files.createTempFile(workDirectory, "out", ".txt");
        Path err = Files.createTempFile(workDirectory, "err", ".txt");
        Process process = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!process.waitFor(300, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("timed out: " + command);
        }
        String stdout = Files.readString(out, StandardCharsets.UTF_8);
        String stderr = Files.readString(err, StandardCharsets.UTF_8);
        assertEquals(0, process.exitValue(), command + ": " + stderr);
        return new Result(stdout, stderr);
    }

    static boolean onPath(String program) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .anyMatch(p -> Files.isExecutable(Path.of(p, program)));
    }
}
