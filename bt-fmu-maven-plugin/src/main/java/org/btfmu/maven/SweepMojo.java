package org.btfmu.maven;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Component;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.resolution.DependencyResolutionException;

/**
 * {@code bt-fmu:sweep}: a verification campaign, as {@code bt-fmu sweep campaign.json} runs it
 * (docs/campaigns.md): the runs on Apache Spark (embedded local[*] by default), and
 * runs.parquet, summary.html and wall-times.csv in the sweep directory. The summary goes to
 * the Maven log; a run that does not pass fails the build, like a failed test, naming the
 * campaign and the worst runs with their parameters. Spark is resolved when this goal runs
 * (never for the other goals) and runs in a Java process of its own. Not bound by default:
 * add an execution.
 */
@Mojo(name = "sweep", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public final class SweepMojo extends AbstractMojo {

    static final String SWEEP_MAIN = "org.btfmu.campaign.Sweep";
    /** The worst runs named in the build failure (summary.html lists all). */
    static final int WORST_SHOWN = 5;

    /** The campaign file (docs/campaigns.md). */
    @Parameter(property = "btfmu.campaign", required = true)
    File campaign;

    /**
     * Where each campaign's outputs go: the folder CAMPAIGN under it (CAMPAIGN: the campaign
     * file's name without .json) gets runs.parquet, summary.html and wall-times.csv.
     */
    @Parameter(property = "btfmu.sweepDirectory", defaultValue = "${project.build.directory}/bt-fmu-sweeps")
    File sweepDirectory;

    /** The Spark master: local[*] (every core of this machine), local[N], or spark://host:7077 (a cluster). */
    @Parameter(property = "btfmu.master", defaultValue = "local[*]")
    String master = "local[*]";

    /**
     * How many runs at once: on a local master, local[N] whatever the master says; on a
     * cluster, Spark's spark.cores.max. Unset: as the master gives.
     */
    @Parameter(property = "btfmu.parallelism")
    Integer parallelism;

    /** Spark settings, e.g. spark.executor.memory set to 1g (as bt-fmu sweep --conf). */
    @Parameter
    Map<String, String> sparkConf = Map.of();

    /**
     * A run that does not pass (an expectation failed, an error, a timeout) fails the build;
     * false: it is logged as a warning and the build goes on.
     */
    @Parameter(property = "btfmu.failOnFailedRuns", defaultValue = "true")
    boolean failOnFailedRuns = true;

    /** Runs that do not pass are logged but do not fail the build, as Surefire's. */
    @Parameter(property = "maven.test.failure.ignore", defaultValue = "false")
    boolean testFailureIgnore;

    /** Skips the campaign, as -DskipTests skips tests. */
    @Parameter(property = "skipTests", defaultValue = "false")
    boolean skipTests;

    /** Skips the campaign, as -Dmaven.test.skip=true skips compiling and running tests. */
    @Parameter(property = "maven.test.skip", defaultValue = "false")
    boolean testSkip;

    /** Skips the goal (as every goal of this plugin). */
    @Parameter(property = "btfmu.skip", defaultValue = "false")
    boolean skip;

    /** Where the sweep process works (removed after it), and where a JVM crash log is kept. */
    @Parameter(defaultValue = "${project.build.directory}/bt-fmu", readonly = true)
    File workDirectory;

    @Parameter(defaultValue = "${plugin.version}", readonly = true, required = true)
    String pluginVersion;

    @Parameter(defaultValue = "${repositorySystemSession}", readonly = true, required = true)
    RepositorySystemSession repositorySession;

    @Parameter(defaultValue = "${project.remotePluginRepositories}", readonly = true, required = true)
    List<RemoteRepository> pluginRepositories;

    @Component
    RepositorySystem repositorySystem;

    /** The campaign module's class path; null: resolved ({@link CampaignClassPath}). Tests set it. */
    List<File> campaignClassPath;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip || skipTests || testSkip) {
            getLog().info("bt-fmu: sweep skipped");
            return;
        }
        if (campaign == null || !campaign.isFile()) {
            throw new MojoExecutionException("bt-fmu: the campaign file " + campaign + " does not exist"
                    + " (<campaign>, -Dbtfmu.campaign)");
        }
        if (parallelism != null && parallelism < 1) {
            throw new MojoExecutionException("bt-fmu: <parallelism> (-Dbtfmu.parallelism) is " + parallelism
                    + "; expected at least 1 run at once");
        }
        Path file = campaign.toPath().toAbsolutePath().normalize();
        Path output = sweepDirectory.toPath().toAbsolutePath()
                .resolve(file.getFileName().toString().replaceFirst("\\.json$", ""));
        List<File> classPath = classPath();
        SweepOutcome outcome = new SweepOutcome();
        List<String> errorLines = new ArrayList<>();
        getLog().info("bt-fmu: campaign " + file + " on " + effectiveMaster() + " ...");
        JavaProcess.Ended ended;
        try {
            ended = JavaProcess.run(classPath, SWEEP_MAIN, jvmOptions(classPath), arguments(file, output),
                    workDirectory.toPath(), 0, line -> {
                        outcome.out(line);
                        getLog().info("bt-fmu: " + line);
                    }, line -> {
                        outcome.err(line);
                        errorLines.add(line);
                        if (line.startsWith(SweepOutcome.ERROR_PREFIX)) {
                            getLog().error(line);
                        } else {
                            getLog().warn(line); // Spark's own, only when something is wrong
                        }
                    });
        } catch (IOException e) {
            throw new MojoExecutionException("bt-fmu: cannot run the campaign " + file + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MojoExecutionException("bt-fmu: interrupted during the campaign " + file, e);
        }
        judge(file, output, ended.exit(), outcome, errorLines);
    }

    /** Fails the build (or warns) from how the sweep ended and what it printed. */
    void judge(Path file, Path output, int exit, SweepOutcome outcome, List<String> errorLines)
            throws MojoExecutionException, MojoFailureException {
        if (!outcome.summarized()) {
            // It ended before the runs were counted: the campaign file is wrong, or Spark failed.
            String why = outcome.messages.isEmpty() ? ScenarioProcess.crashed(exit, errorLines)
                    : String.join("\n  ", outcome.messages);
            throw new MojoExecutionException("bt-fmu: campaign " + file + ": " + why);
        }
        if (outcome.notPassed() == 0 && exit == 0) {
            getLog().info("bt-fmu: campaign " + file.getFileName() + ": all " + outcome.runs + " runs passed; "
                    + output + "/ holds runs.parquet, summary.html, wall-times.csv");
            return;
        }
        if (outcome.notPassed() == 0) { // counted, but then ended badly
            throw new MojoExecutionException("bt-fmu: campaign " + file + ": "
                    + ScenarioProcess.crashed(exit, errorLines));
        }
        List<String> worst = outcome.worst.subList(0, Math.min(WORST_SHOWN, outcome.worst.size()));
        String message = "bt-fmu: campaign " + file + ": " + outcome.counts() + "; the worst:\n  "
                + String.join("\n  ", worst) + "\n(every run in " + output.resolve("summary.html")
                + " and runs.parquet; bt-fmu sweep " + file.getFileName() + " --rerun N replays run N alone)";
        if (failOnFailedRuns && !testFailureIgnore) {
            throw new MojoFailureException(message);
        }
        getLog().warn(message);
        getLog().warn("bt-fmu: the build goes on ("
                + (failOnFailedRuns ? "maven.test.failure.ignore" : "failOnFailedRuns is false") + ")");
    }

    private List<File> classPath() throws MojoExecutionException {
        if (campaignClassPath != null) {
            return campaignClassPath;
        }
        try {
            List<File> files = CampaignClassPath.resolve(repositorySystem, repositorySession, pluginRepositories,
                    pluginVersion);
            getLog().debug("bt-fmu: the campaign's class path: " + files);
            return files;
        } catch (DependencyResolutionException e) {
            throw new MojoExecutionException("bt-fmu: cannot resolve " + CampaignClassPath.GROUP_ID + ":"
                    + CampaignClassPath.ARTIFACT_ID + ":" + pluginVersion + " (Apache Spark) for the sweep: "
                    + e.getMessage(), e);
        }
    }

    private List<String> jvmOptions(List<File> classPath) throws MojoExecutionException {
        List<String> options = new ArrayList<>(List.of("-XX:+UseSerialGC"));
        try {
            options.addAll(CampaignClassPath.javaOptions(classPath));
        } catch (IOException e) {
            throw new MojoExecutionException("bt-fmu: the campaign's JVM options: " + e.getMessage(), e);
        }
        return options;
    }

    /** local[N] when a parallelism is given and the master is local. */
    String effectiveMaster() {
        return parallelism != null && master.startsWith("local") ? "local[" + parallelism + "]" : master;
    }

    /** The arguments of {@code bt-fmu sweep}. */
    List<String> arguments(Path file, Path output) {
        List<String> args = new ArrayList<>(List.of(file.toString(), "-o", output.toString(),
                "--master", effectiveMaster()));
        Map<String, String> conf = new LinkedHashMap<>(sparkConf);
        if (parallelism != null && !master.startsWith("local")) {
            conf.putIfAbsent("spark.cores.max", parallelism.toString());
        }
        conf.forEach((key, value) -> {
            args.add("--conf");
            args.add(key + "=" + value);
        });
        return args;
    }
}
