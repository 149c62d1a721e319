package org.btfmu.btcpp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Custom leaves that no TreeNodesModel, manifest or bindings declare: BT.CPP knows them from the
 * C++ registration, bt-fmu infers them from how the files use them. A leaf is a Condition when
 * written {@code <Condition ID=..>}, else an Action; each attribute used on any of its
 * instances is a port: a {@code {key}} makes it inout (the handshake both shows the entry to
 * the plant and takes the plant's answer) unless some instance gives it a literal, which
 * makes it an input. The port's type is the
 * type of the entries it is remapped to (or of its literals), known only once every key is
 * typed: {@link #retype} fixes the sub-tree's ports and the handshake variables then. One
 * warning per inferred ID; with {@code strict} it is an error instead.
 */
final class NodeInference {

    private final boolean strict;
    private final List<String> warnings;
    private final Map<String, TreeFiles.NodeModel> inferred = new LinkedHashMap<>();
    /** Every instance's attributes by node ID, gathered before the first instance is imported. */
    private final Map<String, List<XmlElement>> uses = new LinkedHashMap<>();

    NodeInference(boolean strict, List<String> warnings, Iterable<XmlElement> trees) {
        this.strict = strict;
        this.warnings = warnings;
        java.util.ArrayDeque<XmlElement> todo = new java.util.ArrayDeque<>();
        trees.forEach(todo::add);
        while (!todo.isEmpty()) {
            XmlElement e = todo.pop();
            String id = e.name().equals("Action") || e.name().equals("Condition") ? e.attribute("ID") : e.name();
            if (id != null && e.children().isEmpty()) {
                uses.computeIfAbsent(id, k -> new ArrayList<>()).add(e);
            }
            todo.addAll(e.children());
        }
    }

    boolean isInferred(String id) {
        return inferred.containsKey(id);
    }

    /** The model of an undeclared leaf, inferred from all its uses; warns once (or refuses under strict). */
    TreeFiles.NodeModel model(XmlElement at, String id) {
        TreeFiles.NodeModel known = inferred.get(id);
        if (known != null) {
            return known;
        }
        String category = at.name().equals("Condition") ? "Condition" : "Action";
        Map<String, Boolean> keyed = new LinkedHashMap<>();
        Map<String, String> literalTypes = new LinkedHashMap<>();
        for (XmlElement use : uses.getOrDefault(id, List.of(at))) {
            for (Map.Entry<String, String> a : use.attributes().entrySet()) {
                if (!NodeAttributes.isPort(a.getKey()) || a.getKey().startsWith("_")) {
                    continue;
                }
                boolean key = BlackboardKeys.isKeyReference(a.getValue().strip());
                keyed.merge(a.getKey(), key, Boolean::logicalOr);
                if (!key) {
                    literalTypes.merge(a.getKey(), KeyTypes.literalType(a.getValue()), NodeInference::wider);
                }
            }
        }
        List<TreeFiles.PortModel> ports = new ArrayList<>();
        List<String> shown = new ArrayList<>();
        keyed.forEach((port, key) -> {
            // A port given a literal anywhere cannot be written: it is an input there and everywhere.
            String direction = category.equals("Action") && key && !literalTypes.containsKey(port) ? "inout" : "input";
            String type = TypeNames.cppType(literalTypes.getOrDefault(port, "Real"));
            ports.add(new TreeFiles.PortModel(port, direction, type, null, at));
            shown.add(port + " (" + direction + ")");
        });
        String message = at.where() + ": inferred '" + id + "' as " + (category.equals("Action") ? "an Action" : "a"
                + " Condition") + (shown.isEmpty() ? " without ports" : " with ports " + String.join(", ", shown))
                + "; give bindings or a TreeNodesModel to say otherwise";
        if (strict) {
            throw new BtcppException(message.replace(": inferred '", ": --strict: undeclared node '"));
        }
        warnings.add("warning: " + message);
        TreeFiles.NodeModel model = new TreeFiles.NodeModel(category, ports, at);
        inferred.put(id, model);
        return model;
    }

    /** Literal types of one port over its uses: a text anywhere makes it a String. */
    private static String wider(String a, String b) {
        return a.equals(b) ? a : "String";
    }

    /** Whether port {@code port} of {@code id} is remapped to keys somewhere: its type is theirs, known later. */
    boolean typedLater(String id, String port) {
        return inferred.containsKey(id) && uses.getOrDefault(id, List.of()).stream()
                .anyMatch(u -> u.attribute(port) != null && BlackboardKeys.isKeyReference(u.attribute(port).strip()));
    }

    /** Whether the port's type is open: remapped to keys and never given a literal that would hint it. */
    boolean typeOpen(String id, String port) {
        return typedLater(id, port) && uses.getOrDefault(id, List.of()).stream()
                .noneMatch(u -> u.attribute(port) != null && !BlackboardKeys.isKeyReference(u.attribute(port).strip()));
    }

    /** Each instance (its SubTree task) of an inferred node, in import order, by node ID. */
    private final Map<String, List<ObjectNode>> instances = new LinkedHashMap<>();

    /**
     * The type slot of a port at one instance: a port typed by its keys gets one slot per instance
     * (so keys of different types do not meet); any other port one slot per node ID.
     */
    String slot(String id, String port, ObjectNode instance) {
        if (!typeOpen(id, port)) {
            return "p:" + id + ":" + port;
        }
        List<ObjectNode> list = instances.computeIfAbsent(id, k -> new ArrayList<>());
        int k = 0;
        while (k < list.size() && list.get(k) != instance) {
            k++;
        }
        if (k == list.size()) {
            list.add(instance);
        }
        return "p:" + id + "#" + k + ":" + port;
    }

    /**
     * Once keys are typed: each inferred port takes its keys' type, in the leaf's sub-tree and in
     * the handshake variables named after it ({@code ID.port}, {@code ID.port_out}). Instances
     * whose keys have other types get a sub-tree of their own, {@code ID_2}, ... (with its own
     * handshake), and a warning.
     */
    void retype(Map<String, ObjectNode> leafSubtrees, Map<String, ObjectNode> generated,
            Function<String, String> typeOfSlot, Handshake.Variables variables) {
        inferred.forEach((id, model) -> {
            List<ObjectNode> list = instances.getOrDefault(id, List.of());
            Map<List<String>, String> variants = new LinkedHashMap<>();
            for (int k = 0; k < list.size(); k++) {
                List<String> signature = new ArrayList<>();
                for (TreeFiles.PortModel p : model.ports()) {
                    signature.add(typeOfSlot.apply(typeOpen(id, p.name()) ? "p:" + id + "#" + k + ":" + p.name()
                            : "p:" + id + ":" + p.name()));
                }
                String variant = variants.computeIfAbsent(signature, sig -> variants.isEmpty() ? id
                        : id + "_" + (variants.size() + 1));
                list.get(k).put("subtree", variant);
            }
            if (variants.isEmpty()) {
                return;
            }
            for (Map.Entry<List<String>, String> v : variants.entrySet()) {
                Map<String, String> portTypes = new LinkedHashMap<>();
                Map<String, String> directions = new LinkedHashMap<>();
                for (int j = 0; j < model.ports().size(); j++) {
                    portTypes.put(model.ports().get(j).name(), v.getKey().get(j));
                    directions.put(model.ports().get(j).name(), model.ports().get(j).direction());
                }
                ObjectNode def = leafSubtrees.get(id).objectNode();
                def.putObject("ports");
                portTypes.forEach(((ObjectNode) def.get("ports"))::put);
                // The handshake variables of the first definition were made with provisional types.
                portTypes.keySet().forEach(port -> {
                    generated.remove(v.getValue() + "." + port);
                    generated.remove(v.getValue() + "." + port + Handshake.INOUT_SUFFIX);
                });
                Handshake.define(def, v.getValue(), model.category(), portTypes, directions, variables);
                leafSubtrees.put(v.getValue(), def);
            }
            if (variants.size() > 1) {
                warnings.add("warning: " + model.element().where() + ": '" + id + "' is given keys of different types"
                        + " at " + ports(model) + "; imported as " + String.join(", ", variants.values())
                        + ", one handshake per combination of types " + variants.keySet());
            }
        });
    }

    private static String ports(TreeFiles.NodeModel model) {
        return model.ports().stream().map(TreeFiles.PortModel::name).toList().toString();
    }
}
