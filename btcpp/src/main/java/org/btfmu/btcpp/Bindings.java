package org.btfmu.btcpp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What binds a BT.CPP tree to FMU variables, read from a bindings file (or the {@code <BtFmu>}
 * element an export embeds). All keys are optional:
 * <pre>
 * {
 *   "name": "patrol", "description": "...",             the mission's name and description
 *   "statusOutputs": true, "processing": "event-driven",  as in mission files
 *   "variables": [ {mission variable}, ... ],            FMU variables; a blackboard key declared here
 *                                                        is that variable instead of a local
 *   "enums": {"LEFT": 0, "RIGHT": 1},                    names scripts may use as Integer constants
 *   "nodes": "manifest.xml" or ["a.xml", ...]            or: node manifests (TreeNodesModels), as --nodes
 *   "manifests": "manifest.xml" or ["a.xml", ...]        the same, beside a "nodes" object
 *   "nodes": {                                           custom leaves (or control templates) by node ID
 *     "MoveBase": {"ports": {"goal_x": "Real"},          port types (else from the TreeNodesModel)
 *                  "done": "...", "fail": "...", "entry": {...}, "exit": {...}, "outputs": {...}},
 *     "IsBatteryOk": {"predicate": "battery_level > 20"},
 *     "Other": {"tree": {any mission task}}              the leaf's body as a mission task
 *   },
 *   "descriptions": {"task/path": "..."}                 task descriptions (written by the export)
 *   "root": {"terminateWhenDone": true}                  parameters of the mission's Root task
 *   "mainTree": "ID",                                    the tree to import (as --tree)
 *   "libraries": ["nav2"],                               shipped bindings applied under these (as --library)
 *   "types": {"nav_msgs::msg::Path": "Integer"},         slot types of C++ port types bt-fmu does not know
 * }
 * </pre>
 * Expressions are in bt-fmu's expression language and may use the node's port names.
 */
final class Bindings {

    private static final List<String> KEYS = List.of("name", "description", "statusOutputs", "processing",
            "variables", "enums", "nodes", "descriptions", "subtreeDescriptions", "root", "mainTree", "types",
            "libraries", "manifests");
    private static final List<String> TEMPLATE_KEYS = List.of("kind", "children", "ports", "defaults", "description",
            "template", "unsupported", "needs");
    private static final List<String> ACTION_KEYS = List.of("done", "fail", "entry", "exit", "outputs",
            "entryDuration", "exitDuration", "resultHold", "idleResult");

    final ObjectNode root;
    final Map<String, ObjectNode> variables = new LinkedHashMap<>();
    /** Where each variable is declared: {@code <bindings file>: /variables/<k>}, for the loader's problems. */
    final Map<String, String> variableOrigins = new LinkedHashMap<>();
    final Map<String, ObjectNode> nodes = new LinkedHashMap<>();
    final Map<String, Integer> enums = new LinkedHashMap<>();
    final Map<String, String> descriptions = new LinkedHashMap<>();
    final Map<String, String> subtreeDescriptions = new LinkedHashMap<>();
    /** C++ port types the TreeNodesModel uses → slot types, for types bt-fmu does not know (message types). */
    final Map<String, String> types = new LinkedHashMap<>();
    /** Node manifests ({@code "nodes": "file.xml"} or a list), relative to the bindings file. */
    final List<Path> manifests = new java.util.ArrayList<>();
    /** Shipped libraries to apply under these bindings ({@code "libraries": ["nav2"]}, as {@code --library}). */
    final List<String> libraries = new java.util.ArrayList<>();

    private Bindings(ObjectNode root) {
        this.root = root;
    }

    static Bindings empty() {
        return new Bindings(new ObjectMapper().createObjectNode());
    }

