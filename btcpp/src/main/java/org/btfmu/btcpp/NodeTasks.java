package org.btfmu.btcpp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.btfmu.core.ParameterSpec;
import org.btfmu.core.TaskType;
import org.btfmu.core.TaskTypeRegistry;

/**
 * The mission task of each BT.CPP node, by its ID: a standard node by {@link StandardNode}'s
 * table, a {@code btfmu.<Type>} node as that native task, a {@code <SubTree>} as a SubTree task
 * with BT.CPP's port remapping, a control template of the bindings expanded, anything else a
 * {@link CustomLeaves custom leaf}; each inside its {@link ConditionWrappers}.
 */
final class NodeTasks {

    /** The ID prefix of a node that is a bt-fmu task type, as an export writes it. */
    static final String NATIVE = "btfmu.";

    private final ObjectMapper json = new ObjectMapper();
    private final TaskTypeRegistry registry = TaskTypeRegistry.standard();
    private final TreeFiles files;
    private final Bindings bindings;
    private final UsedSubtrees subtrees;
    private final BlackboardKeys keys;
    private final ScriptTranslation scripts;
    private final CustomLeaves leaves;
    private final MissionNames names;
    private final Descriptions descriptions;
    private final MissionCheck check;
    private final ConditionWrappers wrappers;

    NodeTasks(TreeFiles files, Bindings bindings, UsedSubtrees subtrees, BlackboardKeys keys,
            ScriptTranslation scripts, CustomLeaves leaves, MissionNames names, Descriptions descriptions,
            MissionCheck check) {
        this.files = files;
        this.bindings = bindings;
        this.subtrees = subtrees;
        this.keys = keys;
        this.scripts = scripts;
        this.leaves = leaves;
        this.names = names;
        this.descriptions = descriptions;
        this.check = check;
        this.wrappers = new ConditionWrappers(scripts, names, descriptions, check, this::node);
    }

    /**
     * The task of node {@code e} (at JSON pointer {@code pointer}) with its wrappers; {@code path} is
     * the task path of the parent plus '/' (the key of the bindings' descriptions), {@code siblings}
     * the names taken beside it; the top node of a sub-tree keeps no name unless it has one.
     */
    ObjectNode task(XmlElement e, Scope scope, String pointer, Set<String> siblings, String path,
            boolean subtreeTop) {
        return wrappers.task(e, scope, pointer, siblings, path, subtreeTop);
    }

    private ObjectNode node(XmlElement e, Scope scope, String pointer, Set<String> siblings, String path,
            boolean subtreeTop) {
        check.locate(pointer, e);
        String ref = subtrees.reference(e);
        if (ref != null) {
            return subtreeInstance(e, ref, scope, siblings, path);
        }
        String id = TreeFiles.CATEGORIES.contains(e.name()) ? e.attribute("ID") : e.name();
        if (id == null || id.isBlank()) {
            throw BtcppException.at(e, "<" + e.name() + "> needs an ID");
        }
        ObjectNode t = json.createObjectNode();
        String name = subtreeTop && e.attribute("name") == null ? null : names.unique(MissionNames.baseName(e), siblings);
        if (id.startsWith(NATIVE)) {
            nativeTask(e, id.substring(NATIVE.length()), t, name);
        } else {
            StandardNode std = StandardNode.find(id).orElse(null);
            if (std != null) {
                standardTask(e, std, scope, t, name);
            } else if (id.equals("Precondition")) {
                return task(Precondition.asChildCondition(e), scope, pointer, siblings, path, subtreeTop);
            } else if (ControlTemplate.isTemplate(bindings.nodes.get(id))) {
                ControlTemplate template = new ControlTemplate(id, bindings.nodes.get(id), files.models.get(id));
                template.requireVariables(e, bindings.variables.keySet());
                ObjectNode inner = template.expand(e, name != null ? name : names.unique(MissionNames.baseName(e),
                        siblings), k -> {
                            String own = path + (name == null ? "" : name) + "/";
                            return task(e.children().get(k), scope, pointer + "/children/" + k, new HashSet<>(), own,
                                    false);
                        }, (port, raw) -> keys.templateValue(e, port, raw, scope));
                descriptions.describe(inner, path + inner.path("name").asText(), template.description());
                return inner;
            } else {
                return leaves.instance(e, id, scope, siblings, path, name);
            }
        }
        String own = path + (name == null ? "" : name);
        descriptions.describe(t, own, StandardNode.find(id).map(StandardNode::note).orElse(null));
        if (!e.children().isEmpty()) {
            ArrayNode children = t.putArray("children");
            Set<String> taken = new HashSet<>();
            for (int k = 0; k < e.children().size(); k++) {
                children.add(task(e.children().get(k), scope, pointer + "/children/" + k, taken, own + "/", false));
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
            if (!NodeAttributes.isPort(attr)) {
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
                case "code" -> t.set("code", scripts.assignments(e, attr, value, scope));
                case "predicate" -> t.put("predicate", scripts.predicate(e, attr, value, scope));
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
            if (!attr.equals("output_key") && !attr.equals("value") && NodeAttributes.isPort(attr)) {
                throw BtcppException.at(e, "SetBlackboard has no port '" + attr + "' (ports: output_key, value)");
            }
        }
        if (key == null || value == null) {
            throw BtcppException.at(e, "SetBlackboard needs the ports output_key and value");
        }
        key = key.strip();
        if (BlackboardKeys.isKeyReference(key)) {
            key = BlackboardKeys.keyIn(key);
        }
        String target = keys.resolve(key, scope, e, "output_key");
        String slot = keys.slotOf(key, scope);
        String expr;
        if (BlackboardKeys.isKeyReference(value.strip())) {
            String source = BlackboardKeys.keyIn(value.strip());
            expr = keys.resolve(source, scope, e, "value");
            keys.union(slot, keys.slotOf(source, scope));
        } else {
            String type = KeyTypes.literalType(value);
            keys.hint(slot, type);
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
            if (!NodeAttributes.isPort(a.getKey())) {
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
            } catch (JsonProcessingException x) {
                throw BtcppException.at(e, "parameter '" + a.getKey() + "' of " + typeName + " is not valid JSON: "
                        + x.getOriginalMessage());
            }
        }
    }

    /** A {@code <SubTree>}: each port of the sub-tree remapped, given a literal or default, or private to it. */
    private ObjectNode subtreeInstance(XmlElement e, String ref, Scope scope, Set<String> siblings, String path) {
        ObjectNode t = json.createObjectNode();
        t.put("type", "SubTree");
        String name = names.unique(MissionNames.baseName(e), siblings);
        t.put("name", name);
        t.put("subtree", ref);
        descriptions.describe(t, path + name, null);
        ObjectNode arguments = t.putObject("arguments");
        boolean autoremap = UsedSubtrees.autoremaps(e);
        TreeFiles.NodeModel model = files.models.get(ref);
        for (String port : subtrees.info(ref).ports) {
            String portSlot = "p:" + ref + ":" + port;
            String value = e.attribute(port);
            if (value != null && files.format.equals("3") && e.name().equals("SubTree")
                    && !BlackboardKeys.isKeyReference(value.strip())) {
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
                keys.declare(privateName, e);
                keys.union(portSlot, "g:" + privateName);
                arguments.put(port, privateName);
                continue;
            }
            keys.bind(e, arguments, port, value.strip(), portSlot, scope);
        }
        return t;
    }
}
