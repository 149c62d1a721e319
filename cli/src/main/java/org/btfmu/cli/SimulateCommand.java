package org.btfmu.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.DoubleConsumer;
import java.util.function.Function;
import org.btfmu.cosim.CoSimulation;
import org.btfmu.cosim.CoSimulationException;
import org.btfmu.cosim.ConnectionFile;
import org.btfmu.cosim.CsvWriter;
import org.btfmu.cosim.Experiment;
import org.btfmu.cosim.FmuInstance;
import org.btfmu.cosim.InputReplay;
import org.btfmu.cosim.LoadingWarmUp;
import org.btfmu.cosim.ModelExchangeMaster;
import org.btfmu.cosim.SampleListener;
import org.btfmu.cosim.SspArchive;
import org.btfmu.charts.StatusTimelineChart;
import org.btfmu.cosim.Trace;
import org.btfmu.charts.VariableChart;
import org.btfmu.cosim.VariableReference;
import org.btfmu.demo.ReportRecorder;
import org.btfmu.report.HtmlReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code bt-fmu simulate}: co-simulates FMI 2.0 Co-Simulation FMUs at a fixed
 * communication step and writes result.csv, the task status timeline and plots.
 */
@Command(name = "simulate", mixinStandardHelpOptions = true,
        description = {
            "Co-simulates FMI 2.0 and FMI 3.0 Co-Simulation FMUs (e.g. a mission FMU and a plant FMU) at a fixed "
                + "communication step and writes result.csv, status.png (every task's status over time, "
                + "from the status.* outputs), one PNG per --plot variable and, with a mission FMU, report.html "
                + "(timeline, variables, the tree at a moment, the events; opens offline in a browser).",
            "FMUs are named by their file name without .fmu, or by <name>=<file>. Variables are "
                + "written <fmu>.<variable>; a bare variable name is enough when only one FMU has it.",
            "Instead of --fmu and --connections, an SSP 1.0 file (bt-fmu ssp writes one) gives the FMUs, "
                + "connections, parameter values, start and stop time and the step; options override them.",
            "result.csv: a column 'time', then the recorded variables, named exactly as in "
                + "modelDescription.xml with one FMU and <fmu>.<variable> with several."})
