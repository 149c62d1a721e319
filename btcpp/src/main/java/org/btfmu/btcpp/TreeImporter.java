package org.btfmu.btcpp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.btfmu.core.ParameterSpec;
import org.btfmu.core.TaskType;
import org.btfmu.core.TaskTypeRegistry;
import org.btfmu.mission.Mission;
import org.btfmu.mission.MissionException;
import org.btfmu.mission.MissionLoader;
import org.btfmu.mission.Problem;

/**
 * Imports a BehaviorTree.CPP XML tree (format 4, or 3 with {@code main_tree_to_execute}) as a
 * mission: standard nodes become the tasks of {@link StandardNode}, {@code <BehaviorTree>}s
 * become mission sub-trees with BT.CPP's port remapping, custom leaves become sub-trees bound
 * to FMU variables (by the bindings, or the default handshake), blackboard keys become locals
 * or the FMU variables the bindings declare. Every problem is located (file:line:col and the
 * XML path); the mission is checked by the mission loader before anything is returned.
 */
public final class TreeImporter {

    static final String NATIVE = "btfmu.";

    private static final Set<String> CATEGORIES = Set.of("Action", "Condition", "Decorator", "Control");
    /**
     * In wrapping order, outside in. A SKIPPED node runs no post-condition, while a result that
     * _failureIf/_successIf decides runs them (BT.CPP's executeTick runs the post-conditions on
     * every SUCCESS or FAILURE): the skipping wrappers go outside the post-conditions, the
     * deciding ones inside. _onHalted is innermost, so a halt by _while or by a post-condition's
     * parent runs it.
     */
    private static final List<String> PRECONDITIONS = List.of("_skipIf", "_while");
    private static final List<String> POSTCONDITIONS = List.of("_onSuccess", "_onFailure", "_post", "_failureIf",
            "_successIf", "_onHalted");
    private static final Set<String> IGNORED = Set.of("name", "ID", "_uid", "_fullpath", "_autoremap",
            "__autoremap", "__shared_blackboard");
    /** BT.CPP nodes with no bt-fmu counterpart yet: named in the error instead of "unknown". */
    private static final Set<String> UNSUPPORTED = Set.of("Switch2", "Switch3", "Switch4", "Switch5", "Switch6",
            "Precondition", "LoopInt", "LoopDouble", "LoopBool", "LoopString", "ManualSelector", "TryCatch",
            "SkipUnlessUpdated", "WaitValueUpdate", "WasEntryUpdated", "EntryUpdated", "ReactiveParallel",
            "ParallelFirst", "BlackboardCheckInt", "BlackboardCheckDouble", "BlackboardCheckString",
            "BlackboardCheckBool", "UnsetBlackboard", "PopFromQueue", "QueueSize", "FallbackStar");
    private static final String GENERAL_NOTES = "Semantic differences to BehaviorTree.CPP: the tree is"
            + " evaluated on events (input changes and time events), not on ticks; a task's status is one of"
            + " eight (the transient SUCCESS/FAILURE/ACCEPT of idle tasks and the activated ACTIVATING, RUNNING,"
            + " FINISHED, ABORTED, DEACTIVATING) instead of IDLE/RUNNING/SUCCESS/FAILURE/SKIPPED; a halt is the"
            + " deactivation of a task and runs its exit hooks; SKIPPED counts as SUCCESS; durations are"
            + " simulation time; Sequence and Fallback remember passed children (MemorySequence/MemorySelector),"
            + " their Reactive variants re-check all children; Parallel thresholds are counts (-1: all).";

    private final ObjectMapper json = new ObjectMapper();
    private final TaskTypeRegistry registry = TaskTypeRegistry.standard();
    private final Path mainFile;
    private final TreeFiles files;
    private final Map<String, XmlElement> trees;
    private final Map<String, TreeFiles.NodeModel> models;
    private final Map<String, SubtreeInfo> subtreeInfo = new LinkedHashMap<>();
    private final KeyTypes types = new KeyTypes();
    private final Map<String, XmlElement> globals = new LinkedHashMap<>();
    private final Map<String, ObjectNode> generatedVariables = new LinkedHashMap<>();
    private final Map<String, ObjectNode> leafSubtrees = new LinkedHashMap<>();
    private final List<PendingLiteral> pendingLiterals = new ArrayList<>();
    private final TreeMap<String, XmlElement> located = new TreeMap<>();
    private final List<String> problems = new ArrayList<>();
    /** Conditions that are one key: {rendered key, slot}; see numericConditions. */
    private final List<String[]> bareKeyConditions = new ArrayList<>();
    private Bindings bindings;
    private final boolean exportedByBtFmu;
    private final ImportOptions options;
    /** Warnings for the user (inferred nodes, leniencies); {@code import} prints them. */
    private final List<String> warnings = new ArrayList<>();
    private NodeInference inference;

    /** A BT.CPP sub-tree: its ports, whether an instance remaps everything automatically. */
    private static final class SubtreeInfo {
        final Set<String> ports = new LinkedHashSet<>();
        final Set<String> keys = new LinkedHashSet<>();
        boolean autoremap;
    }

    /** The blackboard scope a node is in: the main tree (null) or a sub-tree. */
    private record Scope(String subtree) {
    }

    private record PendingLiteral(ObjectNode arguments, String port, String raw, String slot, XmlElement at) {
    }

    private TreeImporter(Path mainFile, ImportOptions options, List<Path> manifests) {
        this.mainFile = mainFile;
        this.options = options;
        this.files = TreeFiles.read(mainFile, warnings, manifests);
        this.trees = files.trees;
        this.models = files.models;
        this.exportedByBtFmu = files.embedded != null;
        this.bindings = exportedByBtFmu ? files.embedded : Bindings.empty();
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
            importer = new TreeImporter(xml, options, manifests);
            mission = importer.run(user);
        } catch (StackOverflowError e) {
            // A last guard: the limits of LenientXml and XmlReader keep real input far from this.
            throw new BtcppException(xml + ":1:1: /: the tree is nested too deeply to import");
        }
        importer.check(mission);
        return new Imported(mission, List.copyOf(importer.warnings));
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

    // ---- documents

