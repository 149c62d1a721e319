package org.btfmu.maven;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** Runs {@link ScenarioMain} for one scenario in a process of its own and collects what it reports. */
final class ScenarioProcess {

    /** What the process reported: passed and failed expectations, or a configuration error. */
    record Result(List<String> passed, List<String> failed, String configurationError) {
    }

    private ScenarioProcess() {
    }

    static Result run(List<File> classPath, Path scenario, Path projectDirectory, Path reports,
            Map<String, Path> missionFmus, Consumer<String> fmuLog) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of(scenario.toString(), projectDirectory.toString(),
                reports.toString()));
        missionFmus.forEach((name, fmu) -> args.add(name + "=" + fmu));
        List<String> passed = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        List<String> configuration = new ArrayList<>();
        List<String> errorLines = new ArrayList<>();
        int exit = JavaProcess.run(classPath, ScenarioMain.class, args, line -> {
            if (line.startsWith(ScenarioMain.PASSED)) {
                passed.add(line.substring(ScenarioMain.PASSED.length()));
            } else if (line.startsWith(ScenarioMain.FAILED)) {
                failed.add(line.substring(ScenarioMain.FAILED.length()));
            } else if (line.startsWith(ScenarioMain.STOPPED)) {
                failed.add("the co-simulation stopped: " + line.substring(ScenarioMain.STOPPED.length()));
            } else if (line.startsWith(ScenarioMain.CONFIGURATION)) {
                configuration.add(line.substring(ScenarioMain.CONFIGURATION.length()));
            }
        }, line -> {
            fmuLog.accept(line);
            errorLines.add(line);
        });
        if (configuration.isEmpty() && (exit > 1 || exit == 1 && failed.isEmpty())) {
            // It wrote no report: this one says so.
            String message = crashed(exit, errorLines);
            failed.add(message);
            String file = scenario.getFileName().toString();
            TestReport.write(reports, file.substring(0, file.length() - ".json".length()),
                    List.of(new TestReport.Case("run " + file, "error", message)), 0);
        }
        return new Result(passed, failed, configuration.isEmpty() ? null : configuration.get(0));
    }

    /** A process that ended without saying why: its exit code and last messages. */
    static String crashed(int exit, List<String> errorLines) {
        int from = Math.max(0, errorLines.size() - 20);
        return "the process ended with exit code " + exit + "; its last messages:\n    "
                + String.join("\n    ", errorLines.subList(from, errorLines.size()));
    }
}
