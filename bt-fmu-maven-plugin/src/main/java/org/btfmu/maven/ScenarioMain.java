package org.btfmu.maven;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.btfmu.report.CsvReport;
import org.btfmu.scenario.Expectation;
import org.btfmu.scenario.JsonLocations;
import org.btfmu.scenario.Scenario;
import org.btfmu.scenario.ScenarioException;
import org.btfmu.scenario.ScenarioRun;

/**
 * Checks or runs scenarios in a Java process of its own, started by {@link ScenarioProcess}
 * through {@link JavaProcess}:
 * javafmi needs {@code --add-opens java.prefs/java.util.prefs} (which Maven's JVM
 * lacks), and an FMU that crashes takes down only this process, not the build.
 *
 * <p>Arguments: {@code check} or {@code run}, the project folder, the reports folder,
 * {@code <mission name>=<fmu>} per mission, {@code --}, then per scenario its report
 * name and its file. {@code check} loads every scenario's FMUs, wiring and expectations
 * without running it; {@code run} runs the one scenario and writes its report, and beside it
 * {@code <scenario>/result.csv} and {@code <scenario>/report.html}.
 * Standard output carries one line per finding ({@link #PASSED}, {@link #FAILED},
 * {@link #STOPPED}, {@link #SKIPPED}, {@link #CONFIGURATION}, {@link #WARNING});
 * FMU log messages go to standard error. Exit code 0 when everything passed, 1 when an
 * expectation failed or the run stopped, 2 for a configuration error.
 */
public final class ScenarioMain {

    static final String PASSED = "PASSED ";
    static final String FAILED = "FAILED ";
    static final String STOPPED = "STOPPED ";
    static final String SKIPPED = "SKIPPED ";
    static final String CONFIGURATION = "CONFIGURATION ";
    static final String WARNING = "WARNING ";

    private ScenarioMain() {
    }

    public static void main(String[] args) throws IOException {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        boolean check = args[0].equals("check");
        Path project = Path.of(args[1]);
        Path reports = Path.of(args[2]);
        Map<String, Path> missionFmus = new LinkedHashMap<>();
        int i = 3;
        for (; !args[i].equals("--"); i++) {
            int eq = args[i].indexOf('=');
            missionFmus.put(args[i].substring(0, eq), Path.of(args[i].substring(eq + 1)));
        }
        List<String[]> scenarios = new ArrayList<>();
        for (i++; i + 1 < args.length; i += 2) {
            scenarios.add(new String[] {args[i], args[i + 1]});
        }
        int exit = 0;
        for (String[] scenario : scenarios) {
            Path file = Path.of(scenario[1]);
            try {
                Scenario read = Scenario.read(file, project, missionFmus);
                if (check) {
                    ScenarioRun.check(read, System.err::println);
                    read.warnings().forEach(w -> out.println(WARNING + oneLine(JsonLocations.locate(file, w))));
                } else {
                    exit = Math.max(exit, run(out, read, reports, scenario[0]));
                }
            } catch (ScenarioException e) {
                out.println(CONFIGURATION + oneLine(JsonLocations.locate(file, e.getMessage())));
                exit = 2;
            }
        }
        System.exit(exit);
    }

    private static int run(PrintStream out, Scenario scenario, Path reports, String reportName) throws IOException {
        // Beside the JUnit report: <reports>/<scenario>/result.csv (every output) and report.html.
        Path run = reports.resolve(reportName);
        Files.createDirectories(run);
        Path csv = run.resolve("result.csv");
        ScenarioRun.Outcome outcome = ScenarioRun.run(scenario, System.err::println, csv);
        TestReport.write(reports, reportName, outcome);
        if (Files.isRegularFile(csv)) {
            try {
                CsvReport.write(csv, scenario.fmus(), scenario.name(), run.resolve("report.html"));
            } catch (IOException | RuntimeException e) {
                out.println(WARNING + oneLine(run.resolve("report.html") + ": not written: " + e.getMessage()));
            }
        }
        if (outcome.error() != null) {
            out.println(STOPPED + oneLine(outcome.error()));
        }
        for (Expectation expectation : outcome.expectations()) {
            if (outcome.error() != null) {
                out.println(SKIPPED + expectation.name());
            } else {
                out.println(expectation.passed() ? PASSED + expectation.name() : FAILED + oneLine(expectation.failure()));
            }
        }
        return outcome.error() == null && outcome.failures() == 0 ? 0 : 1;
    }

    private static String oneLine(String text) {
        return text.replace('\n', ' ');
    }
}
