package org.btfmu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.btfmu.btcpp.TreeImporter;
import org.btfmu.demo.DemoScenario;
import org.btfmu.demo.MissionCoSimulation;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every demo scenario's SSP, as {@code bt-fmu demo} writes it, run in OpenModelica's
 * OMSimulator 3.0.0 (../shared/tools/omsimulator beside the repository; skipped when
 * absent): it must log no {@code error:} or {@code warning:} line, and its trajectories
 * must equal {@code bt-fmu simulate}'s at every communication point; parameter values of
 * the SSP too. Measured: both
 * exchange the same way (no step of shift); they differ only by OMSimulator's CSV
 * printing precision, below 1e-11 relative.
 */
class OmSimulatorTest {

    private static final Path OMSIMULATOR = Path.of("..", "..", "shared", "tools", "omsimulator", "bin", "OMSimulator");
    /** OMSimulator prints about 12 significant digits. */
    private static final double RELATIVE = 1e-10;

    @TempDir
    Path dir;

    static List<DemoScenario> scenarios() {
        return DemoScenario.ALL;
    }

    @ParameterizedTest
    @MethodSource("scenarios")
    void runsInOmSimulatorWithoutErrorsAndLikeBtFmuSimulate(DemoScenario scenario) throws Exception {
        assumeTrue(Files.isExecutable(OMSIMULATOR), OMSIMULATOR + " is absent");
        Path examples = Path.of("..", "examples");
        Path work = dir.resolve(scenario.example());
        Path connections = examples.resolve("connections").resolve(scenario.example() + ".json");
        MissionCoSimulation.prepare(missionOf(examples, scenario, work), scenario.plant(), work);
        Path ssp = MissionCoSimulation.writeScenario(work, connections, scenario.stop(), scenario.step(), m -> { });

        System.out.printf(Locale.ROOT, "OMSimulator %s: %s%n", scenario.example(), compare(ssp, work, scenario.stop()));
    }

    /**
     * The example's mission file; a BehaviorTree.CPP example (examples/btcpp, or Nav2's published
     * tree in examples/nav2, the scenario's {@code tree}) is imported into {@code work}.
     */
    private static Path missionOf(Path examples, DemoScenario scenario, Path work) throws IOException {
        String example = scenario.example();
        Path mission = examples.resolve(example + ".json");
        if (Files.exists(mission)) {
            return mission;
        }
        Path tree = examples.resolve(scenario.tree() != null ? scenario.tree() : "btcpp/" + example + ".xml");
        Files.createDirectories(work);
        return Files.writeString(work.resolve("mission.json"), TreeImporter.toText(TreeImporter.importFile(
                tree, tree.resolveSibling(example + ".bindings.json"))));
    }

    @Test
    void takesTheParameterValuesOfTheSsp() throws Exception {
        assumeTrue(Files.isExecutable(OMSIMULATOR), OMSIMULATOR + " is absent");
        Path examples = Path.of("..", "examples");
        MissionCoSimulation.prepare(examples.resolve("traffic-circuit.json"), PlantFmu.POINT_MASS_AIRCRAFT, dir);
        Path ssp = dir.resolve("parameters.ssp");
        Console written = Console.run("ssp", "--fmu", "mission=" + dir.resolve("mission.fmu"), "--fmu",
                "plant=" + dir.resolve("plant.fmu"), "--connections", examples.resolve("connections/traffic-circuit.json")
                        .toString(), "-p", "plant.x0=-200", "-p", "plant.reach_radius=300", "--stop", "300", "--step", "0.5",
                "-o", ssp.toString());
        assertEquals(0, written.exit(), written.err());
        System.out.printf(Locale.ROOT, "OMSimulator with parameters: %s%n", compare(ssp, dir, 300));
        assertEquals(-200.0, columns(dir.resolve("bt-fmu/result.csv"), false).get("plant.x")[0],
                "the parameter value arrived (and OMSimulator's equals it)");
    }