    static Bindings read(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new BtcppException(file + ": no such file");
        } catch (IOException e) {
            throw new BtcppException(file + ": cannot read the bindings: " + e.getMessage());
        }
        return parse(text, file.toString(), file.toAbsolutePath().getParent());
    }

    static Bindings parse(String text, String source) {
        return parse(text, source, null);
    }

    /** {@code base}: the directory manifests named in the bindings are relative to (null: none may be named). */
    static Bindings parse(String text, String source, Path base) {
        JsonNode node;
        try {
            node = new ObjectMapper().readTree(text);
        } catch (JsonProcessingException e) {
            var at = e.getLocation();
            throw new BtcppException(source + (at != null ? ":" + at.getLineNr() + ":" + at.getColumnNr() : "")
                    + ": not valid JSON: " + e.getOriginalMessage());
        }
        if (node == null || !node.isObject()) {
            throw new BtcppException(source + ": bindings must be a JSON object");
        }
        Bindings b = new Bindings((ObjectNode) node);
        node.fieldNames().forEachRemaining(k -> {
            if (!KEYS.contains(k)) {
                throw new BtcppException(source + ": /" + k + ": unknown key; bindings take " + KEYS);
            }
        });
        JsonNode variables = node.path("variables");
        if (!variables.isMissingNode()) {
            if (!variables.isArray()) {
                throw new BtcppException(source + ": /variables: must be an array of mission variables");
            }
            for (int k = 0; k < variables.size(); k++) {
                JsonNode v = variables.get(k);
                if (!v.isObject() || !v.path("name").isTextual()) {
                    throw new BtcppException(source + ": /variables/" + k + ": a variable needs a \"name\"");
                }
                b.variables.put(v.get("name").asText(), (ObjectNode) v);
                b.variableOrigins.put(v.get("name").asText(), source + ": /variables/" + k);
            }
        }
        object(node, "root", source);
        object(node, "enums", source).fields().forEachRemaining(e -> {
            if (!e.getValue().isInt()) {
                throw new BtcppException(source + ": /enums/" + e.getKey() + ": must be an integer");
            }
            b.enums.put(e.getKey(), e.getValue().intValue());
        });
        JsonNode nodes = node.path("nodes");
        if (nodes.isTextual() || nodes.isArray()) {
            manifests(nodes, "/nodes", "a list of node manifest files (or an object binding node IDs)", source, base,
                    b.manifests);
            nodes = new ObjectMapper().createObjectNode();
            ((ObjectNode) node).remove("nodes");
        }
        JsonNode manifests = node.path("manifests");
        if (!manifests.isMissingNode()) {
            manifests(manifests, "/manifests", "a node manifest file or a list of them", source, base, b.manifests);
        }
        strings(object(node, "types", source), "types", source, b.types);
        JsonNode libraries = node.path("libraries");
        if (!libraries.isMissingNode()) {
            if (!libraries.isArray()) {
                throw new BtcppException(source + ": /libraries: a list of library names (" + Libraries.NAMES + ")");
            }
            for (JsonNode l : libraries) {
                if (!l.isTextual() || !Libraries.NAMES.contains(l.asText())) {
                    throw new BtcppException(source + ": /libraries: '" + l.asText() + "' is no library ("
                            + Libraries.NAMES + ")");
                }
                b.libraries.add(l.asText());
            }
        }
        if (node.has("mainTree") && !node.get("mainTree").isTextual()) {
            throw new BtcppException(source + ": /mainTree: must be a BehaviorTree ID");
        }
        (nodes.isObject() ? nodes : object(node, "nodes", source)).fields().forEachRemaining(e -> {
            if (!e.getValue().isObject()) {
                throw new BtcppException(source + ": /nodes/" + e.getKey() + ": must be an object");
            }
            b.nodes.put(e.getKey(), normalized(e.getKey(), (ObjectNode) e.getValue(), source));
        });
        strings(object(node, "descriptions", source), "descriptions", source, b.descriptions);
        strings(object(node, "subtreeDescriptions", source), "subtreeDescriptions", source, b.subtreeDescriptions);
        return b;
    }

    /** Node manifest files named at {@code pointer}, relative to {@code base}. */
    private static void manifests(JsonNode names, String pointer, String expected, String source, Path base,
            List<Path> into) {
        for (JsonNode m : names.isArray() ? names : List.of(names)) {
            if (!m.isTextual() || base == null) {
                throw new BtcppException(source + ": " + pointer + ": " + (base == null
                        ? "manifests cannot be named here" : expected));
            }
            into.add(base.resolve(m.asText()));
        }
    }

    private static void strings(JsonNode object, String key, String source, Map<String, String> into) {
        object.fields().forEachRemaining(e -> {
            if (!e.getValue().isTextual()) {
                throw new BtcppException(source + ": /" + key + "/" + e.getKey() + ": must be a string");
            }
            into.put(e.getKey(), e.getValue().asText());
        });
    }

    private static JsonNode object(JsonNode node, String key, String source) {
        JsonNode v = node.path(key);
        if (v.isMissingNode()) {
            return new ObjectMapper().createObjectNode();
        }
        if (!v.isObject()) {
            throw new BtcppException(source + ": /" + key + ": must be an object");
        }
        return v;
    }

    /** A node entry in the long form {"ports", "description", "tree"}. */
    private static ObjectNode normalized(String id, ObjectNode entry, String source) {
        if (entry.has("template") || entry.has("unsupported")) {
            entry.fieldNames().forEachRemaining(k -> {
                if (!TEMPLATE_KEYS.contains(k)) {
                    throw new BtcppException(source + ": /nodes/" + id + "/" + k + ": unknown key; a control or"
                            + " decorator template takes " + TEMPLATE_KEYS);
                }
            });
            if (entry.has("needs") && !entry.get("needs").isObject()) {
                throw new BtcppException(source + ": /nodes/" + id + "/needs: must map variable names to what they"
                        + " hold");
            }
            if (entry.has("template") && !entry.get("template").isObject()) {
                throw new BtcppException(source + ": /nodes/" + id + "/template: must be a mission task");
            }
            String arity = entry.path("children").asText("1+");
            if (!arity.matches("[0-9]+\\+?")) {
                throw new BtcppException(source + ": /nodes/" + id + "/children: a count (\"2\") or a least count"
                        + " (\"1+\"), got '" + arity + "'");
            }
            return entry;
        }
        ObjectNode out = entry.objectNode();
        if (entry.has("ports")) {
            if (!entry.get("ports").isObject()) {
                throw new BtcppException(source + ": /nodes/" + id + "/ports: must map port names to types");
            }
            out.set("ports", entry.get("ports"));
        }
        if (entry.has("description")) {
            out.set("description", entry.get("description"));
        }
        ObjectNode tree = out.objectNode();
        if (entry.has("tree")) {
            if (!entry.get("tree").isObject()) {
                throw new BtcppException(source + ": /nodes/" + id + "/tree: must be a mission task");
            }
            tree = (ObjectNode) entry.get("tree");
        } else if (entry.has("predicate")) {
            tree.put("type", "Condition");
            tree.set("predicate", entry.get("predicate"));
        } else {
            tree.put("type", "Action");
            tree.put("idleResult", false);
        }
        var fields = entry.fieldNames();
        while (fields.hasNext()) {
            String k = fields.next();
            if (ACTION_KEYS.contains(k)) {
                if (!tree.path("type").asText().equals("Action") || entry.has("tree")) {
                    throw new BtcppException(source + ": /nodes/" + id + "/" + k
                            + ": Action parameters go with neither 'predicate' nor 'tree'");
                }
                tree.set(k, entry.get(k));
            } else if (!List.of("ports", "description", "tree", "predicate").contains(k)) {
                throw new BtcppException(source + ": /nodes/" + id + "/" + k + ": unknown key; a node takes ports,"
                        + " description, predicate, tree or the Action parameters " + ACTION_KEYS);
            }
        }
        out.set("tree", tree);
        return out;
    }

    /** These bindings with {@code over}'s entries taking precedence. */
    Bindings overriddenBy(Bindings over) {
        ObjectNode merged = root.deepCopy();
        over.root.fields().forEachRemaining(e -> merged.set(e.getKey(), e.getValue()));
        Bindings b = new Bindings(merged);
        b.variables.putAll(variables);
        b.variables.putAll(over.variables);
        b.variableOrigins.putAll(variableOrigins);
        b.variableOrigins.putAll(over.variableOrigins);
        b.nodes.putAll(nodes);
        b.nodes.putAll(over.nodes);
        b.enums.putAll(enums);
        b.enums.putAll(over.enums);
        b.descriptions.putAll(descriptions);
        b.descriptions.putAll(over.descriptions);
        b.subtreeDescriptions.putAll(subtreeDescriptions);
        b.subtreeDescriptions.putAll(over.subtreeDescriptions);
        b.types.putAll(types);
        b.types.putAll(over.types);
        b.manifests.addAll(manifests);
        b.manifests.addAll(over.manifests);
        return b;
    }
}
