package org.btfmu.btcpp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import org.btfmu.mission.Mission;
import org.btfmu.mission.MissionLoader;

/**
 * Imports a BehaviorTree.CPP XML tree (format 4, or 3 with {@code main_tree_to_execute}) as a
 * mission: standard nodes become the tasks of {@link StandardNode}, {@code <BehaviorTree>}s
 * become mission sub-trees with BT.CPP's port remapping, custom leaves become sub-trees bound
 * to FMU variables (by the bindings, or the default handshake), blackboard keys become locals
 * or the FMU variables the bindings declare. Every problem is located (file:line:col and the
 * XML path); the mission is checked by the mission loader before anything is returned.
 *
 * <p>The parts: {@link TreeFiles} reads the files, {@link UsedSubtrees} finds the sub-trees used
 * and their ports, {@link NodeTasks} turns each node into a task (with {@link ConditionWrappers},
 * {@link CustomLeaves}, {@link ScriptTranslation}), {@link BlackboardKeys} names and types the
 * keys, {@link MissionCheck} checks the result; this class assembles the mission document.
 */
public final class TreeImporter {

    private static final String GENERAL_NOTES = "Semantic differences to BehaviorTree.CPP: the tree is"
            + " evaluated on events (input changes and time events), not on ticks; a task's status is one of"
            + " eight (the transient SUCCESS/FAILURE/ACCEPT of idle tasks and the activated ACTIVATING, RUNNING,"
            + " FINISHED, ABORTED, DEACTIVATING) instead of IDLE/RUNNING/SUCCESS/FAILURE/SKIPPED; a halt is the"
            + " deactivation of a task and runs its exit hooks; SKIPPED counts as SUCCESS; durations are"
            + " simulation time; Sequence and Fallback remember passed children (MemorySequence/MemorySelector),"
            + " their Reactive variants re-check all children; Parallel thresholds are counts (-1: all).";

    private final ObjectMapper json = new ObjectMapper();
    private final Path mainFile;
    private final TreeFiles files;
    private final Bindings bindings;
    private final ImportOptions options;
    /** Warnings for the user (inferred nodes, leniencies); {@code import} prints them. */
    private final List<String> warnings = new ArrayList<>();
    private final List<String> problems = new ArrayList<>();
    private final MissionCheck check;

    private TreeImporter(Path mainFile, ImportOptions options, List<Path> manifests, Bindings user) {
        this.mainFile = mainFile;
        this.options = options;
        this.files = TreeFiles.read(mainFile, warnings, manifests);
        this.bindings = (files.embedded != null ? files.embedded : Bindings.empty()).overriddenBy(user);
        this.check = new MissionCheck(mainFile, bindings);
    }

    /**
     * Imports {@code xml} with the optional bindings file: the mission's JSON, checked by the
     * mission loader. Throws {@link BtcppException} with every problem located.
     */
    public static ObjectNode importFile(Path xml, Path bindingsFile) {
        return importTree(xml, bindingsFile, ImportOptions.defaults()).mission();
    }

    /** An imported mission and the warnings of its import (one line each, located). */
    public record Imported(ObjectNode mission, List<String> warnings) {
    }

    /** Imports {@code xml} with the bindings file (or null) and the options; see {@link #importFile}. */
    public static Imported importTree(Path xml, Path bindingsFile, ImportOptions options) {
        Bindings own = bindingsFile == null ? Bindings.empty() : Bindings.read(bindingsFile);
        List<String> libraries = new ArrayList<>(options.libraries());
        own.libraries.stream().filter(l -> !libraries.contains(l)).forEach(libraries::add);
        Bindings user = Libraries.bindings(libraries).overriddenBy(own);
        List<Path> manifests = new ArrayList<>(user.manifests);
        manifests.addAll(options.nodes());
        TreeImporter importer;
        ObjectNode mission;
        try {
            importer = new TreeImporter(xml, options, manifests, user);
            mission = importer.run();
        } catch (StackOverflowError e) {
            // A last guard: the limits of LenientXml and XmlReader keep real input far from this.
            throw new BtcppException(xml + ":1:1: /: the tree is nested too deeply to import");
        }
        importer.check.check(mission);
        // A node a template imports at several places (Nav2's RecoveryNode) would warn at each.
        return new Imported(mission, List.copyOf(new LinkedHashSet<>(importer.warnings)));
    }

