package org.btfmu.demo;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.btfmu.cli.BtFmu;
import org.btfmu.core.Counters;
import org.btfmu.core.ProcessingMode;
import org.btfmu.core.TreeInstance;
import org.btfmu.cosim.CoSimulation;
import org.btfmu.cosim.CoSimulationException;
import org.btfmu.cosim.InputReplay;
import org.btfmu.cosim.ModelExchangeMaster;
import org.btfmu.mission.Mission;
import org.btfmu.mission.MissionLoader;
import org.btfmu.packager.FmuBuildException;
import org.btfmu.testfmus.PlantFmu;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bt-fmu table1}: the 2014 paper's Table 1 transposed to co-simulation. The
 * solar day (86,400 s) of examples/solar-day.json is co-simulated with the SolarAircraft
 * FMU with the tree ticked once a minute, ticked at every communication step and
 * event-driven, then with the finite-state machine (solar-day-statemachine.json), then
 * the plant alone replaying the recorded commands ("direct inputs"); and the paper's
 * "continuous" row: mission and plant as one Model Exchange system, events located.
 *
 * <p>CPU time is the CPU time of the thread that runs the master, both FMUs included
 * (every FMU call runs on it); the mission FMU's share is that minus the plant alone.
 * The counts come from the same engine driven, outside the FMU, by the recorded plant
 * outputs exactly as the FMU slave drives it; its outputs are checked against the
 * mission FMU's recorded ones at every communication point, so the counts belong to
 * that run. Reaction delay: from the first communication point at which a plant
 * output has crossed one of the mission's thresholds to the first at which the
 * commanded mode shows the reaction.
 */
@Command(name = "table1", mixinStandardHelpOptions = true,
        description = {"The 2014 paper's Table 1 transposed to co-simulation: CPU time, the mission FMU's share, "
                + "reaction delays and counts for the solar day, ticked at 1/min, ticked at every step, "
                + "event-driven, as a finite-state machine, and the plant alone replaying the recorded commands.",
            "Prints a Markdown table (as in BENCHMARKS.md)."})
public final class Table1Command implements Callable<Integer> {

    private static final String EXAMPLES = "org/btfmu/demo/examples/";
    private static final double DAY = 86_400;

    @Spec
    CommandSpec spec;

    @Option(names = "--step", defaultValue = "10", description = "Communication step in s (default ${DEFAULT-VALUE}).")
    double step;

    @Option(names = "--tick", defaultValue = "60", description = "Period of the slow ticked tree in s (default ${DEFAULT-VALUE}).")
    double tick;

    @Option(names = "--repeat", defaultValue = "3", description = "Runs per configuration; the least CPU time counts (default ${DEFAULT-VALUE}).")
    int repeat;

    /** One row of the table. */
    record Row(String configuration, double cpuSeconds, double missionCpuSeconds, double treeSeconds,
            String delays, Counters counters, long ticks, long statusChanges, boolean countsChecked,
            long stateEvents) {
    }

