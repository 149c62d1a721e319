package org.btfmu.maven;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Starts {@link ScenarioMain} for one scenario in a new Java process (same
 * Java as Maven's, the plugin's class path) and collects what it reports.
 */
final class ScenarioProcess {

    /** What the process reported: passed and failed expectations, or a configuration error. */
    record Result(List<String> passed, List<String> failed, String configurationError) {
    }

    private ScenarioProcess() {
    }

    static Result run(List<File> classPath, Path scenario, Path projectDirectory, Path reports,
            Map<String, Path> missionFmus, Consumer<String> fmuLog) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // javafmi makes the extracted binaries executable through java.util.prefs (DESIGN.md §4).
                "--add-opens", "java.prefs/java.util.prefs=ALL-UNNAMED",
                "-cp", String.join(File.pathSeparator, classPath.stream().map(File::getPath).toList()),
                ScenarioMain.class.getName(),
                scenario.toString(), projectDirectory.toString(), reports.toString()));
        missionFmus.forEach((name, fmu) -> command.add(name + "=" + fmu));
        Process process = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.PIPE).start();
        process.getOutputStream().close();
        List<String> errorLines = new ArrayList<>();
        Thread errors = new Thread(() -> {
            try (BufferedReader in = reader(process.getErrorStream())) {
                for (String line; (line = in.readLine()) != null;) {
                    fmuLog.accept(line);
                    errorLines.add(line);
                }
            } catch (IOException ignored) {
                // the process ended
            }
        }, "bt-fmu scenario log");
        errors.start();
        List<String> passed = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        String configuration = null;
        try (BufferedReader in = reader(process.getInputStream())) {
            for (String line; (line = in.readLine()) != null;) {
                if (line.startsWith(ScenarioMain.PASSED)) {
                    passed.add(line.substring(ScenarioMain.PASSED.length()));
                } else if (line.startsWith(ScenarioMain.FAILED)) {
                    failed.add(line.substring(ScenarioMain.FAILED.length()));
                } else if (line.startsWith(ScenarioMain.STOPPED)) {
                    failed.add("the co-simulation stopped: " + line.substring(ScenarioMain.STOPPED.length()));
                } else if (line.startsWith(ScenarioMain.CONFIGURATION)) {
                    configuration = line.substring(ScenarioMain.CONFIGURATION.length());
                }
            }
        }
        int exit = process.waitFor();
        errors.join();
        if (configuration == null && (exit > 1 || exit == 1 && failed.isEmpty())) {
            int from = Math.max(0, errorLines.size() - 20);
            failed.add("the co-simulation process ended with exit code " + exit + "; its last messages:\n    "
                    + String.join("\n    ", errorLines.subList(from, errorLines.size())));
        }
        return new Result(passed, failed, configuration);
    }

    private static BufferedReader reader(java.io.InputStream in) {
        return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    }
}