    private ObjectNode run(Bindings user) {
        bindings = bindings.overriddenBy(user);
        String mainId = TreeChoice.choose(files, options.tree() != null ? options.tree()
                : bindings.root.hasNonNull("mainTree") ? bindings.root.get("mainTree").asText() : null);
        inference = new NodeInference(options.strict(), warnings, trees.values().stream()
                .map(t -> t.children().get(0)).toList());
        collectSubtrees(mainId, new ArrayDeque<>());
        if (!problems.isEmpty()) {
            throw new BtcppException(problems);
        }
        new InstanceBound(trees).check(mainId);
        ObjectNode mission = json.createObjectNode();
        String name = bindings.root.path("name").asText(identifier(stem(mainFile)));
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
        for (String id : subtreeInfo.keySet()) {
            XmlElement tree = trees.get(id);
            ObjectNode def = json.createObjectNode();
            String description = bindings.subtreeDescriptions.get(id);
            if (description != null) {
                def.put("description", description);
            }
            ObjectNode ports = def.putObject("ports");
            subtreeInfo.get(id).ports.forEach(p -> ports.put(p, ""));
            String pointer = "/subtrees/" + escape(id) + "/tree";
            located.put("/subtrees/" + escape(id), tree);
            def.set("tree", task(tree.children().get(0), new Scope(id), pointer, new HashSet<>(), id + ":", true));
            subtrees.set(id, def);
        }
        XmlElement mainTree = trees.get(mainId);
        ObjectNode rootTask = json.createObjectNode();
        rootTask.put("type", "Root");
        String rootName = identifier(mainId);
        rootTask.put("name", rootName);
        describe(rootTask, rootName, null);
        rootTask.put("endOnTransientResult", true); // BT.CPP: the first tick's result ends the tree
        bindings.root.path("root").fields().forEachRemaining(p -> rootTask.set(p.getKey(), p.getValue()));
        located.put("/tree", mainTree);
        rootTask.putArray("children").add(task(mainTree.children().get(0), new Scope(null), "/tree/children/0",
                new HashSet<>(), rootName + "/", false));
        if (!problems.isEmpty()) {
            throw new BtcppException(problems);
        }
        resolveTypes();
        inference.retype(leafSubtrees, generatedVariables, this::typeOf, this::generated);
        numericConditions(rootTask);
        subtrees.forEach(s -> numericConditions(s.get("tree")));
        subtreeInfo.forEach((id, info) -> {
            ObjectNode ports = (ObjectNode) subtrees.get(id).get("ports");
            info.ports.forEach(p -> ports.put(p, typeOf("p:" + id + ":" + p)));
        });
        leafSubtrees.forEach(subtrees::set);
        mission.set("variables", variables());
        if (!subtrees.isEmpty()) {
            mission.set("subtrees", subtrees);
        }
        mission.set("tree", rootTask);
        if (!problems.isEmpty()) {
            throw new BtcppException(problems);
        }
        UnwrittenKeys.warn(mission, globals, warnings);
        return mission;
    }

    // ---- sub-trees: which are used, their ports, cycles

    private void collectSubtrees(String treeId, Deque<String> stack) {
        stack.push(treeId);
        collectInstances(trees.get(treeId).children().get(0), treeId, stack);
        stack.pop();
    }

    private void collectInstances(XmlElement e, String inTree, Deque<String> stack) {
        String ref = subtreeReference(e);
        if (ref != null) {
            if (!trees.containsKey(ref)) {
                problems.add(e.where() + ": SubTree ID '" + ref + "' names no <BehaviorTree>"
                        + (trees.isEmpty() ? "" : " (defined: " + String.join(", ", trees.keySet()) + ")"));
                return;
            }
            if (stack.contains(ref)) {
                List<String> cycle = new ArrayList<>(stack);
                java.util.Collections.reverse(cycle);
                problems.add(e.where() + ": SubTree cycle: " + String.join(" -> ", cycle.subList(cycle.indexOf(ref),
                        cycle.size())) + " -> " + ref);
                return;
            }
            boolean first = !subtreeInfo.containsKey(ref);
            SubtreeInfo info = subtreeInfo.computeIfAbsent(ref, k -> new SubtreeInfo());
            TreeFiles.NodeModel model = models.get(ref);
            if (model != null) {
                for (TreeFiles.PortModel p : model.ports()) {
                    info.ports.add(p.name());
                    String type = p.type() == null ? null : TypeNames.slotType(p.type());
                    if (type != null) {
                        hint("p:" + ref + ":" + p.name(), type);
                    }
                }
            }
            for (String attr : e.attributes().keySet()) {
                if (!IGNORED.contains(attr) && !attr.startsWith("_")) {
                    info.ports.add(attr);
                }
            }
            if (autoremaps(e)) {
                info.autoremap = true;
            }
            if (first) {
                collectKeys(trees.get(ref).children().get(0), info.keys);
                collectSubtrees(ref, stack);
            }
            if (info.autoremap) {
                info.keys.stream().filter(k -> !k.startsWith("@")).forEach(info.ports::add);
            }
            return;
        }
        for (XmlElement c : e.children()) {
            collectInstances(c, inTree, stack);
        }
    }

    /** {@code _autoremap="true"}, or BT.CPP 3's {@code __autoremap} and {@code __shared_blackboard}. */
    private static boolean autoremaps(XmlElement e) {
        return "true".equals(e.attribute("_autoremap")) || "true".equals(e.attribute("__autoremap"))
                || "true".equals(e.attribute("__shared_blackboard"));
    }

    /** The sub-tree a node refers to, or null. */
    private String subtreeReference(XmlElement e) {
        if (e.name().equals("SubTree") || e.name().equals("SubTreePlus")) {
            String id = e.attribute("ID");
            if (id == null) {
                problems.add(e.where() + ": <SubTree> needs an ID");
            }
            return id;
        }
        if (!CATEGORIES.contains(e.name()) && trees.containsKey(e.name()) && StandardNode.find(e.name()).isEmpty()) {
            return e.name();
        }
        return null;
    }

    /** Keys a subtree's nodes use ({key} port values and script names), for _autoremap. */
    private void collectKeys(XmlElement e, Set<String> keys) {
        for (Map.Entry<String, String> a : e.attributes().entrySet()) {
            String v = a.getValue().strip();
            if (isKeyReference(v)) {
                keys.add(v.substring(1, v.length() - 1).strip());
            } else if (a.getKey().equals("code") || PRECONDITIONS.contains(a.getKey())
                    || POSTCONDITIONS.contains(a.getKey())) {
                try {
                    for (ScriptSyntax.Statement s : ScriptSyntax.parseScript(v)) {
                        if (s.target() != null) {
                            keys.add(s.target());
                        }
                        keysOf(s.value(), keys);
                    }
                } catch (ScriptSyntax.SyntaxError x) {
                    // reported with its location when the node is imported
                }
            } else if (a.getKey().equals("output_key")) {
                keys.add(v);
            }
        }
        if (subtreeReference(e) == null) {
            e.children().forEach(c -> collectKeys(c, keys));
        }
    }