    /** The mission's JSON text as {@code import} writes it. */
    public static String toText(ObjectNode mission) {
        try {
            return new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(mission) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Loads the imported mission (as {@code build tree.xml} does). */
    public static Mission load(Path xml, Path bindingsFile) {
        ObjectNode mission = importFile(xml, bindingsFile);
        return MissionLoader.load(toText(mission), xml.toString());
    }

    private ObjectNode run() {
        String mainId = TreeChoice.choose(files, options.tree() != null ? options.tree()
                : bindings.root.hasNonNull("mainTree") ? bindings.root.get("mainTree").asText() : null);
        NodeInference inference = new NodeInference(options.strict(), warnings, files.trees.values().stream()
                .map(t -> t.children().get(0)).toList());
        KeyTypes types = new KeyTypes();
        UsedSubtrees used = new UsedSubtrees(files, bindings, types, problems);
        used.collect(mainId);
        throwProblems();
        new InstanceBound(files.trees).check(mainId);

        Descriptions descriptions = new Descriptions(bindings.descriptions, files.embedded != null);
        MissionNames names = new MissionNames();
        BlackboardKeys keys = new BlackboardKeys(bindings, used, types);
        ScriptTranslation scripts = new ScriptTranslation(bindings, keys);
        CustomLeaves leaves = new CustomLeaves(mainFile, files, bindings, inference, keys, names, descriptions,
                warnings);
        NodeTasks nodes = new NodeTasks(files, bindings, used, keys, scripts, leaves, names, descriptions, check);

        ObjectNode mission = json.createObjectNode();
        String name = bindings.root.path("name").asText(MissionNames.identifier(stem(mainFile)));
        mission.put("name", name);
        mission.put("description", bindings.root.path("description").asText(
                "Imported from " + mainFile.getFileName() + " (BehaviorTree.CPP format " + files.format + "). "
                        + GENERAL_NOTES));
        for (String k : List.of("statusOutputs", "processing")) {
            if (bindings.root.has(k)) {
                mission.set(k, bindings.root.get(k));
            }
        }
        ObjectNode subtrees = json.createObjectNode();
        for (String id : used.used().keySet()) {
            XmlElement tree = files.trees.get(id);
            ObjectNode def = json.createObjectNode();
            String description = bindings.subtreeDescriptions.get(id);
            if (description != null) {
                def.put("description", description);
            }
            ObjectNode ports = def.putObject("ports");
            used.info(id).ports.forEach(p -> ports.put(p, ""));
            String pointer = "/subtrees/" + MissionNames.escape(id) + "/tree";
            check.locate("/subtrees/" + MissionNames.escape(id), tree);
            def.set("tree", nodes.task(tree.children().get(0), new Scope(id), pointer, new HashSet<>(), id + ":",
                    true));
            subtrees.set(id, def);
        }
        XmlElement mainTree = files.trees.get(mainId);
        ObjectNode rootTask = json.createObjectNode();
        rootTask.put("type", "Root");
        String rootName = MissionNames.identifier(mainId);
        rootTask.put("name", rootName);
        descriptions.describe(rootTask, rootName, null);
        rootTask.put("endOnTransientResult", true); // BT.CPP: the first tick's result ends the tree
        bindings.root.path("root").fields().forEachRemaining(p -> rootTask.set(p.getKey(), p.getValue()));
        check.locate("/tree", mainTree);
        rootTask.putArray("children").add(nodes.task(mainTree.children().get(0), Scope.MAIN, "/tree/children/0",
                new HashSet<>(), rootName + "/", false));
        throwProblems();

        // Every use seen: type the keys, then what depends on their types.
        scripts.typeBareKeyConditions();
        keys.typeLiterals(problems);
        leaves.retype();
        scripts.numericConditions(rootTask);
        subtrees.forEach(s -> scripts.numericConditions(s.get("tree")));
        used.used().forEach((id, info) -> {
            ObjectNode ports = (ObjectNode) subtrees.get(id).get("ports");
            info.ports.forEach(p -> ports.put(p, keys.typeOf("p:" + id + ":" + p)));
        });
        leaves.definitions().forEach(subtrees::set);
        mission.set("variables", keys.variables(leaves.variables()));
        if (!subtrees.isEmpty()) {
            mission.set("subtrees", subtrees);
        }
        mission.set("tree", rootTask);
        throwProblems();
        UnwrittenKeys.warn(mission, keys.declared(), warnings);
        return mission;
    }

    private void throwProblems() {
        if (!problems.isEmpty()) {
            throw new BtcppException(problems);
        }
    }

    private static String stem(Path file) {
        String n = file.getFileName().toString();
        int dot = n.indexOf('.');
        return (dot > 0 ? n.substring(0, dot) : n).toLowerCase(Locale.ROOT);
    }
}
