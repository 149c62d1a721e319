package org.btfmu.maven;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

    /** Where the reports go, {@code TEST-bt-fmu.<scenario>.xml}. */
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

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("bt-fmu: check skipped");
            return;
        }
        Map<String, Path> missionFmus = builtFmus();
        if (checkFmus) {
            checkFmus(missionFmus);
        }
        if (skipTests) {
            getLog().info("bt-fmu: scenarios skipped");
            return;
        }
        runScenarios(missionFmus);
    }

    /** The FMU of every mission, by mission name; each must have been built. */
    private Map<String, Path> builtFmus() throws MojoFailureException, MojoExecutionException {
        Map<String, Path> fmus = new LinkedHashMap<>();
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
            exit = JavaProcess.run(classPath(), FmuCheckMain.class, args, line -> {
                if (line.startsWith(FmuCheckMain.ERROR)) {
                    errors.add(line.substring(FmuCheckMain.ERROR.length()));
                } else if (line.startsWith(FmuCheckMain.NOTE)) {
                    getLog().info("bt-fmu check: note: " + line.substring(FmuCheckMain.NOTE.length()));
                }
            }, line -> {
                getLog().debug(line);
                processErrors.add(line);
            });
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
        List<Path> files = scenarioFiles();
        if (files.isEmpty()) {
            getLog().info("bt-fmu: no scenarios in " + scenariosDirectory);
            return;
        }
        List<File> classPath = classPath();
        List<String> failures = new ArrayList<>();
        int expectations = 0;
        for (Path file : files) {
            ScenarioProcess.Result result;
            try {
                result = ScenarioProcess.run(classPath, file, baseDirectory.toPath(), reportsDirectory.toPath(),
                        missionFmus, getLog()::debug);
            } catch (IOException e) {
                throw new MojoExecutionException("bt-fmu: cannot run the scenario " + file + ": " + e, e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new MojoExecutionException("bt-fmu: interrupted while running " + file, e);
            }
            if (result.configurationError() != null) {
                throw new MojoExecutionException("bt-fmu: scenario configuration error: " + result.configurationError());
            }
            String name = file.getFileName().toString();
            expectations += result.passed().size() + result.failed().size();
            result.failed().forEach(failure -> failures.add(name + ": " + failure));
            getLog().info("bt-fmu: scenario " + name + ": " + result.passed().size() + " passed, "
                    + result.failed().size() + " failed");
        }
        if (!failures.isEmpty()) {
            failures.forEach(getLog()::error);
            throw new MojoFailureException("bt-fmu: " + failures.size() + " of " + expectations
                    + " scenario expectations failed (reports in " + reportsDirectory + "):\n  "
                    + String.join("\n  ", failures));
        }
    }

    private List<Path> scenarioFiles() throws MojoExecutionException {
        Path directory = scenariosDirectory.toPath();
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> list = Files.list(directory)) {
            return list.filter(f -> f.getFileName().toString().endsWith(".json") && Files.isRegularFile(f))
                    .sorted().toList();
        } catch (IOException e) {
            throw new MojoExecutionException("bt-fmu: cannot list " + directory + ": " + e, e);
        }
    }
}