    private void keysOf(ScriptSyntax.Node n, Set<String> keys) {
        if (n instanceof ScriptSyntax.Key k) {
            if (!bindings.enums.containsKey(k.name())) {
                keys.add(k.name());
            }
        } else if (n instanceof ScriptSyntax.Unary u) {
            keysOf(u.operand(), keys);
        } else if (n instanceof ScriptSyntax.Binary b) {
            keysOf(b.left(), keys);
            keysOf(b.right(), keys);
        } else if (n instanceof ScriptSyntax.Ternary t) {
            keysOf(t.condition(), keys);
            keysOf(t.then(), keys);
            keysOf(t.otherwise(), keys);
        }
    }

    static boolean isKeyReference(String v) {
        return v.length() >= 2 && v.startsWith("{") && v.endsWith("}");
    }

    // ---- nodes

    /**
     * The task of one node with its pre- and post-condition wrappers. {@code path} is the
     * task path of the parent plus '/', prefixed with "subtree:" inside a sub-tree (the key of
     * the embedded descriptions).
     */
    private ObjectNode task(XmlElement e, Scope scope, String pointer, Set<String> siblings, String path,
            boolean subtreeTop) {
        located.put(pointer, e);
        List<String> pre = PRECONDITIONS.stream().filter(a -> e.attribute(a) != null).toList();
        List<String> post = POSTCONDITIONS.stream().filter(a -> e.attribute(a) != null).toList();
        if (pre.isEmpty() && post.isEmpty()) {
            return node(e, scope, pointer, siblings, path, subtreeTop);
        }
        // Wrappers are built outside in: the first precondition is checked first.
        String base = baseName(e);
        String wrapperName = unique(base + "_" + (pre.isEmpty() ? post.get(0) : pre.get(0)).substring(1), siblings);
        return wrap(e, scope, pointer, wrapperName, path, new ArrayList<>(pre), new ArrayList<>(post), siblings);
    }

    private ObjectNode wrap(XmlElement e, Scope scope, String pointer, String name, String path, List<String> pre,
            List<String> post, Set<String> outerSiblings) {
        located.put(pointer, e);
        String attr = !pre.isEmpty() ? pre.remove(0) : post.remove(0);
        ObjectNode w = json.createObjectNode();
        String own = path + name;
        String code = e.attribute(attr);
        Set<String> inner = new HashSet<>();
        switch (attr) {
            case "_failureIf", "_successIf", "_skipIf" -> {
                w.put("type", "IfThenElse");
                w.put("name", name);
                describe(w, own, "BT.CPP " + attr + ": checked once when the node starts"
                        + (attr.equals("_skipIf") ? "; skipping counts as SUCCESS." : "."));
                ArrayNode children = w.putArray("children");
                children.add(condition("check", skipCheck(e, attr, predicate(e, attr, code, scope), scope), own + "/",
                        pointer + "/children/0"));
                children.add(condition("result", attr.equals("_failureIf") ? "false" : "true", own + "/",
                        pointer + "/children/1"));
                inner.addAll(List.of("check", "result"));
                children.add(next(e, scope, pointer + "/children/2", own + "/", pre, post, inner));
            }
            case "_while" -> {
                w.put("type", "WhileDoElse");
                w.put("name", name);
                describe(w, own, "BT.CPP _while: watched all the time; false deactivates the node and counts as"
                        + " SUCCESS (SKIPPED).");
                ArrayNode children = w.putArray("children");
                children.add(condition("while", predicate(e, attr, code, scope), own + "/", pointer + "/children/0"));
                inner.addAll(List.of("while", "skipped"));
                children.add(next(e, scope, pointer + "/children/1", own + "/", pre, post, inner));
                children.add(condition("skipped", "true", own + "/", pointer + "/children/2"));
            }
            case "_onHalted" -> {
                w.put("type", "OnHalted");
                w.put("name", name);
                describe(w, own, "BT.CPP _onHalted: the script runs when the node is deactivated (halted) before it"
                        + " returned, not after it finished or failed.");
                w.set("code", assignments(e, attr, code, scope));
                w.putArray("children").add(next(e, scope, pointer + "/children/0", own + "/", pre, post, inner));
            }
            default -> {
                // _onSuccess, _onFailure, _post: IfThenElse(node, then-script, else-script-then-fail)
                w.put("type", "IfThenElse");
                w.put("name", name);
                describe(w, own, "BT.CPP " + attr + ": the script runs when the node has finished.");
                ArrayNode children = w.putArray("children");
                inner.addAll(List.of("on_success", "on_failure", "failed"));
                children.add(next(e, scope, pointer + "/children/0", own + "/", pre, post, inner));
                boolean onSuccess = !attr.equals("_onFailure");
                boolean onFailure = !attr.equals("_onSuccess");
                children.add(onSuccess ? script("on_success", e, attr, code, scope, own + "/", pointer + "/children/1")
                        : condition("on_success", "true", own + "/", pointer + "/children/1"));
                if (onFailure) {
                    ObjectNode fail = json.createObjectNode();
                    fail.put("type", "MemorySequence");
                    fail.put("name", "on_failure");
                    describe(fail, own + "/on_failure", null);
                    fail.putArray("children")
                            .add(script("script", e, attr, code, scope, own + "/on_failure/",
                                    pointer + "/children/2/children/0"))
                            .add(condition("failed", "false", own + "/on_failure/", pointer + "/children/2/children/1"));
                    children.add(fail);
                } else {
                    children.add(condition("failed", "false", own + "/", pointer + "/children/2"));
                }
            }
        }
        return w;
    }

    /** BT.CPP checks _failureIf and _successIf before _skipIf, which wraps them: it skips only when they do not decide. */
    private String skipCheck(XmlElement e, String attr, String check, Scope scope) {
        if (!attr.equals("_skipIf")) {
            return check;
        }
        for (String decides : List.of("_failureIf", "_successIf")) {
            if (e.attribute(decides) != null) {
                check = "(" + check + ") and not (" + predicate(e, decides, e.attribute(decides), scope) + ")";
            }
        }
        return check;
    }

