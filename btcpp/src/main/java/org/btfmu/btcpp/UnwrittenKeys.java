package org.btfmu.btcpp;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Blackboard keys that become local variables but that nothing writes: no script, no action
 * output, no sub-tree port that is written inside, no FMU input. In BT.CPP reading such a key
 * is an error at run time; here it reads its start value, so the import warns (a remapping to
 * a misspelt key, an enum the C++ code registered).
 */
final class UnwrittenKeys {

    private static final List<String> ASSIGNING = List.of("code", "entry", "exit", "outputs");

    private UnwrittenKeys() {
    }

    static void warn(JsonNode mission, Map<String, XmlElement> globals, List<String> warnings) {
        Map<String, JsonNode> bodies = new HashMap<>();
        mission.path("subtrees").fields().forEachRemaining(d -> bodies.put(d.getKey(), d.getValue().path("tree")));
        // Which ports each sub-tree writes, to a fixed point through nested instances.
        Map<String, Set<String>> writes = new HashMap<>();
        bodies.keySet().forEach(id -> writes.put(id, new HashSet<>()));
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Map.Entry<String, JsonNode> b : bodies.entrySet()) {
                changed |= writes.get(b.getKey()).addAll(written(b.getValue(), writes));
            }
        }
        Set<String> all = new HashSet<>(written(mission.path("tree"), writes));
        writes.values().forEach(all::addAll);
        for (JsonNode v : mission.path("variables")) {
            String name = v.path("name").asText();
            XmlElement at = globals.get(name);
            if (at != null && v.path("causality").asText().equals("local") && !all.contains(name)
                    && !name.endsWith("_unset")) {
                warnings.add("warning: " + at.where() + ": blackboard key '" + name + "' is read but nothing writes it"
                        + " (no script, output port or FMU input): it keeps its start value; a constant the C++ code"
                        + " registers belongs in the bindings' \"enums\", a value the plant gives in their \"variables\"");
            }
        }
    }

    /** Names assigned in one tree body: assignment targets, and arguments bound to ports the sub-tree writes. */
    private static Set<String> written(JsonNode tree, Map<String, Set<String>> writes) {
        Set<String> out = new HashSet<>();
        ArrayDeque<JsonNode> todo = new ArrayDeque<>();
        todo.push(tree);
        while (!todo.isEmpty()) {
            JsonNode t = todo.pop();
            for (String k : ASSIGNING) {
                t.path(k).fieldNames().forEachRemaining(out::add);
            }
            if (t.path("type").asText().equals("SubTree")) {
                Set<String> ports = writes.getOrDefault(t.path("subtree").asText(), Set.of());
                t.path("arguments").fields().forEachRemaining(a -> {
                    if (ports.contains(a.getKey())) {
                        out.add(a.getValue().asText());
                    }
                });
            }
            t.path("children").forEach(todo::push);
        }
        return out;
    }
}