    /**
     * Runs {@code ssp} with bt-fmu simulate and with OMSimulator; asserts no error or warning
     * line and equal trajectories; returns the measured difference.
     */
    private String compare(Path ssp, Path work, double stop) throws Exception {
        Console ours = Console.run("simulate", ssp.toString(), "-o", work.resolve("bt-fmu").toString());
        assertEquals(0, ours.exit(), ours.err());
        Map<String, double[]> expected = columns(work.resolve("bt-fmu/result.csv"), false);

        Path result = work.resolve("omsimulator.csv");
        List<String> problems = omSimulator(ssp, result, stop);
        assertEquals(List.of(), problems, "OMSimulator logged errors or warnings");
        Map<String, double[]> actual = columns(result, true);

        double[] times = expected.get("time");
        assertTrue(Arrays.equals(times, actual.get("time")), "the same communication points");
        double worst = 0;
        String worstColumn = "";
        for (Map.Entry<String, double[]> column : expected.entrySet()) {
            double[] theirs = actual.get(column.getKey());
            assertTrue(theirs != null, "OMSimulator's result lacks " + column.getKey());
            double[] mine = column.getValue();
            for (int i = 0; i < times.length; i++) {
                double difference = Math.abs(mine[i] - theirs[i]) / Math.max(1, Math.abs(mine[i]));
                assertTrue(difference <= RELATIVE, String.format(Locale.ROOT, "%s at t=%s: bt-fmu %s, OMSimulator %s",
                        column.getKey(), times[i], mine[i], theirs[i]));
                if (difference > worst) {
                    worst = difference;
                    worstColumn = column.getKey();
                }
            }
        }
        return String.format(Locale.ROOT, "%d columns x %d points, largest relative difference %.2g (%s)",
                expected.size() - 1, times.length, worst, worstColumn);
    }

    /** Runs OMSimulator on {@code ssp}; returns its error and warning lines. */
    private List<String> omSimulator(Path ssp, Path result, double stop) throws IOException, InterruptedException {
        Path temp = Files.createDirectories(dir.resolve("oms-temp"));
        Path log = dir.resolve("oms.log");
        // The command line's --stopTime default (1 s) wins over the SSP's DefaultExperiment (measured),
        // so the stop time is passed; the step comes from the system's annotation.
        Process process = new ProcessBuilder(OMSIMULATOR.toString(), "--tempDir=" + temp,
                "--resultFile=" + result, "--stopTime=" + stop, ssp.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!process.waitFor(10, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("OMSimulator did not finish within 10 minutes");
        }
        List<String> problems = new ArrayList<>();
        for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
            if (line.startsWith("error:") || line.startsWith("warning:")) {
                problems.add(line);
            }
        }
        if (process.exitValue() != 0) {
            problems.add("exit code " + process.exitValue());
        }
        return problems;
    }

    /**
     * A numeric CSV by column. OMSimulator names columns {@code <model>.<system>.<component>.<variable>}
     * and writes two rows per communication point (before and after the exchange): the last row wins.
     */
    private static Map<String, double[]> columns(Path csv, boolean omSimulator) throws IOException {
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        String[] header = lines.get(0).split(",");
        List<double[]> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",");
            double[] row = new double[cells.length];
            for (int c = 0; c < cells.length; c++) {
                row[c] = Double.parseDouble(cells[c].strip());
            }
            if (!rows.isEmpty() && rows.get(rows.size() - 1)[0] == row[0]) {
                rows.set(rows.size() - 1, row);
            } else {
                rows.add(row);
            }
        }
        Map<String, double[]> result = new LinkedHashMap<>();
        for (int c = 0; c < header.length; c++) {
            String name = header[c].strip();
            if (omSimulator && !name.equals("time")) {
                String[] parts = name.split("\\.", 3);
                name = parts[parts.length - 1];
            }
            double[] column = new double[rows.size()];
            for (int r = 0; r < rows.size(); r++) {
                column[r] = rows.get(r)[c];
            }
            result.put(name, column);
        }
        return result;
    }
}