    private ObjectNode next(XmlElement e, Scope scope, String pointer, String path, List<String> pre,
            List<String> post, Set<String> siblings) {
        if (pre.isEmpty() && post.isEmpty()) {
            return node(e, scope, pointer, siblings, path, false);
        }
        String attr = !pre.isEmpty() ? pre.get(0) : post.get(0);
        return wrap(e, scope, pointer, unique(baseName(e) + "_" + attr.substring(1), siblings), path, pre, post,
                siblings);
    }

    private ObjectNode condition(String name, String predicate, String path, String pointer) {
        ObjectNode c = json.createObjectNode();
        c.put("type", "Condition");
        c.put("name", name);
        describe(c, path + name, null);
        c.put("predicate", predicate);
        return c;
    }

    private ObjectNode script(String name, XmlElement e, String attr, String code, Scope scope, String path,
            String pointer) {
        ObjectNode s = json.createObjectNode();
        s.put("type", "Script");
        s.put("name", name);
        describe(s, path + name, null);
        s.set("code", assignments(e, attr, code, scope));
        return s;
    }

    private ObjectNode node(XmlElement e, Scope scope, String pointer, Set<String> siblings, String path,
            boolean subtreeTop) {
        located.put(pointer, e);
        String ref = subtreeReference(e);
        if (ref != null) {
            return subtreeInstance(e, ref, scope, siblings, path);
        }
        String id = CATEGORIES.contains(e.name()) ? e.attribute("ID") : e.name();
        if (id == null || id.isBlank()) {
            throw BtcppException.at(e, "<" + e.name() + "> needs an ID");
        }
        ObjectNode t = json.createObjectNode();
        String name = subtreeTop && e.attribute("name") == null ? null : unique(baseName(e), siblings);
        if (id.startsWith(NATIVE)) {
            nativeTask(e, id.substring(NATIVE.length()), t, name);
        } else {
            StandardNode std = StandardNode.find(id).orElse(null);
            if (std != null) {
                standardTask(e, std, scope, t, name);
            } else if (id.equals("Precondition")) {
                return task(Precondition.asChildCondition(e), scope, pointer, siblings, path, subtreeTop);
            } else if (ControlTemplate.isTemplate(bindings.nodes.get(id))) {
                ControlTemplate template = new ControlTemplate(id, bindings.nodes.get(id), models.get(id));
                template.requireVariables(e, bindings.variables.keySet());
                ObjectNode inner = template.expand(e, name != null ? name : unique(baseName(e), siblings), k -> {
                    String own = path + (name == null ? "" : name) + "/";
                    return task(e.children().get(k), scope, pointer + "/children/" + k, new HashSet<>(), own, false);
                }, (port, raw) -> templateValue(e, port, raw, scope));
                describe(inner, path + inner.path("name").asText(), template.description());
                return inner;
            } else {
                return customLeaf(e, id, scope, siblings, path, name);
            }
        }
        String own = path + (name == null ? "" : name);
        describe(t, own, StandardNode.find(id).map(StandardNode::note).orElse(null));
        if (!e.children().isEmpty()) {
            ArrayNode children = t.putArray("children");
            Set<String> names = new HashSet<>();
            for (int k = 0; k < e.children().size(); k++) {
                children.add(task(e.children().get(k), scope, pointer + "/children/" + k, names, own + "/", false));
            }
        }
        return t;
    }

    private void standardTask(XmlElement e, StandardNode std, Scope scope, ObjectNode t, String name) {
        int n = e.children().size();
        boolean ok = switch (std.children()) {
            case "0" -> n == 0;
            case "1" -> n == 1;
            case "2-3" -> n == 2 || n == 3;
            default -> n >= 1;
        };
        if (!ok) {
            throw BtcppException.at(e, std.btcpp() + " needs " + switch (std.children()) {
                case "0" -> "no children";
                case "1" -> "exactly one child";
                case "2-3" -> "2 or 3 children";
                default -> "at least one child";
            } + ", has " + n);
        }
        t.put("type", std.task());
        if (name != null) {
            t.put("name", name);
        }
        std.fixed().forEach((k, v) -> t.set(k, json.valueToTree(v)));
        if (std.btcpp().equals("SetBlackboard")) {
            setBlackboard(e, scope, t);
            return;
        }
        for (Map.Entry<String, String> a : e.attributes().entrySet()) {
            String attr = a.getKey();
            if (IGNORED.contains(attr) || PRECONDITIONS.contains(attr) || POSTCONDITIONS.contains(attr)) {
                continue;
            }
            String port = StandardNode.PORT_ALIASES.getOrDefault(attr, attr);
            String param = std.ports().get(port);
            if (param == null) {
                throw BtcppException.at(e, std.btcpp() + " has no port '" + attr + "'"
                        + (std.ports().isEmpty() ? "" : " (ports: " + String.join(", ", std.ports().keySet()) + ")"));
            }
            String value = a.getValue().strip();
            switch (param) {
                case "code" -> t.set("code", assignments(e, attr, value, scope));
                case "predicate" -> t.put("predicate", predicate(e, attr, value, scope));
                case "duration" -> t.put("duration", StandardPortValues.milliseconds(e, attr, value) / 1000.0);
                case "thenSkip" -> t.put("thenSkip", StandardPortValues.bool(e, attr, value));
                default -> t.put(param, StandardPortValues.count(e, attr, value, e.children().size()));
            }
        }
        for (String required : List.of("code", "duration", "attempts", "count")) {
            if (std.ports().containsValue(required) && !t.has(required)
                    && !(std.btcpp().equals("KeepRunningUntilFailure"))) {
                String port = std.ports().entrySet().stream().filter(p -> p.getValue().equals(required))
                        .findFirst().orElseThrow().getKey();
                throw BtcppException.at(e, std.btcpp() + " needs the port '" + port + "'");
            }
        }
    }

    private void setBlackboard(XmlElement e, Scope scope, ObjectNode t) {
        String key = e.attribute("output_key");
        String value = e.attribute("value");
        for (String attr : e.attributes().keySet()) {
            if (!attr.equals("output_key") && !attr.equals("value") && !IGNORED.contains(attr)
                    && !PRECONDITIONS.contains(attr) && !POSTCONDITIONS.contains(attr)) {
                throw BtcppException.at(e, "SetBlackboard has no port '" + attr + "' (ports: output_key, value)");
            }
        }
        if (key == null || value == null) {
            throw BtcppException.at(e, "SetBlackboard needs the ports output_key and value");
        }
        key = key.strip();
        if (isKeyReference(key)) {
            key = key.substring(1, key.length() - 1).strip();
        }
        String target = resolve(key, scope, e, "output_key");
        String slot = slotOf(key, scope);
        String expr;
        if (isKeyReference(value.strip())) {
            String source = value.strip().substring(1, value.strip().length() - 1).strip();
            expr = resolve(source, scope, e, "value");
            union(slot, slotOf(source, scope));
        } else {
            String type = KeyTypes.literalType(value);
            hint(slot, type);
            expr = KeyTypes.literalOf(value, type);
        }
        t.putObject("code").put(target, expr);
    }

