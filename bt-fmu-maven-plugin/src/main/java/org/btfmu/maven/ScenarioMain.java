package org.btfmu.maven;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Runs one scenario in a Java process of its own, started by {@link ScenarioProcess}
 * through {@link JavaProcess}:
 * javafmi needs {@code --add-opens java.prefs/java.util.prefs} (which Maven's JVM
 * lacks), and an FMU that crashes takes down only this process, not the build.
 *
 * <p>Arguments: scenario file, project folder, reports folder, then
 * {@code <mission name>=<fmu>} per mission. Standard output carries one line
 * per result ({@link #PASSED}, {@link #FAILED}, {@link #STOPPED}); FMU log
 * messages go to standard error. Exit code 0 when everything passed, 1 when an
 * expectation failed or the run stopped, 2 for a configuration error (the
 * message on standard output after {@link #CONFIGURATION}).
 */
public final class ScenarioMain {

    static final String PASSED = "PASSED ";
    static final String FAILED = "FAILED ";
    static final String STOPPED = "STOPPED ";
    static final String CONFIGURATION = "CONFIGURATION ";

    private ScenarioMain() {
    }

    public static void main(String[] args) throws IOException {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        Map<String, Path> missionFmus = new LinkedHashMap<>();
        for (int i = 3; i < args.length; i++) {
            int eq = args[i].indexOf('=');
            missionFmus.put(args[i].substring(0, eq), Path.of(args[i].substring(eq + 1)));
        }
        ScenarioRun.Outcome outcome;
        try {
            Scenario scenario = Scenario.read(Path.of(args[0]), Path.of(args[1]), missionFmus);
            outcome = ScenarioRun.run(scenario, System.err::println);
        } catch (ScenarioException e) {
            out.println(CONFIGURATION + oneLine(e.getMessage()));
            System.exit(2);
            return;
        }
        TestReport.write(Path.of(args[2]), outcome);
        if (outcome.error() != null) {
            out.println(STOPPED + oneLine(outcome.error()));
        }
        for (Expectation expectation : outcome.expectations()) {
            if (outcome.error() == null) {
                out.println(expectation.passed() ? PASSED + expectation.name() : FAILED + oneLine(expectation.failure()));
            }
        }
        System.exit(outcome.error() == null && outcome.failures() == 0 ? 0 : 1);
    }

    private static String oneLine(String text) {
        return text.replace('\n', ' ');
    }
}
