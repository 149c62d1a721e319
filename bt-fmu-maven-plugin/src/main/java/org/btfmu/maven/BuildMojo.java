package org.btfmu.maven;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.plugins.annotations.Component;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;
import org.apache.maven.project.MavenProjectHelper;
import org.btfmu.packager.FmuBuildException;
import org.btfmu.packager.FmuInterface;
import org.btfmu.packager.FmuPackager;

/**
 * {@code bt-fmu:build}: each mission becomes {@code target/fmus/MISSION.fmu} (MISSION: its name)
 * as {@code bt-fmu build} writes it (byte-reproducible), attached to the project
 * with type {@code fmu} and the mission name as classifier, so that
 * {@code mvn install} and {@code deploy} publish it. A mission whose
 * {@link BuildStamp inputs} have not changed since the last build is not rebuilt.
 */
@Mojo(name = "build", defaultPhase = LifecyclePhase.PACKAGE, threadSafe = true)
public final class BuildMojo extends MissionsMojo {

    /** Where the FMUs are written. */
    @Parameter(property = "btfmu.outputDirectory", defaultValue = "${project.build.directory}/fmus")
    File outputDirectory;

    /** Puts a minimal Java runtime into every FMU (about 16 MB more each), as {@code bt-fmu build --bundle-jre}. */
    @Parameter(property = "btfmu.bundleJre", defaultValue = "false")
    boolean bundleJre;

    /** The FMI interfaces every FMU offers, as {@code bt-fmu build --interfaces}: {@code cs}, {@code me} or both. */
    @Parameter(property = "btfmu.interfaces", defaultValue = "cs,me")
    String interfaces = "cs,me";

    /** Model identifiers by mission name, for missions whose FMU must not be named after the mission. */
    @Parameter
    Map<String, String> modelIdentifiers = Map.of();

    /** Attaches the FMUs to the project as artifacts of type {@code fmu}. */
    @Parameter(property = "btfmu.attach", defaultValue = "true")
    boolean attach = true;

    /** Where the build stamps are kept (what each FMU was built from). */
    @Parameter(defaultValue = "${project.build.directory}/bt-fmu-stamps", readonly = true)
    File stampDirectory;

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    MavenProject project;

    @Parameter(defaultValue = "${plugin}", readonly = true, required = true)
    PluginDescriptor plugin;

    @SuppressWarnings("deprecation") // the annotation still works; Maven 3.8 is the baseline
    @Component
    MavenProjectHelper projectHelper;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("bt-fmu: build skipped");
            return;
        }
        if (!hasMissions()) {
            return;
        }
        Set<FmuInterface> offered;
        try {
            offered = FmuInterface.parse(interfaces);
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException("bt-fmu: <interfaces>: " + e.getMessage());
        }
        List<MissionSet.Entry> missions = loadMissions();
        checkModelIdentifiers(missions);
        try {
            Files.createDirectories(outputDirectory.toPath());
            FmuPackager packager = new FmuPackager();
            String tool = packager.toolFingerprint();
            int built = 0;
            for (MissionSet.Entry entry : missions) {
                if (buildOne(packager, tool, entry, offered)) {
                    built++;
                }
            }
            removeStale(missions);
            getLog().info("bt-fmu: " + built + " of " + missions.size() + " FMUs built, "
                    + (missions.size() - built) + " up to date, in " + outputDirectory);
        } catch (IOException e) {
            throw new MojoExecutionException("bt-fmu: cannot write the FMUs to " + outputDirectory + ": " + e, e);
        }
    }

    /** Builds one mission's FMU unless it is up to date; attaches it either way. */
    private boolean buildOne(FmuPackager packager, String tool, MissionSet.Entry entry, Set<FmuInterface> offered)
            throws IOException, MojoFailureException {
        String name = entry.mission().name();
        Path fmu = fmuOf(name);
        Path stampFile = stampDirectory.toPath().resolve(name + ".stamp");
        String modelIdentifier = modelIdentifiers.get(name);
        BuildStamp stamp = BuildStamp.of(entry.mission().sourceText(), plugin.getVersion(), tool, modelIdentifier,
                bundleJre, offered);
        boolean build = !stamp.matches(stampFile, fmu);
        if (build) {
            Files.deleteIfExists(stampFile);
            try {
                FmuPackager.BuiltFmu result = packager.build(entry.mission(),
                        new FmuPackager.Options(modelIdentifier, bundleJre, offered), fmu);
                getLog().info("bt-fmu: built " + fmu + " (model identifier " + result.modelIdentifier()
                        + ", GUID " + result.guid() + ", " + result.size() + " bytes)");
            } catch (FmuBuildException e) {
                throw new MojoFailureException("bt-fmu: " + entry.file() + ": " + e.getMessage(), e);
            }
            stamp.write(stampFile, fmu);
        } else {
            getLog().info("bt-fmu: " + fmu.getFileName() + " is up to date (" + entry.file().getFileName()
                    + " and the build options unchanged)");
        }
        if (attach) {
            projectHelper.attachArtifact(project, "fmu", name, fmu.toFile());
        }
        return build;
    }

    private void checkModelIdentifiers(List<MissionSet.Entry> missions) throws MojoExecutionException {
        Set<String> names = new HashSet<>();
        missions.forEach(entry -> names.add(entry.mission().name()));
        for (String name : modelIdentifiers.keySet()) {
            if (!names.contains(name)) {
                throw new MojoExecutionException("bt-fmu: <modelIdentifiers> names " + name
                        + ", which is no mission of " + missionsDirectory + "; the missions are " + names);
            }
        }
    }

    /** FMUs this goal built earlier for missions that are gone: removed with their stamps. */
    private void removeStale(List<MissionSet.Entry> missions) throws IOException {
        Path stamps = stampDirectory.toPath();
        if (!Files.isDirectory(stamps)) {
            return;
        }
        Set<String> current = new HashSet<>();
        missions.forEach(entry -> current.add(entry.mission().name() + ".stamp"));
        List<Path> stale;
        try (Stream<Path> list = Files.list(stamps)) {
            stale = list.filter(stamp -> !current.contains(stamp.getFileName().toString())).toList();
        }
        for (Path stamp : stale) {
            String file = stamp.getFileName().toString();
            Path fmu = fmuOf(file.substring(0, file.length() - ".stamp".length()));
            Files.deleteIfExists(fmu);
            Files.delete(stamp);
            getLog().info("bt-fmu: removed " + fmu + ": no mission of that name any more");
        }
    }

    private Path fmuOf(String missionName) {
        return outputDirectory.toPath().resolve(missionName + ".fmu");
    }
}
