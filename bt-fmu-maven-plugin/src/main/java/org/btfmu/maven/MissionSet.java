package org.btfmu.maven;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.Log;
import org.btfmu.btcpp.BtcppException;
import org.btfmu.btcpp.ImportOptions;
import org.btfmu.btcpp.TreeImporter;
import org.btfmu.mission.Mission;
import org.btfmu.mission.MissionException;
import org.btfmu.mission.MissionLoader;
import org.btfmu.mission.Problem;
import org.btfmu.scenario.JsonLocations;

/**
 * Loads every mission file of a project and reports every problem of every
 * file at once, one Maven error per problem in the form compilers use
 * ({@code /abs/file.json:[line,column] /json/pointer: message}), which IDEs and
 * CI log parsers turn into annotations on the file. Problems of a
 * BehaviorTree.CPP tree come in the importer's form ({@code file:line:column: XML path: message}).
 */
final class MissionSet {

    /** A mission and the file it came from. */
    record Entry(Path file, Mission mission) {
    }

    /** The bindings of tree.xml are tree.bindings.json. */
    static final String BINDINGS_SUFFIX = ".bindings.json";

    private MissionSet() {
    }

    /**
     * The missions in file order, the BT.CPP trees imported with {@code options} (manifests, libraries);
     * any problem → all are logged, then a failure.
     */
    static List<Entry> load(List<Path> files, ImportOptions options, Log log) throws MojoFailureException {
        List<Entry> missions = new ArrayList<>();
        Map<String, Path> byName = new HashMap<>();
        int problems = 0;
        int badFiles = 0;
        for (Path file : files) {
            Path absolute = file.toAbsolutePath();
            try {
                Mission mission = load(absolute, options, log);
                Path other = byName.putIfAbsent(mission.name(), absolute);
                if (other != null) {
                    log.error(location(absolute, new Problem("/name", "", 0, 0)) + "the mission name "
                            + mission.name() + " is also the name of " + other
                            + "; both would build target/fmus/" + mission.name() + ".fmu");
                    problems++;
                    badFiles++;
                } else {
                    missions.add(new Entry(absolute, mission));
                    warn(absolute, mission, log);
                }
            } catch (MissionException e) {
                for (Problem problem : e.problems()) {
                    log.error(location(absolute, problem) + problem.message());
                }
                problems += e.problems().size();
                badFiles++;
            } catch (BtcppException e) {
                Path bindings = bindingsOf(absolute);
                e.problems().forEach(problem -> log.error(compilerForm(bindings == null ? problem
                        : JsonLocations.locate(bindings, problem))));
                problems += e.problems().size();
                badFiles++;
            }
        }
        if (problems > 0) {
            throw new MojoFailureException("bt-fmu: " + problems + (problems == 1 ? " problem" : " problems")
                    + " in " + badFiles + " of " + files.size() + " mission files (listed above)");
        }
        return missions;
    }

    /**
     * A mission JSON file, or a BehaviorTree.CPP XML tree ({@code .xml}) imported as
     * {@code bt-fmu build tree.xml --bindings} does, with {@code <tree>.bindings.json}
     * beside it as its bindings when that file exists.
     */
    private static Mission load(Path file, ImportOptions options, Log log) {
        String name = file.getFileName().toString();
        if (!name.endsWith(".xml")) {
            return MissionLoader.load(file);
        }
        TreeImporter.Imported imported = TreeImporter.importTree(file, bindingsOf(file), options);
        imported.warnings().forEach(log::warn);
        return MissionLoader.load(TreeImporter.toText(imported.mission()), file.toString());
    }

    /** The bindings of a BT.CPP tree, {@code <tree>.bindings.json} beside it; null when there are none. */
    static Path bindingsOf(Path file) {
        String name = file.getFileName().toString();
        if (!name.endsWith(".xml")) {
            return null;
        }
        Path bindings = file.resolveSibling(name.substring(0, name.length() - ".xml".length()) + BINDINGS_SUFFIX);
        return Files.isRegularFile(bindings) ? bindings : null;
    }

    /**
     * The validator's warnings ({@code bt-fmu validate} prints them) as Maven warnings. An imported
     * tree's warnings have the pointer into the imported mission, not a line of the XML.
     */
    private static void warn(Path file, Mission mission, Log log) {
        boolean json = !file.getFileName().toString().endsWith(".xml");
        for (Problem warning : mission.warnings()) {
            Problem at = json ? warning : new Problem(warning.pointer(), warning.message(), 0, 0);
            log.warn(location(file, at) + "warning: " + warning.message());
        }
    }

    /** The importer's {@code file:line:col: rest} in the {@code file:[line,col] rest} form IDEs and CI annotate. */
    static String compilerForm(String problem) {
        Matcher m = IMPORTER_LOCATION.matcher(problem);
        return m.matches() ? m.group(1) + ":[" + m.group(2) + "," + m.group(3) + "] " + m.group(4) : problem;
    }

    private static final Pattern IMPORTER_LOCATION = Pattern.compile("(.+?):(\\d+):(\\d+): (.*)", Pattern.DOTALL);

    /** {@code file:[line,column] /pointer: }, the parts that are known. */
    static String location(Path file, Problem problem) {
        StringBuilder text = new StringBuilder(file.toString());
        if (problem.line() > 0) {
            text.append(":[").append(problem.line()).append(',').append(Math.max(problem.column(), 1)).append(']');
        }
        text.append(' ');
        if (!problem.pointer().isEmpty()) {
            text.append(problem.pointer()).append(": ");
        }
        return text.toString();
    }
}