    private void nativeTask(XmlElement e, String typeName, ObjectNode t, String name) {
        TaskType type = registry.find(typeName).orElseThrow(() -> BtcppException.at(e, "unknown bt-fmu task type '"
                + typeName + "' (ID " + NATIVE + typeName + ")"));
        t.put("type", typeName);
        if (name != null) {
            t.put("name", name);
        }
        Map<String, ParameterSpec> specs = new LinkedHashMap<>();
        type.parameters().forEach(p -> specs.put(p.name(), p));
        for (Map.Entry<String, String> a : e.attributes().entrySet()) {
            if (IGNORED.contains(a.getKey()) || PRECONDITIONS.contains(a.getKey())
                    || POSTCONDITIONS.contains(a.getKey())) {
                continue; // the wrappers of task()
            }
            ParameterSpec spec = specs.get(a.getKey());
            if (spec == null) {
                throw BtcppException.at(e, typeName + " has no parameter '" + a.getKey() + "' (parameters: "
                        + String.join(", ", specs.keySet()) + ")");
            }
            String v = a.getValue();
            try {
                switch (spec.kind()) {
                    case EXPRESSION, STRING -> t.put(spec.name(), v);
                    case ASSIGNMENTS, STATES, TRANSITIONS, REAL, INTEGER, BOOLEAN -> t.set(spec.name(), json.readTree(v));
                    default -> throw new IllegalStateException(spec.kind().toString());
                }
            } catch (com.fasterxml.jackson.core.JsonProcessingException x) {
                throw BtcppException.at(e, "parameter '" + a.getKey() + "' of " + typeName + " is not valid JSON: "
                        + x.getOriginalMessage());
            }
        }
    }

    private ObjectNode subtreeInstance(XmlElement e, String ref, Scope scope, Set<String> siblings, String path) {
        ObjectNode t = json.createObjectNode();
        t.put("type", "SubTree");
        String name = unique(baseName(e), siblings);
        t.put("name", name);
        t.put("subtree", ref);
        String description = bindings.descriptions.get(path + name);
        if (description != null) {
            t.put("description", description);
        }
        SubtreeInfo info = subtreeInfo.get(ref);
        ObjectNode arguments = t.putObject("arguments");
        boolean autoremap = autoremaps(e);
        TreeFiles.NodeModel model = models.get(ref);
        for (String port : info.ports) {
            String portSlot = "p:" + ref + ":" + port;
            String value = e.attribute(port);
            if (value != null && files.format.equals("3") && e.name().equals("SubTree") && !isKeyReference(value.strip())) {
                value = "{" + value.strip() + "}"; // BT.CPP 3's SubTree maps a port to a key, written without braces
            }
            if (value == null && model != null) {
                value = model.ports().stream().filter(p -> p.name().equals(port) && p.defaultValue() != null)
                        .map(p -> p.defaultValue()).findFirst().orElse(null);
            }
            if (value == null && (autoremap || port.equals("_autoremap"))) {
                value = "{" + port + "}";
            }
            if (value == null) {
                // Not remapped here: BT.CPP gives the sub-tree a private entry.
                String privateName = ref + "." + port;
                declareGlobal(privateName, e);
                union(portSlot, "g:" + privateName);
                arguments.put(port, privateName);
                continue;
            }
            argument(e, arguments, port, value.strip(), portSlot, scope);
        }
        return t;
    }

    /** One argument: {key} aliases the caller's entry, anything else is a literal typed by the port. */
    private void argument(XmlElement e, ObjectNode arguments, String port, String value, String portSlot, Scope scope) {
        if (isKeyReference(value)) {
            String key = value.substring(1, value.length() - 1).strip();
            if (key.equals("=")) {
                key = port;
            }
            arguments.put(port, resolve(key, scope, e, port));
            union(portSlot, slotOf(key, scope));
        } else {
            pendingLiterals.add(new PendingLiteral(arguments, port, value, portSlot, e));
            arguments.put(port, value);
        }
    }

    /** A port of a control template: a {key} is the entry's mission name, a literal stays as written. */
    private String templateValue(XmlElement e, String port, String raw, Scope scope) {
        if (isKeyReference(raw)) {
            return resolve(raw.substring(1, raw.length() - 1).strip(), scope, e, port);
        }
        return raw;
    }

    // ---- custom leaves

