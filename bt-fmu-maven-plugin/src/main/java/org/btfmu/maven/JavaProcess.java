package org.btfmu.maven;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Runs a main class of this plugin in a new Java process (the Java that runs
 * Maven, the plugin's class path), line by line: FMUs run there, not in
 * Maven's JVM, so that javafmi gets the {@code --add-opens} it needs and an FMU
 * that crashes ends only that process.
 */
final class JavaProcess {

    private JavaProcess() {
    }

    /** Returns the exit code; standard output and standard error go to the two consumers by line. */
    static int run(List<File> classPath, Class<?> main, List<String> args, Consumer<String> out,
            Consumer<String> err) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // javafmi makes the extracted binaries executable through java.util.prefs (DESIGN.md §4).
                "--add-opens", "java.prefs/java.util.prefs=ALL-UNNAMED",
                "-cp", String.join(File.pathSeparator, classPath.stream().map(File::getPath).toList()),
                main.getName()));
        command.addAll(args);
        Process process = new ProcessBuilder(command).start();
        process.getOutputStream().close();
        Thread errors = new Thread(() -> lines(process.getErrorStream(), err), "bt-fmu " + main.getSimpleName());
        errors.start();
        lines(process.getInputStream(), out);
        int exit = process.waitFor();
        errors.join();
        return exit;
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
