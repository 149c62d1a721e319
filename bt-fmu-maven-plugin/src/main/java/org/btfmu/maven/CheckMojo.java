package org.btfmu.maven;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * {@code bt-fmu:check}: the checks of {@code bt-fmu check} on every built FMU
 * (model description against the XSD and FMI 2.0 rules, a calling-sequence run,
 * the declared dependencies), then the co-simulation scenarios under
 * {@code src/test/scenarios/} (see {@link Scenario}) with the project's master,
 * each in a Java process of its own ({@link ScenarioProcess}),
 * writes one Surefire-style report per scenario and fails the build when an
 * expectation fails, like a failed test. A scenario that cannot run as written
 * (unknown FMU, variable or task) is a configuration error instead.
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public final class CheckMojo extends MissionsMojo {

    /** Where the build goal wrote the FMUs. */
    @Parameter(property = "btfmu.outputDirectory", defaultValue = "${project.build.directory}/fmus")
    File outputDirectory;

    /** The scenarios: every {@code *.json} here (optional). */
    @Parameter(property = "btfmu.scenariosDirectory", defaultValue = "${project.basedir}/src/test/scenarios")
    File scenariosDirectory;

    /**
     * Where the reports go, {@code TEST-bt-fmu.SCENARIO.xml} (SCENARIO: the scenario's path under
     * the scenarios folder without .json, folders joined by dots).
     */
    @Parameter(defaultValue = "${project.build.directory}/bt-fmu-reports")
    File reportsDirectory;

    @Parameter(defaultValue = "${project.basedir}", readonly = true, required = true)
    File baseDirectory;

    @Parameter(defaultValue = "${plugin.artifacts}", readonly = true, required = true)
    List<Artifact> pluginArtifacts;

    /** Runs the checks of {@code bt-fmu check} on every built FMU. */
    @Parameter(property = "btfmu.checkFmus", defaultValue = "true")
    boolean checkFmus = true;

    /** Skips the scenarios (as -DskipTests skips tests). */
    @Parameter(property = "skipTests", defaultValue = "false")
    boolean skipTests;

    /** Skips the scenarios, as {@code -Dmaven.test.skip=true} skips compiling and running tests. */
    @Parameter(property = "maven.test.skip", defaultValue = "false")
    boolean testSkip;

    /** Failed expectations and stopped runs are logged but do not fail the build, as Surefire's. */
    @Parameter(property = "maven.test.failure.ignore", defaultValue = "false")
    boolean testFailureIgnore;

    /**
     * Runs only these scenarios: comma-separated names, each a scenario's path under the
     * scenarios folder without {@code .json} or its file name without {@code .json}
     * ({@code *} matches within a name), as Surefire's {@code -Dtest}.
     */
    @Parameter(property = "test")
    String test;

    /**
     * Seconds each scenario's process may run before it is stopped and the scenario counts as
     * an error (as Surefire's {@code forkedProcessTimeoutInSeconds}); 0: no limit.
     */
    @Parameter(property = "btfmu.scenarioTimeout", defaultValue = "600")
    int scenarioTimeout = 600;

    /** Where the scenario processes work (removed after each), and where a JVM crash log is kept. */
    @Parameter(defaultValue = "${project.build.directory}/bt-fmu", readonly = true)
    File workDirectory;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("bt-fmu: check skipped");
            return;
        }
        Map<String, Path> missionFmus = builtFmus();
        if (checkFmus && !missionFmus.isEmpty()) {
            checkFmus(missionFmus);
        }
        if (skipTests || testSkip) {
            getLog().info("bt-fmu: scenarios skipped");
            return;
        }
        runScenarios(missionFmus);
    }

    /** The FMU of every mission, by mission name; each must have been built. */
    private Map<String, Path> builtFmus() throws MojoFailureException, MojoExecutionException {
        Map<String, Path> fmus = new LinkedHashMap<>();
        if (!hasMissions()) {
            return fmus;
        }
        for (MissionSet.Entry entry : loadMissions()) {
            Path fmu = outputDirectory.toPath().resolve(entry.mission().name() + ".fmu");
            if (!Files.isRegularFile(fmu)) {
                throw new MojoExecutionException("bt-fmu: " + fmu + " does not exist; the build goal (phase"
                        + " package) writes it: run 'mvn verify'");
            }
            fmus.put(entry.mission().name(), fmu);
        }
        return fmus;
    }

    /** {@code bt-fmu check} on every FMU: any error fails the build with the findings. */
    private void checkFmus(Map<String, Path> missionFmus) throws MojoExecutionException, MojoFailureException {
        List<String> args = missionFmus.values().stream().map(Path::toString).toList();
        List<String> errors = new ArrayList<>();
        List<String> processErrors = new ArrayList<>();
        int exit;
        try {
            exit = JavaProcess.run(classPath(), FmuCheckMain.class, args, workDirectory.toPath(), 0, line -> {
                if (line.startsWith(FmuCheckMain.ERROR)) {
                    errors.add(line.substring(FmuCheckMain.ERROR.length()));
                } else if (line.startsWith(FmuCheckMain.NOTE)) {
                    getLog().info("bt-fmu check: note: " + line.substring(FmuCheckMain.NOTE.length()));
                }
            }, line -> {
                getLog().debug(line);
                processErrors.add(line);
            }).exit();
        } catch (IOException e) {
            throw new MojoExecutionException("bt-fmu: cannot run the FMU checks: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MojoExecutionException("bt-fmu: interrupted during the FMU checks", e);
        }
        if (exit != 0 && errors.isEmpty()) {
            errors.add(ScenarioProcess.crashed(exit, processErrors));
        }
        if (!errors.isEmpty()) {
            errors.forEach(error -> getLog().error("bt-fmu check: " + error));
            throw new MojoFailureException("bt-fmu: " + errors.size() + (errors.size() == 1 ? " error" : " errors")
                    + " in the FMU checks (bt-fmu check):\n  " + String.join("\n  ", errors));
        }
        getLog().info("bt-fmu: " + args.size() + (args.size() == 1 ? " FMU passes" : " FMUs pass")
                + " the FMU checks (model description, calling sequence, dependencies)");
    }

    private List<File> classPath() {
        return pluginArtifacts.stream().map(Artifact::getFile).toList();
    }

    private void runScenarios(Map<String, Path> missionFmus) throws MojoExecutionException, MojoFailureException {
        Map<String, Path> all = ScenarioFiles.find(scenariosDirectory.toPath());
        removeStaleReports(all.keySet());
        if (all.isEmpty()) {
            getLog().info("bt-fmu: no scenarios in " + scenariosDirectory);
            return;
        }
        Map<String, Path> scenarios = ScenarioFiles.select(all, test);
        if (scenarios.isEmpty()) {
            throw new MojoFailureException("bt-fmu: no scenario matches -Dtest=" + test + " (the scenarios: "
                    + String.join(", ", all.keySet()) + ")");
        }
        ScenarioProcess processes = new ScenarioProcess(classPath(), baseDirectory.toPath(), reportsDirectory.toPath(),
                workDirectory.toPath(), missionFmus, getLog()::debug);
        try {
            checkConfigurations(processes, scenarios);
            ScenarioSummary summary = new ScenarioSummary();
            int n = 0;
            for (Map.Entry<String, Path> scenario : scenarios.entrySet()) {
                String name = scenariosDirectory.toPath().relativize(scenario.getValue()).toString();
                getLog().info("bt-fmu: scenario " + ++n + " of " + scenarios.size() + ": " + name + " ...");
                long started = System.nanoTime();
                ScenarioProcess.Result result = processes.run(scenario.getKey(), scenario.getValue(), scenarioTimeout);
                if (result.configurationError() != null) {
                    throw new MojoExecutionException("bt-fmu: scenario configuration error: "
                            + result.configurationError());
                }
                getLog().info("bt-fmu: scenario " + name + ": " + summary.add(name, result)
                        + String.format(Locale.ROOT, " (%.1f s)", (System.nanoTime() - started) / 1e9));
            }
            getLog().info("bt-fmu: " + summary.total());
            if (!summary.problems().isEmpty()) {
                summary.problems().forEach(testFailureIgnore ? getLog()::warn : getLog()::error);
                String message = "bt-fmu: " + summary.total() + " (reports in " + reportsDirectory + "):\n  "
                        + String.join("\n  ", summary.problems());
                if (testFailureIgnore) {
                    getLog().warn(message.substring(0, message.indexOf('\n'))
                            + "; the build goes on (maven.test.failure.ignore)");
                } else {
                    throw new MojoFailureException(message);
                }
            }
        } catch (IOException e) {
            throw new MojoExecutionException("bt-fmu: cannot run the scenarios: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MojoExecutionException("bt-fmu: interrupted while running the scenarios", e);
        }
    }

    /** Every scenario is loaded (FMUs, wiring, expectations) before any runs: all errors at once. */
    private void checkConfigurations(ScenarioProcess processes, Map<String, Path> scenarios)
            throws IOException, InterruptedException, MojoExecutionException {
        ScenarioProcess.Checked checked = processes.check(scenarios);
        checked.warnings().forEach(warning -> getLog().warn("bt-fmu: " + warning));
        if (!checked.configurationErrors().isEmpty()) {
            checked.configurationErrors().forEach(error -> getLog().error("bt-fmu: " + error));
            int n = checked.configurationErrors().size();
            throw new MojoExecutionException("bt-fmu: " + n + " scenario configuration " + (n == 1 ? "error" : "errors")
                    + ", nothing ran:\n  " + String.join("\n  ", checked.configurationErrors()));
        }
    }

    /** Reports of scenarios that are gone are removed, as the FMUs of missions that are gone. */
    private void removeStaleReports(Set<String> scenarios) throws MojoExecutionException {
        Path reports = reportsDirectory.toPath();
        if (!Files.isDirectory(reports)) {
            return;
        }
        try (Stream<Path> list = Files.list(reports)) {
            for (Path report : list.toList()) {
                String file = report.getFileName().toString();
                String prefix = "TEST-" + TestReport.SUITE_PREFIX;
                if (file.startsWith(prefix) && file.endsWith(".xml")
                        && !scenarios.contains(file.substring(prefix.length(), file.length() - ".xml".length()))) {
                    Files.delete(report);
                    getLog().info("bt-fmu: removed " + report + ": no scenario of that name any more");
                    // and its run beside it (ScenarioMain): result.csv and report.html, the folder if then empty
                    Path run = reports.resolve(file.substring(prefix.length(), file.length() - ".xml".length()));
                    if (Files.isDirectory(run)) {
                        Files.deleteIfExists(run.resolve("result.csv"));
                        Files.deleteIfExists(run.resolve("report.html"));
                        try (Stream<Path> left = Files.list(run)) {
                            if (left.findAny().isEmpty()) {
                                Files.delete(run);
                            }
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new MojoExecutionException("bt-fmu: cannot clean " + reports + ": " + e, e);
        }
    }
}