    private ObjectNode customLeaf(XmlElement e, String id, Scope scope, Set<String> siblings, String path,
            String name) {
        TreeFiles.NodeModel model = models.get(id);
        ObjectNode bound = bindings.nodes.get(id);
        if (model == null && bound == null && UNSUPPORTED.contains(id)) {
            throw BtcppException.at(e, "BehaviorTree.CPP's " + id + " has no bt-fmu counterpart yet (see the"
                    + " node table in docs/btcpp.md)");
        }
        if (model == null && bound == null && e.children().isEmpty()) {
            model = inference.model(e, id);
        }
        if (model == null && bound == null) {
            throw BtcppException.at(e, "unknown node ID '" + id + "': not a BehaviorTree.CPP standard node, not"
                    + " declared in a <TreeNodesModel>, not in the bindings (only a leaf is inferred)");
        }
        if (!e.children().isEmpty()) {
            throw BtcppException.at(e, "custom node '" + id + "' has children: only custom leaves (Action,"
                    + " Condition) have a bt-fmu counterpart");
        }
        String category = e.name().equals("Condition") ? "Condition"
                : model != null ? model.category() : bound.path("tree").path("type").asText().equals("Condition")
                        ? "Condition" : "Action";
        if (!category.equals("Action") && !category.equals("Condition")) {
            throw BtcppException.at(e, "custom " + category + " '" + id + "': only custom leaves (Action,"
                    + " Condition) have a bt-fmu counterpart");
        }
        if (!identifier(id).equals(id)) {
            throw BtcppException.at(e, "node ID '" + id + "' is not an identifier; it names FMU variables ("
                    + id + ".request, ...)");
        }
        if (trees.containsKey(id)) {
            throw BtcppException.at(e, "node ID '" + id + "' is also a BehaviorTree ID");
        }
        Map<String, String> portTypes = new LinkedHashMap<>();
        Map<String, String> directions = new LinkedHashMap<>();
        Map<String, String> defaults = new LinkedHashMap<>();
        if (model != null) {
            for (TreeFiles.PortModel p : model.ports()) {
                directions.put(p.name(), p.direction());
                if (p.defaultValue() != null) {
                    defaults.put(p.name(), p.defaultValue());
                }
                if (bound == null || !bound.path("ports").has(p.name())) {
                    if (p.type() == null) {
                        throw BtcppException.at(p.element(), "port '" + p.name() + "' of " + id + " has no type (give"
                                + " type=\"double|int|bool|std::string\", or its type in the bindings)");
                    }
                    String slotType = TypeNames.slotType(p.type());
                    if (slotType == null) {
                        slotType = bindings.types.get(p.type().strip());
                    }
                    if (slotType == null) {
                        throw BtcppException.at(p.element(), "port '" + p.name() + "' of " + id + " has the type '"
                                + p.type() + "', which has no FMU counterpart (double, int, bool, std::string)");
                    }
                    portTypes.put(p.name(), slotType);
                }
            }
        }
        if (bound != null) {
            bound.path("ports").fields().forEachRemaining(p -> {
                portTypes.put(p.getKey(), p.getValue().asText());
                directions.putIfAbsent(p.getKey(), "inout");
            });
        }
        for (String port : portTypes.keySet()) {
            if (!identifier(port).equals(port)) {
                throw BtcppException.at(model != null ? model.element() : e, "port name '" + port + "' of " + id
                        + " is not an identifier");
            }
        }
        if (!leafSubtrees.containsKey(id)) {
            leafSubtrees.put(id, leafDefinition(id, category, bound, portTypes, directions));
        }
        for (String attr : e.attributes().keySet()) {
            if (!IGNORED.contains(attr) && !PRECONDITIONS.contains(attr) && !POSTCONDITIONS.contains(attr)
                    && !portTypes.containsKey(attr)) {
                throw BtcppException.at(e, id + " has no port '" + attr + "'"
                        + (portTypes.isEmpty() ? "" : " (ports: " + String.join(", ", portTypes.keySet()) + ")"));
            }
        }
        ObjectNode t = json.createObjectNode();
        t.put("type", "SubTree");
        String taskName = name != null ? name : unique(baseName(e), siblings);
        t.put("name", taskName);
        t.put("subtree", id);
        String description = bindings.descriptions.get(path + taskName);
        if (description != null) {
            t.put("description", description);
        }
        ObjectNode arguments = t.putObject("arguments");
        for (Map.Entry<String, String> p : portTypes.entrySet()) {
            String port = p.getKey();
            String slot = inference.slot(id, port, t);
            if (!inference.typeOpen(id, port)) {
                hint(slot, p.getValue());
            }
            String value = e.attribute(port) != null ? e.attribute(port) : defaults.get(port);
            if (e.attribute(port) == null && value != null && !isKeyReference(value.strip())
                    && !p.getValue().equals("String")) {
                try {
                    KeyTypes.literalOf(value, p.getValue());
                } catch (IllegalArgumentException x) {
                    warnings.add("warning: " + e.where() + ": the default '" + value + "' of port '" + port + "' of "
                            + id + " is not a " + p.getValue() + " value; the port is left unset");
                    value = null;
                }
            }
            if (value == null && (inference.isInferred(id) || (model != null && model.element() != null
                    && !model.element().file().equals(mainFile.toString())))) {
                // BT.CPP leaves such a port unset; here it is a private entry nobody writes (also for a bound
                // node: a separate manifest lists every optional port of the node).
                String unset = id + "." + port + "_unset";
                declareGlobal(unset, e);
                union(slot, "g:" + unset);
                arguments.put(port, unset);
                continue;
            }
            if (value == null) {
                throw BtcppException.at(e, "port '" + port + "' of " + id + " has no value and no default");
            }
            value = value.strip();
            if (!isKeyReference(value) && !"input".equals(directions.get(port)) && bound == null
                    && !inference.isInferred(id)) {
                throw BtcppException.at(e, "output port '" + port + "' of " + id + " needs a blackboard key"
                        + " ({key}), got '" + value + "'");
            }
            argument(e, arguments, port, value, slot, scope);
        }
        return t;
    }

    /** The sub-tree a custom leaf becomes: from the bindings, or the default handshake. */
    private ObjectNode leafDefinition(String id, String category, ObjectNode bound, Map<String, String> portTypes,
            Map<String, String> directions) {
        ObjectNode def = json.createObjectNode();
        ObjectNode ports = def.putObject("ports");
        portTypes.forEach(ports::put);
        if (bound != null) {
            if (bound.has("description")) {
                def.set("description", bound.get("description"));
            } else if (!exportedByBtFmu) {
                def.put("description", "BT.CPP " + category + " " + id + ", bound by the bindings file.");
            }
            def.set("tree", bound.get("tree").deepCopy());
            return def;
        }
        Handshake.define(def, id, category, portTypes, directions, this::generated);
        return def;
    }

    private void generated(String name, String causality, String type, String description) {
        if (generatedVariables.containsKey(name) || bindings.variables.containsKey(name)) {
            return;
        }
        ObjectNode v = json.createObjectNode();
        v.put("name", name);
        v.put("causality", causality);
        v.put("type", type);
        v.put("description", description);
        generatedVariables.put(name, v);
    }

    // ---- scripts and values

    private ObjectNode assignments(XmlElement e, String attr, String code, Scope scope) {
        List<ScriptSyntax.Statement> statements;
        try {
            statements = ScriptSyntax.assignOnce(ScriptSyntax.parseScript(code));
        } catch (ScriptSyntax.SyntaxError x) {
            throw scriptError(e, attr, x.column, x.getMessage());
        }
        ObjectNode out = json.createObjectNode();
        for (ScriptSyntax.Statement s : statements) {
            if (s.target() == null) {
                throw scriptError(e, attr, s.column(), "a statement without an assignment has no effect");
            }
            String target = resolve(s.target(), scope, e, attr);
            if (out.has(target)) {
                throw scriptError(e, attr, s.column(), "'" + s.target() + "' is assigned twice in one script; split"
                        + " it into two Scripts");
            }
            typeHints(s.value(), scope, null);
            ScriptSyntax.Node node = s.value();
            if (!s.op().equals(":=") && !s.op().equals("=")) {
                // a += b is a := a + b
                node = new ScriptSyntax.Binary(s.op().substring(0, 1), new ScriptSyntax.Key(s.target(), s.column()),
                        node, s.column());
            }
            String value = render(e, attr, node, scope);
            String slot = slotOf(s.target(), scope);
            typeOfExpression(s.value(), scope).ifPresent(type -> {
                if (type.startsWith("slot:")) {
                    union(slot, type.substring(5));
                } else {
                    hint(slot, type);
                }
            });
            out.put(target, value);
        }
        return out;
    }

