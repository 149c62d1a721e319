package org.btfmu.btcpp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.List;
import org.btfmu.core.ParameterKind;
import org.btfmu.core.ParameterSpec;
import org.btfmu.core.TaskType;
import org.btfmu.core.TaskTypeRegistry;

/**
 * When two missions are the same tree, as the round trip import(export(m)) == m promises:
 * their JSON documents are equal after this canonical form, which
 * <ul>
 * <li>drops {@code $schema} (an editor hint);</li>
 * <li>compares numbers by value ({@code 30} = {@code 30.0}: a duration in seconds comes back
 * from milliseconds as a Real);</li>
 * <li>drops task parameters equal to their defaults (absent and default mean the same task);</li>
 * <li>compares expression parameters and sub-tree arguments as text ({@code true} =
 * {@code "true"}, both compile to the same expression).</li>
 * </ul>
 * Everything else must match exactly: names, types, order of children and variables,
 * descriptions, every variable attribute.
 */
public final class SameTree {

    private static final TaskTypeRegistry REGISTRY = TaskTypeRegistry.standard();

    private SameTree() {
    }

    /** The canonical form of a mission document (a copy). */
    public static JsonNode canonical(JsonNode mission) {
        ObjectNode m = (ObjectNode) mission.deepCopy();
        m.remove("$schema");
        if (m.has("tree")) {
            task(m.get("tree"));
        }
        m.path("subtrees").forEach(s -> task(s.get("tree")));
        return numbers(m);
    }

    private static void task(JsonNode node) {
        if (!(node instanceof ObjectNode t)) {
            return;
        }
        String type = t.path("type").asText();
        if (type.equals("SubTree")) {
            JsonNode args = t.get("arguments");
            if (args instanceof ObjectNode a) {
                List<String> keys = new ArrayList<>();
                a.fieldNames().forEachRemaining(keys::add);
                keys.forEach(k -> a.set(k, TextNode.valueOf(a.get(k).asText())));
            }
        }
        TaskType taskType = REGISTRY.find(type).orElse(null);
        if (taskType != null) {
            for (ParameterSpec spec : taskType.parameters()) {
                JsonNode v = t.get(spec.name());
                if (v == null) {
                    continue;
                }
                if (spec.kind() == ParameterKind.EXPRESSION) {
                    t.set(spec.name(), TextNode.valueOf(v.asText()));
                    v = t.get(spec.name());
                }
                if (isDefault(spec, v)) {
                    t.remove(spec.name());
                }
            }
        }
        t.path("children").forEach(SameTree::task);
    }

    private static boolean isDefault(ParameterSpec spec, JsonNode v) {
        Object d = spec.defaultValue();
        if (spec.required() || d == null) {
            return false;
        }
        if (d instanceof Number n) {
            return v.isNumber() && v.asDouble() == n.doubleValue();
        }
        if (d instanceof Boolean b) {
            return spec.kind() == ParameterKind.EXPRESSION ? v.asText().equals(b.toString())
                    : v.isBoolean() && v.booleanValue() == b;
        }
        if (d instanceof String s) {
            return v.isTextual() && v.asText().equals(s);
        }
        if (d instanceof java.util.Collection<?> c) {
            return c.isEmpty() && v.isContainerNode() && v.isEmpty();
        }
        return false;
    }

    private static JsonNode numbers(JsonNode n) {
        if (n.isNumber()) {
            return DoubleNode.valueOf(n.asDouble());
        }
        if (n instanceof ObjectNode o) {
            List<String> keys = new ArrayList<>();
            o.fieldNames().forEachRemaining(keys::add);
            keys.forEach(k -> o.set(k, numbers(o.get(k))));
        } else if (n.isArray()) {
            var a = (com.fasterxml.jackson.databind.node.ArrayNode) n;
            for (int i = 0; i < a.size(); i++) {
                a.set(i, numbers(a.get(i)));
            }
        }
        return n;
    }
}
