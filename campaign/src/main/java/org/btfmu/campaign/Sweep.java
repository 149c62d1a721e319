package org.btfmu.campaign;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.spark.sql.SparkSession;
import org.btfmu.cosim.CoSimulationException;
import org.btfmu.scenario.JsonLocations;
import org.btfmu.scenario.ScenarioException;
import org.btfmu.scenario.ScenarioRun;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code bt-fmu sweep}: the runs of a campaign on Spark, a Parquet table and a summary; or
 * {@code --rerun N}, one run alone in this JVM with its full CSV. Started by the bt-fmu launcher
 * with this module's class path (Spark stays out of the plain command line).
 */
@Command(name = "bt-fmu sweep", mixinStandardHelpOptions = true, version = "bt-fmu 0.1.0",
        description = {
            "Runs a verification campaign: one coupling (an SSP or a scenario file) co-simulated over varied"
                + " parameters and faults, each run checked against the expectations, on Apache Spark"
                + " (embedded local[*] unless --master says otherwise). See docs/campaigns.md.",
            "Writes <output>/runs.parquet (one row per run, sorted by run: the same bytes for the same campaign),"
                + " wall-times.csv and summary.html. Exit 0 when every run passed, 2 when one did not or"
                + " the campaign file is wrong."})
public final class Sweep implements Callable<Integer> {

    static final int EXIT_BAD_INPUT = 2;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "<campaign.json>", description = "The campaign file.")
    Path file;

    @Option(names = {"-o", "--output"}, defaultValue = "sweep-output", paramLabel = "<dir>",
            description = "Output directory (default: ${DEFAULT-VALUE}).")
    Path output;

    @Option(names = "--master", defaultValue = "local[*]", paramLabel = "<url>",
            description = "Spark master: local[*] (default, every core), local[N], spark://host:7077.")
    String master;

    @Option(names = "--conf", paramLabel = "<key=value>",
            description = "A Spark setting (repeatable), e.g. spark.executor.memory=1g.")
    java.util.Map<String, String> conf = new java.util.LinkedHashMap<>();

    @Option(names = "--rerun", paramLabel = "<N>",
            description = "Replay run N alone in this JVM, as simulate would: <output>/run-N/result.csv (every output)"
                    + " and report.txt.")
    Integer rerun;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    public static int run(String... args) {
        return run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args);
    }

    /** Runs the command with its output and messages to {@code out} and {@code err} (tests call this). */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        CommandLine commandLine = new CommandLine(new Sweep()).setOut(out).setErr(err);
        commandLine.setParameterExceptionHandler((ex, cmdArgs) -> {
            ex.getCommandLine().getErr().println("bt-fmu sweep: " + ex.getMessage());
            ex.getCommandLine().getErr().println("Try 'bt-fmu sweep --help'.");
            return EXIT_BAD_INPUT;
        });
        return commandLine.execute(args);
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Campaign campaign;
        try {
            campaign = Campaign.read(file);
            // Everything but the runs, before Spark starts: FMUs, wiring, expectations, names.
            ScenarioRun.check(campaign.scenario(), m -> { }, new RunVariation(campaign, campaign.run(0)));
            if (rerun != null) {
                campaign.run(rerun);
            }
            Files.createDirectories(output);
        } catch (CampaignException | ScenarioException | CoSimulationException e) {
            err.println("bt-fmu sweep: " + locate(e.getMessage(), file));
            err.flush();
            return EXIT_BAD_INPUT;
        }
        if (rerun != null) {
            return rerun(campaign, rerun, out);
        }
        long started = System.nanoTime();
        List<RunResult> results;
        try {
            SparkSession spark = session(master, "bt-fmu sweep " + file.getFileName(), conf);
            try {
                results = SparkSweep.run(spark, campaign);
                SparkSweep.write(spark, campaign, results, output);
            } finally {
                spark.stop();
            }
        } catch (RuntimeException e) {
            // Spark's own failures (a master that cannot be reached, a lost executor): said, not a trace.
            err.println("bt-fmu sweep: Spark (" + master + "): " + e);
            err.flush();
            return 1;
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        Summary summary = new Summary(campaign, results);
        SummaryPage.write(summary, output.resolve("summary.html"));
        out.print(summary.text(10));
        out.printf(Locale.ROOT, "%d runs in %.1f s on %s (%.2f runs/s): %s/runs.parquet, summary.html%n",
                results.size(), seconds, master, results.size() / seconds, output);
        out.flush();
        return summary.passed == results.size() ? 0 : EXIT_BAD_INPUT;
    }

    /**
     * A Spark session for {@code master}; the driver listens on the loopback address only (Spark
     * would pick another interface of this machine): a local master needs no other, and the
     * standalone cluster of the tests runs on this machine.
     */
    static SparkSession session(String master, String name, java.util.Map<String, String> conf) {
        SparkSession.Builder builder = SparkSession.builder().appName(name).master(master)
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "4")
                .config("spark.sql.warehouse.dir", System.getProperty("java.io.tmpdir") + "/bt-fmu-spark-warehouse")
                // Executors in JVMs of their own (a cluster) load FMUs through javafmi, which reflects into
                // java.util.prefs; Spark adds its own --add-opens to executors.
                .config("spark.executor.extraJavaOptions", "--add-opens=java.prefs/java.util.prefs=ALL-UNNAMED");
        conf.forEach(builder::config);
        return builder.getOrCreate();
    }

    private int rerun(Campaign campaign, int index, PrintWriter out) throws IOException {
        Path dir = output.resolve("run-" + index);
        Files.createDirectories(dir);
        RunSpec run = campaign.run(index);
        RunResult result = CampaignRun.run(campaign, run, dir.resolve("result.csv"));
        Summary one = new Summary(campaign, List.of(result));
        StringBuilder report = new StringBuilder();
        report.append("run ").append(index).append(one.parameters(result)).append(": ").append(result.status())
                .append('\n');
        if (result.message() != null) {
            report.append("  ").append(result.message()).append('\n');
        }
        List<String> kept = campaign.keptColumns();
        for (int k = 0; k < kept.size(); k++) {
            report.append("  ").append(kept.get(k)).append(" = ").append(Summary.number(result.kept()[k])).append('\n');
        }
        Files.writeString(dir.resolve("report.txt"), report);
        out.print(report);
        out.println("Wrote " + dir.resolve("result.csv") + " and report.txt");
        out.flush();
        return result.status().equals(RunResult.PASSED) ? 0 : EXIT_BAD_INPUT;
    }

    /** A message about the campaign (or its scenario) with the line and column of its JSON pointer. */
    private String locate(String message, Path campaignFile) {
        String located = JsonLocations.locate(campaignFile, message);
        if (located.equals(message)) {
            int colon = message.indexOf(": /");
            if (colon > 0) {
                located = JsonLocations.locate(Path.of(message.substring(0, colon)), message);
            }
        }
        return located;
    }
}