    private String predicate(XmlElement e, String attr, String code, Scope scope) {
        ScriptSyntax.Node node;
        try {
            node = ScriptSyntax.parseExpression(code);
        } catch (ScriptSyntax.SyntaxError x) {
            throw scriptError(e, attr, x.column, x.getMessage());
        }
        // BT.CPP casts a number used as a condition to bool: true unless 0.
        if (ScriptSyntax.isNumeric(node) || node instanceof ScriptSyntax.Key k && bindings.enums.containsKey(k.name())) {
            typeHints(node, scope, null);
            return "(" + render(e, attr, node, scope) + ") != 0";
        }
        if (node instanceof ScriptSyntax.Key k) {
            // a bare key: its type is known once every use is seen (numericConditions)
            String rendered = render(e, attr, node, scope);
            bareKeyConditions.add(new String[] {rendered, slotOf(k.name(), scope)});
            return rendered;
        }
        typeHints(node, scope, "Boolean");
        return render(e, attr, node, scope);
    }

    /** A predicate that is a bare numeric key means key != 0, as in BT.CPP. */
    private void numericConditions(JsonNode task) {
        if (task instanceof ObjectNode t && t.path("predicate").isTextual()) {
            String p = t.get("predicate").asText();
            for (String[] c : bareKeyConditions) {
                if (c[0].equals(p) && List.of("Real", "Integer").contains(typeOf(c[1]))) {
                    t.put("predicate", p + " != 0");
                    break;
                }
            }
        }
        task.path("children").forEach(this::numericConditions);
    }

    /** Types the keys of an expression from how it uses them: logic wants Booleans, a comparison its other side's type. */
    private void typeHints(ScriptSyntax.Node n, Scope scope, String expected) {
        if (n instanceof ScriptSyntax.Key k) {
            if (expected != null && !bindings.enums.containsKey(k.name())) {
                hint(slotOf(k.name(), scope), expected);
            }
        } else if (n instanceof ScriptSyntax.Unary u) {
            typeHints(u.operand(), scope, u.op().equals("!") ? "Boolean" : "Real");
        } else if (n instanceof ScriptSyntax.Binary b) {
            if (b.isLogic()) {
                typeHints(b.left(), scope, "Boolean");
                typeHints(b.right(), scope, "Boolean");
            } else if (b.isComparison()) {
                var left = typeOfExpression(b.left(), scope).orElse("Real");
                var right = typeOfExpression(b.right(), scope).orElse("Real");
                if (left.startsWith("slot:") && right.startsWith("slot:")) {
                    union(left.substring(5), right.substring(5));
                }
                typeHints(b.left(), scope, right.startsWith("slot:") ? null : right);
                typeHints(b.right(), scope, left.startsWith("slot:") ? null : left);
            } else {
                typeHints(b.left(), scope, "Real");
                typeHints(b.right(), scope, "Real");
            }
        } else if (n instanceof ScriptSyntax.Ternary t) {
            typeHints(t.condition(), scope, "Boolean");
            typeHints(t.then(), scope, expected);
            typeHints(t.otherwise(), scope, expected);
        }
    }

    private String render(XmlElement e, String attr, ScriptSyntax.Node node, Scope scope) {
        return ScriptSyntax.render(node, k -> {
            Integer constant = bindings.enums.get(k.name());
            if (constant != null) {
                return constant.toString();
            }
            return resolve(k.name(), scope, e, attr + "' column " + k.column() + " '");
        });
    }

    /** "Real", "Boolean", "String", "slot:&lt;slot&gt;" or empty when unknown. */
    private java.util.Optional<String> typeOfExpression(ScriptSyntax.Node n, Scope scope) {
        if (n instanceof ScriptSyntax.Literal l) {
            return java.util.Optional.of(switch (l.kind()) {
                case NUMBER -> "Real";
                case STRING -> "String";
                case BOOLEAN -> "Boolean";
            });
        }
        if (n instanceof ScriptSyntax.Key k) {
            return bindings.enums.containsKey(k.name()) ? java.util.Optional.of("Integer")
                    : java.util.Optional.of("slot:" + slotOf(k.name(), scope));
        }
        if (n instanceof ScriptSyntax.Unary u) {
            return u.op().equals("!") ? java.util.Optional.of("Boolean") : typeOfExpression(u.operand(), scope);
        }
        if (n instanceof ScriptSyntax.Binary b) {
            if (b.isComparison() || b.isLogic()) {
                return java.util.Optional.of("Boolean");
            }
            return java.util.Optional.of("Real");
        }
        return typeOfExpression(((ScriptSyntax.Ternary) n).then(), scope);
    }

    private BtcppException scriptError(XmlElement e, String attr, int column, String message) {
        return BtcppException.at(e, "attribute '" + attr + "', column " + column + ": " + message);
    }

    // ---- blackboard keys

    /** The mission name a key means in a scope; declares the global variable it stands for. */
    private String resolve(String key, Scope scope, XmlElement e, String where) {
        String k = key.strip();
        boolean root = k.startsWith("@");
        if (root) {
            k = k.substring(1);
        }
        if (k.isEmpty()) {
            throw BtcppException.at(e, "'" + where + "': empty blackboard key");
        }
        if (!root && scope.subtree() != null && subtreeInfo.get(scope.subtree()).ports.contains(k)) {
            return k;
        }
        String name = root || scope.subtree() == null ? k : scope.subtree() + "." + k;
        String problem = nameProblem(name);
        if (problem != null) {
            throw BtcppException.at(e, "'" + where + "': blackboard key '" + key + "' " + problem);
        }
        declareGlobal(name, e);
        return name;
    }

    private String slotOf(String key, Scope scope) {
        String k = key.strip();
        if (k.startsWith("@")) {
            return "g:" + k.substring(1);
        }
        if (scope.subtree() != null && subtreeInfo.get(scope.subtree()).ports.contains(k)) {
            return "p:" + scope.subtree() + ":" + k;
        }
        return "g:" + (scope.subtree() == null ? k : scope.subtree() + "." + k);
    }