    private record Config(String label, String example, String processing, ProcessingMode mode) {
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (!(step > 0) || !(tick > 0) || repeat < 1) {
            err.println("bt-fmu table1: need --step > 0, --tick > 0 and --repeat >= 1");
            err.flush();
            return BtFmu.EXIT_BAD_INPUT;
        }
        Path work = Files.createTempDirectory("bt-fmu-table1-");
        try {
            List<Config> configs = List.of(
                    new Config("tree, ticked every " + fmt(tick) + " s", "solar-day", "ticked:" + tick,
                            ProcessingMode.ticked(tick)),
                    new Config("tree, ticked at every step (" + fmt(step) + " s)", "solar-day", "ticked:" + step,
                            ProcessingMode.ticked(step)),
                    new Config("tree, event-driven", "solar-day", "event-driven", ProcessingMode.EVENT_DRIVEN),
                    new Config("finite-state machine, event-driven", "solar-day-statemachine", "event-driven",
                            ProcessingMode.EVENT_DRIVEN));
            List<Row> rows = new ArrayList<>();
            Recording eventDriven = null;
            for (Config config : configs) {
                Path dir = work.resolve(config.example());
                Path mission = dir.resolve("mission.json");
                Path connections = dir.resolve("connections.json");
                if (!Files.exists(mission)) {
                    Files.createDirectories(dir);
                    copyResource(EXAMPLES + config.example() + ".json", mission);
                    copyResource(EXAMPLES + "connections/" + config.example() + ".json", connections);
                    MissionCoSimulation.prepare(mission, PlantFmu.SOLAR_AIRCRAFT, dir);
                }
                Recording recording = null;
                double best = Double.MAX_VALUE;
                for (int r = 0; r < repeat; r++) {
                    recording = new Recording();
                    String saved = System.getProperty("btfmu.processing");
                    System.setProperty("btfmu.processing", config.processing());
                    try {
                        long cpu = cpuNanos();
                        MissionCoSimulation.run(dir, connections, DAY, step, List.of(recording), err::println);
                        best = Math.min(best, (cpuNanos() - cpu) / 1e9);
                    } finally {
                        if (saved == null) {
                            System.clearProperty("btfmu.processing");
                        } else {
                            System.setProperty("btfmu.processing", saved);
                        }
                    }
                }
                Mission loaded = MissionLoader.load(mission);
                Replay replay = replay(loaded, config.mode(), recording);
                double tree = Double.MAX_VALUE;
                for (int r = 0; r < repeat; r++) {
                    long cpu = cpuNanos();
                    replay(loaded, config.mode(), recording);
                    tree = Math.min(tree, (cpuNanos() - cpu) / 1e9);
                }
                long ticks = config.mode().isTicked() ? (long) Math.floor(DAY / config.mode().period() + 1e-9) : 0;
                rows.add(new Row(config.label(), best, Double.NaN, tree, delays(recording), replay.counters, ticks,
                        replay.statusChanges, replay.matches, 0));
                if (config.mode() == ProcessingMode.EVENT_DRIVEN && eventDriven == null) {
                    eventDriven = recording;
                }
            }
            double plant = plantAlone(work, eventDriven);
            List<Row> table = new ArrayList<>();
            for (Row row : rows) {
                table.add(new Row(row.configuration(), row.cpuSeconds(), row.cpuSeconds() - plant, row.treeSeconds(),
                        row.delays(),
                        row.counters(), row.ticks(), row.statusChanges(), row.countsChecked(), 0));
            }
            table.add(continuous(work.resolve("solar-day"), err));
            table.add(new Row("plant alone, recorded commands replayed", plant, 0, Double.NaN, "-", null, 0, 0, true,
                    0));
            out.println(markdown(table));
            out.flush();
            return 0;
        } catch (CoSimulationException | FmuBuildException e) {
            err.println("bt-fmu table1: " + e.getMessage());
            err.flush();
            return 1;
        } finally {
            deleteTree(work);
        }
    }

    private static final java.util.regex.Pattern EVENT_LOG = java.util.regex.Pattern.compile(
            "mission: event at t=\\S+: (\\d+) time events, (\\d+) event iterations, (\\d+) task evaluations,"
                    + " (\\d+) predicate checks.*");

    /**
     * The paper's "continuous" row: the solar day with mission and plant as one Model Exchange
     * system, events located by the integrator. CPU time as for the other rows; the counts are
     * the mission FMU's own, from its logEvents messages in one more run (logging costs time).
     */
    private Row continuous(Path dir, PrintWriter err) {
        Path connections = dir.resolve("connections.json");
        double best = Double.MAX_VALUE;
        Recording recording = null;
        for (int r = 0; r < repeat; r++) {
            recording = new Recording();
            long cpu = cpuNanos();
            MissionCoSimulation.runModelExchange(dir, connections, DAY, step, List.of(recording), err::println);
            best = Math.min(best, (cpuNanos() - cpu) / 1e9);
        }
        long[] counts = new long[5]; // time events, event iterations, task evaluations, predicate checks, changes
        ModelExchangeMaster.Result result = MissionCoSimulation.runModelExchange(dir, connections, DAY, step,
                List.of(), line -> {
                    var m = EVENT_LOG.matcher(line);
                    if (m.matches()) {
                        for (int k = 0; k < 4; k++) {
                            counts[k] += Long.parseLong(m.group(k + 1));
                        }
                    } else if (line.startsWith("mission: t=") && line.contains(" -> ")) {
                        counts[4]++;
                    }
                }, "logEvents", "logTaskStatus");
        return new Row("tree, event-driven, Model Exchange (continuous, events located)", best, Double.NaN,
                Double.NaN, delays(recording), new Counters(counts[1], counts[2], 0, 0, counts[0], counts[3]), 0,
                counts[4], true, result.stateEvents());
    }

