package org.btfmu.maven;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** Runs {@link ScenarioMain} in a process of its own and collects what it reports. */
final class ScenarioProcess {

    /** What the configuration check found: errors (each located) and warnings. */
    record Checked(List<String> configurationErrors, List<String> warnings) {
    }

    /**
     * What a run reported: passed and failed expectations, the error that stopped the run (or
     * the process) with the expectations it left undecided, or a configuration error.
     */
    record Result(List<String> passed, List<String> failed, String error, List<String> skipped,
            String configurationError) {
    }

    private final List<File> classPath;
    private final Path project;
    private final Path reports;
    private final Path workDirectory;
    private final Map<String, Path> missionFmus;
    private final Consumer<String> fmuLog;

    ScenarioProcess(List<File> classPath, Path project, Path reports, Path workDirectory,
            Map<String, Path> missionFmus, Consumer<String> fmuLog) {
        this.classPath = classPath;
        this.project = project;
        this.reports = reports;
        this.workDirectory = workDirectory;
        this.missionFmus = missionFmus;
        this.fmuLog = fmuLog;
    }

    /** Loads every scenario (by report name) without running it, in one process. */
    Checked check(Map<String, Path> scenarios) throws IOException, InterruptedException {
        List<String> errors = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        List<String> errorLines = new ArrayList<>();
        JavaProcess.Ended ended = JavaProcess.run(classPath, ScenarioMain.class, args("check", scenarios),
                workDirectory, 0, line -> {
                    if (line.startsWith(ScenarioMain.CONFIGURATION)) {
                        errors.add(line.substring(ScenarioMain.CONFIGURATION.length()));
                    } else if (line.startsWith(ScenarioMain.WARNING)) {
                        warnings.add(line.substring(ScenarioMain.WARNING.length()));
                    }
                }, line -> {
                    fmuLog.accept(line);
                    errorLines.add(line);
                });
        if (ended.exit() != 0 && errors.isEmpty()) {
            errors.add("checking the scenarios: " + crashed(ended.exit(), errorLines));
        }
        return new Checked(errors, warnings);
    }

    /** Runs one scenario; {@code timeoutSeconds} > 0 bounds its process. */
    Result run(String reportName, Path scenario, int timeoutSeconds) throws IOException, InterruptedException {
        List<String> passed = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        List<String> stopped = new ArrayList<>();
        List<String> configuration = new ArrayList<>();
        List<String> errorLines = new ArrayList<>();
        JavaProcess.Ended ended = JavaProcess.run(classPath, ScenarioMain.class,
                args("run", Map.of(reportName, scenario)), workDirectory, timeoutSeconds, line -> {
                    if (line.startsWith(ScenarioMain.PASSED)) {
                        passed.add(line.substring(ScenarioMain.PASSED.length()));
                    } else if (line.startsWith(ScenarioMain.FAILED)) {
                        failed.add(line.substring(ScenarioMain.FAILED.length()));
                    } else if (line.startsWith(ScenarioMain.SKIPPED)) {
                        skipped.add(line.substring(ScenarioMain.SKIPPED.length()));
                    } else if (line.startsWith(ScenarioMain.STOPPED)) {
                        stopped.add("the co-simulation stopped: " + line.substring(ScenarioMain.STOPPED.length()));
                    } else if (line.startsWith(ScenarioMain.CONFIGURATION)) {
                        configuration.add(line.substring(ScenarioMain.CONFIGURATION.length()));
                    }
                }, line -> {
                    fmuLog.accept(line);
                    errorLines.add(line);
                });
        if (!configuration.isEmpty()) {
            return new Result(passed, failed, null, skipped, configuration.get(0));
        }
        String error = stopped.isEmpty() ? null : stopped.get(0);
        boolean reported = ended.exit() == 0 || ended.exit() == 1 && (!failed.isEmpty() || error != null);
        if (ended.timedOut() || !reported) {
            // It wrote no report: this one says so, with what it left undecided.
            error = ended.timedOut()
                    ? "timed out after " + timeoutSeconds + " s (<scenarioTimeout>, -Dbtfmu.scenarioTimeout) and was"
                            + " stopped"
                    : crashed(ended.exit(), errorLines);
            passed.clear();
            failed.clear();
            List<TestReport.Case> cases = new ArrayList<>(List.of(
                    new TestReport.Case("run " + scenario.getFileName(), "error", error)));
            TestReport.write(reports, reportName, cases, 0);
        }
        return new Result(passed, failed, error, skipped, null);
    }

    private List<String> args(String mode, Map<String, Path> scenarios) {
        List<String> args = new ArrayList<>(List.of(mode, project.toString(), reports.toString()));
        missionFmus.forEach((name, fmu) -> args.add(name + "=" + fmu));
        args.add("--");
        scenarios.forEach((name, file) -> {
            args.add(name);
            args.add(file.toString());
        });
        return args;
    }

    /** A process that ended without saying why: its exit code and last messages. */
    static String crashed(int exit, List<String> errorLines) {
        int from = Math.max(0, errorLines.size() - 20);
        return "the process ended with exit code " + exit + "; its last messages:\n    "
                + String.join("\n    ", errorLines.subList(from, errorLines.size()));
    }
}
