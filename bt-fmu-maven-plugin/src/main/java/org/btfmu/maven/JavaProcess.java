package org.btfmu.maven;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Runs a main class of this plugin in a new Java process (the Java that runs
 * Maven, the plugin's class path), line by line: FMUs run there, not in
 * Maven's JVM, so that javafmi gets the {@code --add-opens} it needs and an FMU
 * that crashes ends only that process.
 *
 * <p>The process works in a folder of its own under {@code target/} (its working
 * directory, its {@code java.io.tmpdir} and where a JVM crash log would go),
 * removed when it ends: nothing lands in the project's root. It runs with
 * {@code -Xrs}: Ctrl-C (SIGINT to the whole process group) or SIGTERM end it at
 * once instead of starting the JVM's shutdown, whose hooks include javafmi's,
 * which unloads (dlclose) every FMU library while the main thread may still be
 * inside a JNA call into one of them: that was the SIGSEGV and the
 * {@code hs_err_pid*.log} in the project root.
 */
final class JavaProcess {

    /** How a process ended: its exit code, or killed after the timeout. */
    record Ended(int exit, boolean timedOut) {
    }

    private JavaProcess() {
    }

    /**
     * Runs {@code main}; standard output and standard error go to the two consumers by line.
     * {@code timeoutSeconds} > 0 bounds the run: then the process is killed.
     */
    static Ended run(List<File> classPath, Class<?> main, List<String> args, Path workDirectory, int timeoutSeconds,
            Consumer<String> out, Consumer<String> err) throws IOException, InterruptedException {
        // javafmi makes the extracted binaries executable through java.util.prefs (DESIGN.md §4).
        return run(classPath, main.getName(), List.of("--add-opens", "java.prefs/java.util.prefs=ALL-UNNAMED"), args,
                workDirectory, timeoutSeconds, out, err);
    }

    /** Runs the class {@code main} (by name: it need not be on this plugin's class path) with these JVM options. */
    static Ended run(List<File> classPath, String main, List<String> jvmOptions, List<String> args, Path workDirectory,
            int timeoutSeconds, Consumer<String> out, Consumer<String> err) throws IOException, InterruptedException {
        Files.createDirectories(workDirectory);
        String simpleName = main.substring(main.lastIndexOf('.') + 1);
        Path work = Files.createTempDirectory(workDirectory, simpleName + "-");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xrs",
                "-XX:ErrorFile=" + work.resolve("hs_err_pid%p.log"),
                "-Djava.io.tmpdir=" + work));
        command.addAll(jvmOptions);
        command.addAll(List.of(
                "-cp", String.join(File.pathSeparator, classPath.stream().map(File::getAbsolutePath).toList()),
                main));
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).directory(work.toFile());
        // Spark (the sweep goal) listens on the loopback address only.
        builder.environment().putIfAbsent("SPARK_LOCAL_IP", "127.0.0.1");
        Process process = builder.start();
        // Maven ended by a signal (Ctrl-C): the process goes with it, and its folder.
        Thread reaper = new Thread(() -> {
            try {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                delete(work);
            } catch (IOException | InterruptedException e) {
                // Maven is ending: what is left is under target/
            }
        }, "bt-fmu reaper");
        Runtime.getRuntime().addShutdownHook(reaper);
        try {
            process.getOutputStream().close();
            Thread errors = new Thread(() -> lines(process.getErrorStream(), err), "bt-fmu " + simpleName);
            errors.start();
            Thread output = new Thread(() -> lines(process.getInputStream(), out), "bt-fmu " + simpleName);
            output.start();
            boolean ended = true;
            if (timeoutSeconds > 0) {
                ended = process.waitFor(timeoutSeconds, TimeUnit.SECONDS);
            } else {
                process.waitFor();
            }
            if (!ended) {
                process.destroyForcibly().waitFor();
            }
            output.join();
            errors.join();
            keepCrashLogs(work, workDirectory, err);
            return new Ended(process.exitValue(), !ended);
        } finally {
            process.destroyForcibly();
            try {
                Runtime.getRuntime().removeShutdownHook(reaper);
            } catch (IllegalStateException shuttingDown) {
                // Maven is ending: the hook runs
            }
            delete(work);
        }
    }

    /** A JVM crash log is worth keeping: it moves out of the folder that is removed, and is named. */
    private static void keepCrashLogs(Path work, Path keep, Consumer<String> err) throws IOException {
        try (Stream<Path> list = Files.list(work)) {
            for (Path log : list.filter(f -> f.getFileName().toString().startsWith("hs_err_pid")).toList()) {
                Path kept = Files.move(log, keep.resolve(log.getFileName()));
                err.accept("the Java process crashed; its crash log: " + kept);
            }
        }
    }

    /** Removes a folder and what is in it. */
    static void delete(Path folder) throws IOException {
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(folder)) {
            for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    private static void lines(InputStream stream, Consumer<String> consumer) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null;) {
                consumer.accept(line);
            }
        } catch (IOException ignored) {
            // the process ended
        }
    }
}