    private String markdown(List<Row> rows) {
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "Solar day, %s s, communication step %s s, best of %d runs%n%n",
                fmt(DAY), fmt(step), repeat));
        s.append("| configuration | CPU time [s] | mission FMU share [s] | tree alone [ms] | reaction delays [s] "
                + "(full, top, evening, bottom) | ticks | tree time events | status changes | event iterations "
                + "| task evaluations | predicate checks | state events |\n");
        s.append("|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Row r : rows) {
            Counters c = r.counters();
            s.append(String.format(Locale.ROOT, "| %s | %.2f | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n",
                    r.configuration(), r.cpuSeconds(), Double.isNaN(r.missionCpuSeconds()) ? "-"
                            : String.format(Locale.ROOT, "%.2f", r.missionCpuSeconds()),
                    Double.isNaN(r.treeSeconds()) ? "-" : String.format(Locale.ROOT, "%.1f", r.treeSeconds() * 1e3),
                    r.delays(),
                    c == null ? "-" : r.ticks(), c == null ? "-" : c.timeEvents(), c == null ? "-" : r.statusChanges(),
                    c == null ? "-" : c.eventIterations(),
                    c == null ? "-" : c.taskEvaluations() + (r.countsChecked() ? "" : " (replay differs!)"),
                    c == null ? "-" : c.predicateChecks(), c == null ? "-" : r.stateEvents()));
        }
        return s.toString();
    }

    /** The reaction delays to the four threshold crossings of the day, from the recorded samples. */
    private static String delays(Recording r) {
        double[] t = r.times();
        double[] soc = r.values("plant.soc");
        double[] solar = r.values("plant.solar_power");
        double[] altitude = r.values("plant.altitude");
        int[] mode = r.integers("mission.mode");
        int full = first(0, t.length, i -> soc[i] - 0.98 > 0.01 && solar[i] - 4500 > 500);
        int climb = first(full, t.length, i -> mode[i] == 1);
        int top = first(climb, t.length, i -> altitude[i] >= 13_000 - 5);
        int mission = first(top, t.length, i -> mode[i] == 0);
        int evening = first(mission, t.length, i -> solar[i] - 4500 < -500);
        int sink = first(evening, t.length, i -> mode[i] == 2);
        int bottom = first(sink, t.length, i -> altitude[i] <= 6_000 + 5);
        int hold = first(bottom, t.length, i -> mode[i] == 0);
        return String.join(", ", delay(t, full, climb), delay(t, top, mission), delay(t, evening, sink),
                delay(t, bottom, hold));
    }

    private static String delay(double[] t, int crossing, int reaction) {
        return crossing < 0 || reaction < 0 ? "none" : fmt(t[reaction] - t[crossing]);
    }

    private static int first(int from, int to, java.util.function.IntPredicate p) {
        if (from < 0) {
            return -1;
        }
        for (int i = from; i < to; i++) {
            if (p.test(i)) {
                return i;
            }
        }
        return -1;
    }

    private record Replay(Counters counters, long statusChanges, boolean matches) {
    }

    /** The engine replayed with the recorded plant outputs, its outputs compared with the FMU's. */
    private static Replay replay(Mission mission, ProcessingMode mode, Recording r) {
        TreeInstance tree = new TreeInstance(mission.tree(), mode);
        long[] changes = {0};
        tree.addStatusListener((time, task, path, old, now) -> changes[0]++);
        int[] recordedMode = r.integers("mission.mode");
        double[] recordedTarget = r.values("mission.target_altitude");
        int modeSlot = slot(mission, "mode");
        int targetSlot = slot(mission, "target_altitude");
        boolean[] matches = {true};
        EngineReplay.run(mission, tree, r, i -> matches[0] &= tree.getInteger(modeSlot) == recordedMode[i]
                && tree.getReal(targetSlot) == recordedTarget[i]);
        return new Replay(tree.counters(), changes[0], matches[0]);
    }

    private static int slot(Mission mission, String name) {
        return mission.variables().stream().filter(v -> v.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalStateException("the solar-day missions have no variable " + name))
                .slot();
    }

    /** CPU seconds of the plant alone stepping through the day with the commands of {@code recorded}. */
    private double plantAlone(Path work, Recording recorded) throws IOException {
        Path dir = work.resolve("plant-alone");
        Files.createDirectories(dir);
        Path plant = PlantFmu.SOLAR_AIRCRAFT.copyTo(dir);
        Path csv = dir.resolve("commands.csv");
        double[] t = recorded.times();
        int[] mode = recorded.integers("mission.mode");
        double[] target = recorded.values("mission.target_altitude");
        StringBuilder text = new StringBuilder("time,mode,target_altitude\n");
        for (int i = 0; i < t.length; i++) {
            text.append(t[i]).append(',').append(mode[i]).append(',').append(target[i]).append('\n');
        }
        Files.writeString(csv, text);
        double best = Double.MAX_VALUE;
        for (int r = 0; r < repeat; r++) {
            Recording replayed = new Recording();
            try (CoSimulation sim = CoSimulation.load(List.of(new CoSimulation.FmuSpec("plant", plant)),
                    message -> { })) {
                sim.replay(InputReplay.read(csv, sim.fmus().get(0)));
                long cpu = cpuNanos();
                sim.run(0, DAY, step, sim.allOutputs(), List.of(replayed), f -> { });
                best = Math.min(best, (cpuNanos() - cpu) / 1e9);
            }
            if (!java.util.Arrays.equals(replayed.values("altitude"), recorded.values("plant.altitude"))) {
                throw new CoSimulationException("the plant replaying the recorded commands flew a different day");
            }
        }
        return best;
    }

    private static long cpuNanos() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        return threads.getCurrentThreadCpuTime();
    }

    private static void copyResource(String name, Path target) throws IOException {
        try (InputStream in = Table1Command.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("the bt-fmu jar lacks " + name + "; rebuild it with 'mvn package'");
            }
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }
}
