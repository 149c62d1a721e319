package org.btfmu.maven;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import org.btfmu.btcpp.ImportOptions;

/** What the goals that read mission files share: where they are and which are taken. */
abstract class MissionsMojo extends AbstractMojo {

    /** The folder holding the mission files. */
    @Parameter(property = "btfmu.missionsDirectory", defaultValue = "${project.basedir}/src/main/missions")
    File missionsDirectory;

    /**
     * Globs of mission files, relative to the missions folder: mission JSON and
     * BehaviorTree.CPP XML trees (default {@code **}{@code /*.json}, {@code **}{@code /*.xml}).
     */
    @Parameter
    List<String> includes = List.of("**/*.json", "**/*.xml");

    /**
     * Globs of files under the missions folder that are not missions (default: the
     * BT.CPP trees' bindings, {@code **}{@code /*.bindings.json}).
     */
    @Parameter
    List<String> excludes = List.of("**/*" + MissionSet.BINDINGS_SUFFIX);

    /**
     * Node manifests for the BehaviorTree.CPP trees: files whose TreeNodesModel elements are read as
     * {@code bt-fmu import --nodes} reads them (Nav2's {@code nav2_tree_nodes.xml}, a Groot2 project);
     * keep them outside the missions folder, or exclude them, since they are no trees.
     */
    @Parameter
    List<File> nodes = List.of();

    /** Shipped binding libraries applied under every tree's bindings, as {@code --library} ({@code nav2}). */
    @Parameter
    List<String> libraries = List.of();

    /** Skips the goal. */
    @Parameter(property = "btfmu.skip", defaultValue = "false")
    boolean skip;

    /**
     * A project without the missions folder has nothing for these goals (a parent POM that
     * declares the plugin for its modules, a module of other things): they skip it.
     */
    boolean hasMissions() {
        if (missionsDirectory.isDirectory()) {
            return true;
        }
        getLog().info("bt-fmu: no missions folder " + missionsDirectory + " in this project: no missions here");
        return false;
    }

    List<MissionSet.Entry> loadMissions() throws MojoFailureException {
        List<Path> files = MissionFiles.find(missionsDirectory.toPath(), includes, excludes);
        ImportOptions options = new ImportOptions(null, false, nodes.stream().map(File::toPath).toList(), libraries);
        return MissionSet.load(files, options, getLog());
    }
}
