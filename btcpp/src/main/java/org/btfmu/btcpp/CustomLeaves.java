package org.btfmu.btcpp;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Custom leaves (Actions and Conditions the C++ code registers) as instances of a mission
 * sub-tree named by the node ID, whose ports are the node's ports: its body from the bindings,
 * or the default {@link Handshake} over FMU variables; its ports from the TreeNodesModel, the
 * bindings or {@link NodeInference}. Each instance passes its own port values.
 */
final class CustomLeaves {

    /** BT.CPP nodes with no bt-fmu counterpart yet: named in the error instead of "unknown". */
    private static final Set<String> UNSUPPORTED = Set.of("Switch2", "Switch3", "Switch4", "Switch5", "Switch6",
            "Precondition", "LoopInt", "LoopDouble", "LoopBool", "LoopString", "ManualSelector", "TryCatch",
            "SkipUnlessUpdated", "WaitValueUpdate", "WasEntryUpdated", "EntryUpdated", "ReactiveParallel",
            "ParallelFirst", "BlackboardCheckInt", "BlackboardCheckDouble", "BlackboardCheckString",
            "BlackboardCheckBool", "UnsetBlackboard", "PopFromQueue", "QueueSize", "FallbackStar");

    private final Path mainFile;
    private final TreeFiles files;
    private final Bindings bindings;
    private final NodeInference inference;
    private final BlackboardKeys keys;
    private final MissionNames names;
    private final Descriptions descriptions;
    private final List<String> warnings;
    /** The sub-tree of each custom leaf by node ID (more than one per ID once {@link #retype} splits). */
    private final Map<String, ObjectNode> definitions = new LinkedHashMap<>();
    /** The FMU variables the default handshakes need, by name. */
    private final Map<String, ObjectNode> variables = new LinkedHashMap<>();

    CustomLeaves(Path mainFile, TreeFiles files, Bindings bindings, NodeInference inference, BlackboardKeys keys,
            MissionNames names, Descriptions descriptions, List<String> warnings) {
        this.mainFile = mainFile;
        this.files = files;
        this.bindings = bindings;
        this.inference = inference;
        this.keys = keys;
        this.names = names;
        this.descriptions = descriptions;
        this.warnings = warnings;
    }

    /** The sub-trees of the custom leaves by ID. */
    Map<String, ObjectNode> definitions() {
        return definitions;
    }

    /** The FMU variables the default handshakes need. */
    Map<String, ObjectNode> variables() {
        return variables;
    }

    /** Once keys are typed: the inferred leaves' ports take their keys' types (see {@link NodeInference#retype}). */
    void retype() {
        inference.retype(definitions, variables, keys::typeOf, this::variable);
    }

    /** The SubTree task of one instance of custom leaf {@code id}; defines its sub-tree at the first. */
    ObjectNode instance(XmlElement e, String id, Scope scope, Set<String> siblings, String path, String name) {
        TreeFiles.NodeModel model = files.models.get(id);
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
                    + " declared in a <TreeNodesModel>, not in the bindings (only a leaf is inferred)"
                    + Libraries.hint(id));
        }
        if (!e.children().isEmpty()) {
            throw BtcppException.at(e, "custom node '" + id + "' has children: only custom leaves (Action,"
                    + " Condition) have a bt-fmu counterpart" + (bound == null ? Libraries.hint(id) : ""));
        }
        String category = e.name().equals("Condition") ? "Condition"
                : model != null ? model.category() : bound.path("tree").path("type").asText().equals("Condition")
                        ? "Condition" : "Action";
        if (!category.equals("Action") && !category.equals("Condition")) {
            throw BtcppException.at(e, "custom " + category + " '" + id + "': only custom leaves (Action,"
                    + " Condition) have a bt-fmu counterpart" + (bound == null ? Libraries.hint(id) : ""));
        }
        if (!MissionNames.identifier(id).equals(id)) {
            throw BtcppException.at(e, "node ID '" + id + "' is not an identifier; it names FMU variables ("
                    + id + ".request, ...)");
        }
        if (files.trees.containsKey(id)) {
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
                    portTypes.put(p.name(), portType(id, p));
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
            if (!MissionNames.identifier(port).equals(port)) {
                throw BtcppException.at(model != null ? model.element() : e, "port name '" + port + "' of " + id
                        + " is not an identifier");
            }
        }
        if (!definitions.containsKey(id)) {
            definitions.put(id, definition(id, category, bound, portTypes, directions));
        }
        for (String attr : e.attributes().keySet()) {
            if (NodeAttributes.isPort(attr) && !portTypes.containsKey(attr)) {
                throw BtcppException.at(e, id + " has no port '" + attr + "'"
                        + (portTypes.isEmpty() ? "" : " (ports: " + String.join(", ", portTypes.keySet()) + ")"));
            }
        }
        ObjectNode t = JsonNodeFactory.instance.objectNode();
        t.put("type", "SubTree");
        String taskName = name != null ? name : names.unique(MissionNames.baseName(e), siblings);
        t.put("name", taskName);
        t.put("subtree", id);
        descriptions.describe(t, path + taskName, null);
        ObjectNode arguments = t.putObject("arguments");
        for (Map.Entry<String, String> p : portTypes.entrySet()) {
            String port = p.getKey();
            String slot = inference.slot(id, port, t);
            if (!inference.typeOpen(id, port)) {
                keys.hint(slot, p.getValue());
            }
            String value = e.attribute(port) != null ? e.attribute(port) : defaults.get(port);
            if (e.attribute(port) == null && value != null && !BlackboardKeys.isKeyReference(value.strip())
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
                keys.declare(unset, e);
                keys.union(slot, "g:" + unset);
                arguments.put(port, unset);
                continue;
            }
            if (value == null) {
                throw BtcppException.at(e, "port '" + port + "' of " + id + " has no value and no default");
            }
            value = value.strip();
            if (!BlackboardKeys.isKeyReference(value) && !"input".equals(directions.get(port)) && bound == null
                    && !inference.isInferred(id)) {
                throw BtcppException.at(e, "output port '" + port + "' of " + id + " needs a blackboard key"
                        + " ({key}), got '" + value + "'");
            }
            keys.bind(e, arguments, port, value, slot, scope);
        }
        return t;
    }

    /** The slot type of a port of the TreeNodesModel: by its C++ type, or the bindings' "types". */
    private String portType(String id, TreeFiles.PortModel p) {
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
        return slotType;
    }

    /** The sub-tree a custom leaf becomes: from the bindings, or the default handshake. */
    private ObjectNode definition(String id, String category, ObjectNode bound, Map<String, String> portTypes,
            Map<String, String> directions) {
        ObjectNode def = JsonNodeFactory.instance.objectNode();
        ObjectNode ports = def.putObject("ports");
        portTypes.forEach(ports::put);
        if (bound != null) {
            if (bound.has("description")) {
                def.set("description", bound.get("description"));
            } else if (!descriptions.exportedByBtFmu()) {
                def.put("description", "BT.CPP " + category + " " + id + ", bound by the bindings file.");
            }
            def.set("tree", bound.get("tree").deepCopy());
            return def;
        }
        Handshake.define(def, id, category, portTypes, directions, this::variable);
        return def;
    }

    private void variable(String name, String causality, String type, String description) {
        if (variables.containsKey(name) || bindings.variables.containsKey(name)) {
            return;
        }
        ObjectNode v = JsonNodeFactory.instance.objectNode();
        v.put("name", name);
        v.put("causality", causality);
        v.put("type", type);
        v.put("description", description);
        variables.put(name, v);
    }
}