    private void declareGlobal(String name, XmlElement e) {
        globals.putIfAbsent(name, e);
    }

    private static final Set<String> KEYWORDS = Set.of("if", "then", "else", "and", "or", "not", "true", "false");

    /** Why a name cannot be a mission variable, or null. */
    static String nameProblem(String name) {
        for (String part : name.split("\\.", -1)) {
            if (!part.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                return "is not a name of identifiers joined by '.'";
            }
            if (KEYWORDS.contains(part)) {
                return "is a keyword of the expression language";
            }
        }
        return null;
    }

    // ---- types

    private String typeOf(String slot) {
        if (slot.startsWith("g:")) {
            ObjectNode declared = bindings.variables.get(slot.substring(2));
            if (declared != null && declared.has("type")) {
                return declared.get("type").asText();
            }
        }
        return types.typeOf(slot);
    }

    private void union(String a, String b) {
        types.union(a, b);
    }

    private void hint(String slot, String type) {
        types.hint(slot, type);
    }

    private void resolveTypes() {
        // A key used as a bare condition is Boolean unless something else typed it (hints before win).
        bareKeyConditions.forEach(c -> hint(c[1], "Boolean"));
        // Declared variables are the strongest hints of all.
        bindings.variables.forEach((name, v) -> {
            if (v.has("type")) {
                types.declare("g:" + name, v.get("type").asText());
            }
        });
        for (PendingLiteral p : pendingLiterals) {
            String type = typeOf(p.slot);
            String rendered;
            try {
                rendered = KeyTypes.literalOf(p.raw, type);
            } catch (IllegalArgumentException x) {
                problems.add(p.at.where() + ": port '" + p.port + "': " + x.getMessage());
                continue;
            }
            p.arguments.put(p.port, rendered);
        }
    }

    private ArrayNode variables() {
        ArrayNode out = json.createArrayNode();
        Set<String> done = new HashSet<>();
        bindings.variables.forEach((name, v) -> {
            out.add(v);
            done.add(name);
        });
        generatedVariables.forEach((name, v) -> {
            if (done.add(name)) {
                out.add(v);
            }
        });
        globals.forEach((name, e) -> {
            if (done.add(name)) {
                ObjectNode v = out.addObject();
                v.put("name", name);
                v.put("causality", "local");
                v.put("type", typeOf("g:" + name));
                v.put("holdLast", true);
                v.put("description", "blackboard key of " + e.file() + ":" + e.line());
            }
        });
        return out;
    }

    // ---- names and descriptions

    private String baseName(XmlElement e) {
        String n = e.attribute("name");
        if (n == null || n.isBlank()) {
            n = CATEGORIES.contains(e.name()) || e.name().startsWith("SubTree") ? e.attribute("ID") : e.name();
        }
        if (n != null && n.startsWith(NATIVE)) {
            n = n.substring(NATIVE.length());
        }
        return identifier(n == null ? "task" : n);
    }

    /** {@code s} made an identifier: other characters become '_', a leading digit gets a '_' before it. */
    static String identifier(String s) {
        String id = s.replaceAll("[^A-Za-z0-9_]", "_");
        if (id.isEmpty() || Character.isDigit(id.charAt(0))) {
            id = "_" + id;
        }
        return KEYWORDS.contains(id) ? id + "_" : id;
    }

    /** The next suffix to try per set of sibling names (by identity) and name: 10^5 same-named siblings stay linear. */
    private final Map<Set<String>, Map<String, Integer>> nextSuffix = new java.util.IdentityHashMap<>();

    private String unique(String name, Set<String> used) {
        if (used.add(name)) {
            return name;
        }
        Map<String, Integer> next = nextSuffix.computeIfAbsent(used, k -> new HashMap<>());
        int k = next.getOrDefault(name, 2);
        String n = name + "_" + k;
        while (!used.add(n)) {
            n = name + "_" + ++k;
        }
        next.put(name, k + 1);
        return n;
    }

    private void describe(ObjectNode task, String path, String note) {
        String text = bindings.descriptions.get(path);
        if (text == null && !exportedByBtFmu) {
            text = note;
        }
        if (text != null) {
            task.put("description", text);
        }
    }

    private static String stem(Path file) {
        String n = file.getFileName().toString();
        int dot = n.indexOf('.');
        return (dot > 0 ? n.substring(0, dot) : n).toLowerCase(Locale.ROOT);
    }

    static String escape(String s) {
        return s.replace("~", "~0").replace("/", "~1");
    }

    // ---- checking the result with the mission loader

    private void check(ObjectNode mission) {
        String text = toText(mission);
        if (text.length() > MissionLoader.MAX_FILE_SIZE) {
            throw BtcppException.at(located.get("/tree"), "the imported mission would have " + text.length()
                    + " characters, more than the " + MissionLoader.MAX_FILE_SIZE + " a mission file may have");
        }
        try {
            MissionLoader.load(text, mainFile.toString());
        } catch (MissionException x) {
            List<String> out = new ArrayList<>();
            List<String> declared = List.copyOf(bindings.variables.keySet());
            for (Problem p : x.problems()) {
                String origin = bindingsOrigin(p.pointer(), declared);
                if (origin != null) {
                    out.add(origin + ": " + p.message());
                    continue;
                }
                var at = located.floorEntry(p.pointer());
                while (at != null && !p.pointer().startsWith(at.getKey())) {
                    at = located.lowerEntry(at.getKey());
                }
                String where = at != null ? at.getValue().where() : mainFile.toString();
                out.add(where + ": " + p.message() + " (in the imported mission at " + p.pointer() + ")");
            }
            throw new BtcppException(out);
        }
    }

    private static final Pattern VARIABLE = Pattern.compile("/variables/(\\d+)(/.*)?");

    /**
     * {@code <bindings file>: /variables/<k>/...} for a problem in a variable the bindings declare (they
     * come first in the imported mission's variables, in their order), else null.
     */
    private String bindingsOrigin(String pointer, List<String> declared) {
        var m = VARIABLE.matcher(pointer);
        if (!m.matches()) {
            return null;
        }
        int index = Integer.parseInt(m.group(1));
        String origin = index < declared.size() ? bindings.variableOrigins.get(declared.get(index)) : null;
        return origin == null ? null : origin + (m.group(2) == null ? "" : m.group(2));
    }

}