public final class SimulateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "<scenario.ssp>",
            description = "An SSP 1.0 file to run instead of --fmu and --connections.")
    Path scenario;

    @Option(names = "--fmu", paramLabel = "[<name>=]<file.fmu>",
            description = "An FMU to co-simulate (repeat for several).")
    List<String> fmus = new ArrayList<>();

    @Option(names = "--connections", paramLabel = "<file.json>",
            description = "Connections and parameters: {\"connections\": [{\"from\": \"a.out\", \"to\": \"b.in\"}], "
                + "\"parameters\": {\"b.k\": 0.5}}.")
    Path connections;

    @Option(names = "--scenario", paramLabel = "<scenario.json>",
            description = "Run a scenario of a mission project (the Maven plugin's src/test/scenarios/*.json) and check"
                + " its expectations as mvn verify does (ScenarioReplay); its missions are target/fmus/<name>.fmu of"
                + " the project, or --fmu <mission name>=<file.fmu>. Exit 1 when an expectation fails.")
    Path scenarioFile;

    @Option(names = {"-p", "--parameter"}, paramLabel = "<fmu.variable>=<value>",
            description = "A parameter or input start value (repeatable; after those of --connections).")
    List<String> parameterValues = new ArrayList<>();

    @Option(names = "--inputs", paramLabel = "<file.csv>",
            description = "Replay recorded inputs into the single FMU: columns 'time' and <input> or <fmu>.<input>.")
    Path inputs;

    @Option(names = "--start", description = "Start time in s (default: the SSP's, else 0).")
    Double start;

    @Option(names = "--stop", description = "Stop time in s (required unless the SSP gives it).")
    Double stop;

    @Option(names = "--step", description = "Communication step in s (required unless the SSP gives it).")
    Double step;

    @Option(names = "--max-steps", paramLabel = "<n>",
            description = "The most communication points (output points with --interface me) a run may have"
                    + " (default: ${DEFAULT-VALUE}); a longer run is refused before it starts.")
    long maxSteps = RunLength.DEFAULT_MAX_STEPS;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "<dir>",
            description = "Directory for result.csv and the plots (created if needed).")
    Path output;

    @Option(names = "--record", paramLabel = "<fmu.variable>",
            description = "A variable to record (repeatable; default: every output of every FMU).")
    List<String> record = new ArrayList<>();

    @Option(names = "--record-inputs", description = "Also record every input (what --inputs can replay).")
    boolean recordInputs;

    @Option(names = "--interface", paramLabel = "cs|me", defaultValue = "cs",
            description = "Run the FMUs as Co-Simulation (cs, default: fixed communication steps of --step) or as one"
                    + " Model Exchange system (me: one integrator, events located; --step is the output interval).")
    String fmiInterface;

    @Option(names = "--no-early-return", description = "Co-Simulation: instantiate FMI 3.0 FMUs without Event Mode"
            + " and early return (eventModeUsed and earlyReturnAllowed false), so they step as FMI 2.0 FMUs do."
            + " By default an FMI 3.0 FMU that offers them may end a step early at one of its events, and the"
            + " whole coupling stops there (see docs/fmi3.md).")
    boolean noEarlyReturn;

    @Option(names = "--plot", paramLabel = "<fmu.variable>", description = "A variable to plot as <variable>.png (repeatable).")
    List<String> plots = new ArrayList<>();

    @Option(names = "--btlog", paramLabel = "<run.btlog>",
            description = "Also write the mission FMU's status changes as BehaviorTree.CPP's FileLogger2 log, which"
                    + " Groot2 replays (docs/report.md).")
    Path btlog;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter out = spec.commandLine().getOut();
        if (scenarioFile != null) {
            return ScenarioReplay.run(scenarioFile, fmus, output, out, err);
        }
        try {
            out.println(run(message -> err.println(message)));
            out.flush();
            return 0;
        } catch (CoSimulationException e) {
            err.println("bt-fmu simulate: " + e.getMessage());
            err.flush();
            return BtFmu.EXIT_BAD_INPUT;
        }
    }

    private String run(java.util.function.Consumer<String> log) {
        if (scenario != null && (!fmus.isEmpty() || connections != null)) {
            throw new CoSimulationException(scenario + ": an SSP brings its FMUs and connections; "
                    + "leave out --fmu and --connections");
        }
        if (scenario == null && fmus.isEmpty()) {
            throw new CoSimulationException("nothing to simulate: give --fmu <file.fmu> (repeatable) or an SSP file");
        }
        if (inputs != null && scenario == null && fmus.size() != 1) {
            throw new CoSimulationException("--inputs replays into a single FMU; got " + fmus.size() + " --fmu options");
        }
        if (maxSteps < 1) {
            throw new CoSimulationException("--max-steps " + maxSteps + ": must be at least 1");
        }
        if (btlog != null && !btlog.getFileName().toString().endsWith(".btlog")) {
            throw new CoSimulationException("--btlog " + btlog + ": the file name must end in .btlog (Groot2 and"
                    + " BehaviorTree.CPP open only those)");
        }
        Experiment options = new Experiment(start == null ? Double.NaN : start, stop == null ? Double.NaN : stop,
                step == null ? Double.NaN : step);
        // The second core loads the FMU-loading machinery while this thread reads the SSP and unpacks.
        LoadingWarmUp.start();
        if (scenario != null) {
            try (SspArchive ssp = SspArchive.open(scenario)) {
                return run(ssp.fmus(), ssp::wiring, options, options.or(ssp.experiment()), log);
            }
        }
        List<CoSimulation.FmuSpec> specs = fmus.stream().map(CoSimulation.FmuSpec::parse).toList();
        return run(specs, loaded -> connections == null ? new ConnectionFile(List.of(), List.of())
                : ConnectionFile.read(connections, loaded), options, options, log);
    }

    private String run(List<CoSimulation.FmuSpec> specs, Function<List<FmuInstance>, ConnectionFile> wiring,
            Experiment options, Experiment experiment, java.util.function.Consumer<String> log) {
        Experiment run = experiment.or(new Experiment(0, Double.NaN, Double.NaN));
        if (Double.isNaN(run.stop())) {
            throw new CoSimulationException("--stop is required" + (scenario == null ? ""
                    : " (" + scenario + " has no DefaultExperiment stopTime)"));
        }
        if (Double.isNaN(run.step())) {
            throw new CoSimulationException("--step is required" + (scenario == null ? ""
                    : " (" + scenario + " gives no communication step)"));
        }
        if (!fmiInterface.equals("cs") && !fmiInterface.equals("me")) {
            throw new CoSimulationException("--interface '" + fmiInterface + "': expected cs (Co-Simulation) or me"
                    + " (Model Exchange)");
        }
        // Before anything is loaded or written: bad times leave no empty result.csv behind.
        long points = RunLength.steps(run, maxSteps, options, scenario == null ? null : scenario.toString());
        // A Co-Simulation run samples the start and every point; Model Exchange every output point.
        ReportRecorder recorder = new ReportRecorder(log, points + 1);
        try (CoSimulation sim = CoSimulation.load(specs, recorder.log(), fmiInterface.equals("me"))) {
            List<FmuInstance> loaded = sim.fmus();
            if (inputs != null && loaded.size() != 1) {
                throw new CoSimulationException("--inputs replays into a single FMU; " + scenario + " has "
                        + loaded.size());
            }
            ConnectionFile file = wiring.apply(loaded);
            sim.connect(file.connections());
            List<String> pointers = parameterPointers();
            DeclaredRanges.check(file.parameters(), v -> {
                int i = file.parameters().indexOf(v);
                return scenario != null ? scenario + ": the parameter value of '" + v.target() + "'"
                        : connections + ": " + (i < pointers.size() ? pointers.get(i) : "/parameters");
            });
            sim.set(file.parameters());
            List<ConnectionFile.ParameterValue> given = parameterValues.stream()
                    .map(p -> ConnectionFile.ParameterValue.assignment(p, loaded)).toList();
            DeclaredRanges.check(given, v -> "--parameter " + parameterValues.get(given.indexOf(v)));
            sim.set(given);
            if (inputs != null) {
                sim.replay(InputReplay.read(inputs, loaded.get(0)));
            }
            return simulate(sim, loaded, run, points, recorder);
        }
    }

    /** The JSON pointers of the connections file's parameters, in file order (as ConnectionFile reads them). */
    private List<String> parameterPointers() {
        if (connections == null) {
            return List.of();
        }
        try {
            List<String> pointers = new ArrayList<>();
            new com.fasterxml.jackson.databind.ObjectMapper().readTree(connections.toFile()).path("parameters")
                    .fieldNames().forEachRemaining(k -> pointers.add("/parameters/" + k.replace("~", "~0")
                            .replace("/", "~1")));
            return pointers;
        } catch (IOException e) {
            return List.of(); // ConnectionFile read it; the messages fall back to "/parameters"
        }
    }

    private String simulate(CoSimulation sim, List<FmuInstance> loaded, Experiment experiment, long points,
            ReportRecorder recorder) {
        // What is sampled: the recorded variables, then plotted ones and task statuses not among them.
        Set<VariableReference> sampled = new LinkedHashSet<>();
        if (record.isEmpty()) {
            sampled.addAll(sim.allOutputs());
        } else {
            record.forEach(r -> sampled.add(VariableReference.resolve(r, loaded, "--record")));
        }
        if (recordInputs) {
            for (FmuInstance fmu : loaded) {
                fmu.inputs().forEach(v -> sampled.add(new VariableReference(fmu, v)));
            }
        }
        List<VariableReference> plotted = new ArrayList<>();
        for (String p : plots) {
            VariableReference r = VariableReference.resolve(p, loaded, "--plot");
            if (r.variable().type() == org.btfmu.cosim.VariableType.STRING) {
                throw new CoSimulationException("--plot: '" + r + "' is a String and cannot be plotted");
            }
            plotted.add(r);
            sampled.add(r);
        }
        List<VariableReference> statuses = sim.allOutputs().stream()
                .filter(r -> r.variable().name().startsWith("status.")
                        && r.variable().type() == org.btfmu.cosim.VariableType.INTEGER)
                .toList();
        sampled.addAll(statuses);
        if (btlog != null && statuses.isEmpty()) {
            throw new CoSimulationException("--btlog " + btlog + ": no mission FMU in the run (none has status.*"
                    + " outputs), so there is no tree to log");
        }
        // The recorded columns, then the mission inputs for report.html (not written to result.csv).
        List<VariableReference> columns = recorder.prepare(loaded, List.copyOf(sampled));

        Trace plotTrace = new Trace(plotted.stream().mapToInt(columns::indexOf).toArray(),
                (int) Math.min(points + 1, 1 << 17));
        createDirectory(output);
        PrintWriter out = spec.commandLine().getOut();
        out.println("simulating " + points + (fmiInterface.equals("me") ? " output points" : " communication points")
                + " of " + fmt(experiment.step()) + " s from " + fmt(experiment.start()) + " s to "
                + fmt(experiment.stop()) + " s (--max-steps " + maxSteps + ")");
        out.flush();
        warmUp(!statuses.isEmpty() || !plotted.isEmpty(), recorder.hasMission());
        Path csv = output.resolve("result.csv");
        String ran;
        double end;
        double wall;
        String endedBy = null;
        try (CsvWriter writer = new CsvWriter(csv)) {
            // The statuses are among the recorder's columns (a run with status outputs has a mission).
            List<SampleListener> listeners = List.of(recorder.recordedOnly(writer), plotTrace, recorder);
            try (Progress progress = new Progress(spec.commandLine().getErr())) {
                if (fmiInterface.equals("me")) {
                    ModelExchangeMaster.Result me = sim.runModelExchange(experiment.start(), experiment.stop(),
                            experiment.step(), ModelExchangeMaster.Tolerances.defaults(), columns, listeners, progress);
                    ran = String.format(Locale.ROOT, "Model Exchange, %d integrator steps, %d state events,"
                            + " %d time events, output every %s s", me.steps(), me.stateEvents(), me.timeEvents(),
                            fmt(experiment.step()));
                    end = me.stop();
                    wall = me.wallSeconds();
                } else {
                    sim.earlyReturn(!noEarlyReturn);
                    CoSimulation.Result cs = sim.run(experiment.start(), experiment.stop(), experiment.step(),
                            columns, listeners, progress);
                    ran = cs.steps() + " steps of " + fmt(experiment.step()) + " s" + (cs.earlyReturns() == 0 ? ""
                            : " (" + cs.earlyReturns() + " ended early at an FMU's event, Event Mode at " + cs.events()
                            + " instants)");
                    end = cs.stop();
                    wall = cs.wallSeconds();
                    endedBy = cs.endedBy();
                }
            }
        } catch (CoSimulationException e) {
            throw new CoSimulationException(e.getMessage() + " (" + csv + " holds the results up to there)", e);
        }

        // report.html and run.btlog on a second thread while this one draws the charts: a batch
        // tool's second core is otherwise idle after the run.
        String missions = String.join(", ", statuses.stream().map(r -> r.fmu().modelName()).distinct().toList());
        List<double[]> statusValues = statuses.stream().map(recorder::values).toList();
        ExecutorService reportThread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "bt-fmu-report");
            t.setDaemon(true);
            return t;
        });
        Future<List<Path>> reports = reportThread.submit(() -> writeReports(recorder, missions));
        reportThread.shutdown();
        List<Path> written = new ArrayList<>(List.of(csv));
        try {
            if (!statuses.isEmpty()) {
                List<String> tasks = statuses.stream().map(r -> (loaded.size() > 1 ? r.fmu().name() + ":" : "")
                        + r.variable().name().substring("status.".length())).toList();
                Path png = output.resolve("status.png");
                StatusTimelineChart.write(png, "Task status: " + missions, tasks, recorder.times(), statusValues);
                written.add(png);
            }
            for (int i = 0; i < plotted.size(); i++) {
                String title = sim.columnNames(List.of(plotted.get(i))).get(0);
                Path png = output.resolve(title.replaceAll("[^A-Za-z0-9._-]", "_") + ".png");
                VariableReference plot = plotted.get(i);
                VariableChart.write(png, plot.fmu().modelName() + ": " + title, title,
                        plot.fmu().structure().unit(plot.variable().name()), plotTrace.times(), plotTrace.values(i));
                written.add(png);
            }
        } catch (IOException e) {
            awaitQuietly(reports);
            throw new CoSimulationException(output + ": cannot write a plot: " + e.getMessage(), e);
        }
        written.addAll(await(reports));
        return String.format(Locale.ROOT, "simulated %s s to %s s%s in %.2f s wall time: %s, "
                + "%d status changes; wrote %s", fmt(experiment.start()), fmt(end),
                endedBy == null ? "" : " (FMU '" + endedBy + "' ended the simulation there)", wall, ran,
                changes(statusValues),
                String.join(", ", written.stream().map(Path::toString).toList()));
    }

    /** Writes report.html (with a mission) and the --btlog file; returns what it wrote. */
    private List<Path> writeReports(ReportRecorder recorder, String missions) throws IOException {
        List<Path> written = new ArrayList<>();
        if (recorder.hasMission()) {
            Path html = output.resolve("report.html");
            recorder.writeReport(html, missions, fmiInterface.equals("me"));
            written.add(html);
        }
        if (btlog != null) {
            recorder.writeBtLog(btlog);
            written.add(btlog);
        }
        return written;
    }

    private List<Path> await(Future<List<Path>> reports) {
        try {
            return reports.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw new CoSimulationException(output + ": cannot write the report: " + io.getMessage(), io);
            }
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CoSimulationException("interrupted while writing the report", e);
        }
    }

    /** Lets the report finish (a plot failed: that error is the one to report). */
    private static void awaitQuietly(Future<?> reports) {
        try {
            reports.get();
        } catch (ExecutionException | InterruptedException e) {
            // the plot's error is reported
        }
    }

    /**
     * Loads and initialises the chart and report machinery on a background thread while the
     * simulation runs on this one (a third of a second and more of class loading, fonts and
     * resources that would otherwise follow the run).
     */
    private static void warmUp(boolean charts, boolean report) {
        if (!charts && !report) {
            return;
        }
        Thread t = new Thread(() -> {
            if (charts) {
                StatusTimelineChart.warmUp();
            }
            if (report) {
                HtmlReport.warmUp();
            }
        }, "bt-fmu-warm-up");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
    }

    /** How often consecutive samples differ, summed over the columns. */
    private static long changes(List<double[]> columns) {
        long count = 0;
        for (double[] column : columns) {
            for (int i = 1; i < column.length; i++) {
                if (column[i] != column[i - 1]) {
                    count++;
                }
            }
        }
        return count;
    }

    private static String fmt(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? String.valueOf((long) value) : String.valueOf(value);
    }

    private static void createDirectory(Path dir) {
        try {
            OutputFiles.createDirectory(dir);
        } catch (IOException e) {
            throw new CoSimulationException(e.getMessage(), e);
        }
    }

    /** A progress bar on stderr, only in a terminal and only once a run has taken more than two seconds. */
    private static final class Progress implements DoubleConsumer, AutoCloseable {
        private final PrintWriter err;
        private final boolean terminal = System.console() != null;
        private final long started = System.nanoTime();
        private long lastDrawn;
        private boolean drawn;

        Progress(PrintWriter err) {
            this.err = err;
        }

        @Override
        public void accept(double fraction) {
            if (!terminal) {
                return;
            }
            long now = System.nanoTime();
            if (now - started < 2_000_000_000L || now - lastDrawn < 200_000_000L) {
                return;
            }
            lastDrawn = now;
            drawn = true;
            int width = 40;
            int done = (int) Math.round(fraction * width);
            err.print("\r[" + "#".repeat(done) + " ".repeat(width - done) + "] "
                    + String.format(Locale.ROOT, "%3.0f%%", fraction * 100));
            err.flush();
        }

        @Override
        public void close() {
            if (drawn) {
                err.print("\r" + " ".repeat(50) + "\r");
                err.flush();
            }
        }
    }
}
