package org.btfmu.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.btfmu.cosim.CoSimulationException;
import org.btfmu.scenario.Expectation;
import org.btfmu.scenario.JsonLocations;
import org.btfmu.scenario.Scenario;
import org.btfmu.scenario.ScenarioException;
import org.btfmu.scenario.ScenarioRun;

/**
 * {@code bt-fmu simulate --scenario src/test/scenarios/x.json -o out/}: a scenario of a
 * mission project run as the Maven plugin's check goal runs it, with the same expectations
 * and the same counts, so a CI failure replays locally with one command; result.csv holds
 * every output. The project is the folder holding {@code src/test/scenarios/} (else the
 * current folder); its missions' FMUs are {@code target/fmus/<mission name>.fmu}, or
 * {@code --fmu <mission name>=<file.fmu>}. Exit 0 when every expectation holds, 1 when one
 * fails or the run stops, 2 for a scenario that cannot run as written.
 */
final class ScenarioReplay {

    static final int EXIT_FAILED = 1;

    private ScenarioReplay() {
    }

    static int run(Path file, List<String> fmuOptions, Path output, PrintWriter out, PrintWriter err) {
        try {
            Path project = projectOf(file.toAbsolutePath());
            Scenario scenario = Scenario.read(file, project, missionFmus(project, fmuOptions));
            scenario.warnings().forEach(w -> err.println("bt-fmu simulate: warning: " + JsonLocations.locate(file, w)));
            Files.createDirectories(output);
            Path csv = output.resolve("result.csv");
            ScenarioRun.Outcome outcome = ScenarioRun.run(scenario, err::println, csv);
            if (outcome.error() != null) {
                out.println("  ERROR: the co-simulation stopped: " + outcome.error());
            }
            for (Expectation expectation : outcome.expectations()) {
                out.println(outcome.error() != null ? "  skipped: " + expectation.name()
                        : expectation.passed() ? "  passed: " + expectation.name() : "  FAILED: " + expectation.failure());
            }
            out.println("bt-fmu: scenario " + file.getFileName() + ": " + outcome.counts() + "; wrote " + csv);
            out.flush();
            err.flush();
            return outcome.error() == null && outcome.failures() == 0 ? 0 : EXIT_FAILED;
        } catch (ScenarioException | CoSimulationException e) {
            err.println("bt-fmu simulate: " + JsonLocations.locate(file, e.getMessage()));
        } catch (IOException e) {
            err.println("bt-fmu simulate: " + output + ": cannot write: " + e.getMessage());
        }
        err.flush();
        return BtFmu.EXIT_BAD_INPUT;
    }

    /** The folder holding src/test/scenarios/ above the file, else the current folder. */
    static Path projectOf(Path file) {
        for (Path dir = file.getParent(); dir != null; dir = dir.getParent()) {
            if (dir.endsWith(Path.of("src", "test", "scenarios"))) {
                return dir.getParent().getParent().getParent();
            }
        }
        return Path.of("").toAbsolutePath();
    }

    /** {@code target/fmus/*.fmu} of the project by mission name, then the {@code --fmu name=file} given. */
    private static Map<String, Path> missionFmus(Path project, List<String> fmuOptions) throws IOException {
        Map<String, Path> fmus = new LinkedHashMap<>();
        Path built = project.resolve("target/fmus");
        if (Files.isDirectory(built)) {
            try (Stream<Path> list = Files.list(built)) {
                list.filter(f -> f.getFileName().toString().endsWith(".fmu")).sorted().forEach(f -> {
                    String name = f.getFileName().toString();
                    fmus.put(name.substring(0, name.length() - ".fmu".length()), f);
                });
            }
        }
        for (String option : fmuOptions) {
            int eq = option.indexOf('=');
            if (eq <= 0) {
                throw new ScenarioException("--fmu " + option + ": with --scenario, write <mission name>=<file.fmu>");
            }
            fmus.put(option.substring(0, eq), Path.of(option.substring(eq + 1)).toAbsolutePath());
        }
        return fmus;
    }
}
