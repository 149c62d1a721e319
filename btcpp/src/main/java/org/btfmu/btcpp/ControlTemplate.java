package org.btfmu.btcpp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.IntFunction;

/**
 * A custom control or decorator defined in the bindings as a mission task over its children:
 * <pre>
 * "RecoveryNode": {"kind": "Control", "children": "2", "ports": {"number_of_retries": "Integer"},
 *                  "defaults": {"number_of_retries": "1"}, "description": "... differs from Nav2 ...",
 *                  "template": {"type": "Retry", "attempts": "=$number_of_retries + 1",
 *                               "children": [{"type": "MemorySelector", "name": "main_or_recover",
 *                                             "children": ["$child1", ...]}]}}
 * </pre>
 * In the template an array element {@code "$children"} stands for every child task,
 * {@code "$child"} (or {@code "$child1"}, {@code "$child2"}, ...) for one; {@code $port} in a
 * string (a key or a value) is the port's value on the element: a literal as written, a
 * {@code {key}} as the mission name of that entry; a string starting with {@code '='} is a
 * constant arithmetic expression after substitution (a number in the mission), or {@code true}
 * / {@code false} (a Boolean). {@code "needs": {"variable": "what it holds"}} names variables the
 * template reads that the bindings must declare (a travelled distance, a speed). {@code
 * "unsupported": "why"} instead of a template refuses the node with that reason.
 */
final class ControlTemplate {

    private final String id;
    private final ObjectNode entry;
    private final TreeFiles.NodeModel model;

    ControlTemplate(String id, ObjectNode entry, TreeFiles.NodeModel model) {
        this.id = id;
        this.entry = entry;
        this.model = model;
    }

    static boolean isTemplate(ObjectNode entry) {
        return entry != null && (entry.has("template") || entry.has("unsupported"));
    }

    /** Refuses the node at {@code e} unless every variable the template needs is declared. */
    void requireVariables(XmlElement e, java.util.Set<String> declared) {
        Iterator<Map.Entry<String, JsonNode>> needs = entry.path("needs").fields();
        while (needs.hasNext()) {
            Map.Entry<String, JsonNode> need = needs.next();
            if (!declared.contains(need.getKey())) {
                throw BtcppException.at(e, id + " needs the variable '" + need.getKey() + "' ("
                        + need.getValue().asText() + "): declare it in the bindings' \"variables\"");
            }
        }
    }

    String description() {
        return entry.path("description").asText(null);
    }

    /**
     * The task for element {@code e}: {@code child} imports child k, {@code value} turns a port's
     * raw text into its mission form (a key's mission name, or the literal).
     */
    ObjectNode expand(XmlElement e, String name, IntFunction<ObjectNode> child,
            BiFunction<String, String, String> value) {
        if (entry.has("unsupported")) {
            throw BtcppException.at(e, id + " has no bt-fmu counterpart: " + entry.get("unsupported").asText());
        }
        String arity = entry.path("children").asText("1+");
        int n = e.children().size();
        boolean ok = arity.endsWith("+") ? n >= Integer.parseInt(arity.substring(0, arity.length() - 1))
                : n == Integer.parseInt(arity);
        if (!ok) {
            throw BtcppException.at(e, id + " needs " + (arity.endsWith("+") ? "at least " + arity.replace("+", "")
                    : "exactly " + arity) + " " + (arity.equals("1") ? "child" : "children") + ", has " + n);
        }
        Map<String, String> ports = new LinkedHashMap<>();
        if (model != null) {
            model.ports().forEach(p -> ports.put(p.name(), p.defaultValue()));
        }
        entry.path("ports").fieldNames().forEachRemaining(p -> ports.putIfAbsent(p, null));
        entry.path("defaults").fields().forEachRemaining(d -> ports.put(d.getKey(), d.getValue().asText()));
        for (Map.Entry<String, String> a : e.attributes().entrySet()) {
            if (a.getKey().equals("name") || a.getKey().equals("ID") || a.getKey().startsWith("_")) {
                continue;
            }
            if (!ports.containsKey(a.getKey())) {
                throw BtcppException.at(e, id + " has no port '" + a.getKey() + "'"
                        + (ports.isEmpty() ? "" : " (ports: " + String.join(", ", ports.keySet()) + ")"));
            }
            ports.put(a.getKey(), a.getValue());
        }
        Map<String, String> values = new LinkedHashMap<>();
        ports.forEach((port, raw) -> {
            if (raw != null) {
                values.put(port, value.apply(port, raw.strip()));
            }
        });
        JsonNode out = substitute(entry.get("template").deepCopy(), e, values, child, n);
        if (!out.isObject()) {
            throw BtcppException.at(e, "the template of " + id + " is not a mission task");
        }
        ObjectNode task = (ObjectNode) out;
        task.put("name", name);
        return task;
    }

    /** {@code child} imports child k afresh at each place the template names it ({@code count} children). */
    private JsonNode substitute(JsonNode n, XmlElement e, Map<String, String> values, IntFunction<ObjectNode> child,
            int count) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        if (n.isTextual()) {
            String s = text(n.asText(), e, values);
            if (s.startsWith("=")) {
                String constant = s.substring(1).strip();
                if (constant.equals("true") || constant.equals("false")) {
                    return f.booleanNode(constant.equals("true"));
                }
                try {
                    double v = new Arithmetic(s.substring(1)).value();
                    return v == Math.rint(v) && Math.abs(v) < 1e9 ? f.numberNode((int) v) : f.numberNode(v);
                } catch (IllegalArgumentException x) {
                    throw BtcppException.at(e, "a port of " + id + " must be a number here: '" + s.substring(1)
                            + "' (" + x.getMessage() + ")");
                }
            }
            return f.textNode(s);
        }
        if (n.isArray()) {
            ArrayNode out = f.arrayNode();
            for (JsonNode item : n) {
                String s = item.isTextual() ? item.asText() : "";
                if (s.equals("$children")) {
                    for (int k = 0; k < count; k++) {
                        out.add(child.apply(k));
                    }
                } else if (s.matches("\\$child[0-9]*")) {
                    int k = s.length() == 6 ? 0 : Integer.parseInt(s.substring(6)) - 1;
                    if (k >= count) {
                        throw BtcppException.at(e, "the template of " + id + " names " + s + " but the node has "
                                + count + " children");
                    }
                    out.add(child.apply(k));
                } else {
                    out.add(substitute(item, e, values, child, count));
                }
            }
            return out;
        }
        if (n.isObject()) {
            ObjectNode out = f.objectNode();
            Iterator<Map.Entry<String, JsonNode>> fields = n.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                out.set(text(field.getKey(), e, values), substitute(field.getValue(), e, values, child, count));
            }
            return out;
        }
        return n;
    }

    /** {@code $port} replaced by its value, longest port names first. */
    private String text(String s, XmlElement e, Map<String, String> values) {
        if (s.indexOf('$') < 0) {
            return s;
        }
        StringBuilder out = new StringBuilder();
        int k = 0;
        while (k < s.length()) {
            char c = s.charAt(k);
            if (c == '$') {
                int end = k + 1;
                while (end < s.length() && (Character.isLetterOrDigit(s.charAt(end)) || s.charAt(end) == '_')) {
                    end++;
                }
                String port = s.substring(k + 1, end);
                String v = values.get(port);
                if (v == null) {
                    throw BtcppException.at(e, "port '" + port + "' of " + id + " has no value and no default");
                }
                out.append(v);
                k = end;
            } else {
                out.append(c);
                k++;
            }
        }
        return out.toString();
    }

    /** A constant arithmetic expression: numbers, + - * /, parentheses (a template computes 1/hz). */
    private static final class Arithmetic {
        private final String s;
        private int k;

        Arithmetic(String s) {
            this.s = s;
        }

        double value() {
            double v = sum();
            skip();
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException("not a finite number");
            }
            if (k != s.length()) {
                throw new IllegalArgumentException("unexpected '" + s.substring(k) + "'");
            }
            return v;
        }

        private double sum() {
            double v = product();
            for (skip(); k < s.length() && (s.charAt(k) == '+' || s.charAt(k) == '-'); skip()) {
                char op = s.charAt(k++);
                double r = product();
                v = op == '+' ? v + r : v - r;
            }
            return v;
        }

        private double product() {
            double v = atom();
            for (skip(); k < s.length() && (s.charAt(k) == '*' || s.charAt(k) == '/'); skip()) {
                char op = s.charAt(k++);
                double r = atom();
                v = op == '*' ? v * r : v / r;
            }
            return v;
        }

        private double atom() {
            skip();
            if (k < s.length() && s.charAt(k) == '(') {
                k++;
                double v = sum();
                skip();
                if (k >= s.length() || s.charAt(k) != ')') {
                    throw new IllegalArgumentException("missing ')'");
                }
                k++;
                return v;
            }
            int start = k;
            if (k < s.length() && s.charAt(k) == '-') {
                k++;
            }
            while (k < s.length() && (Character.isDigit(s.charAt(k)) || s.charAt(k) == '.' || s.charAt(k) == 'e')) {
                k++;
            }
            try {
                double v = Double.parseDouble(s.substring(start, k));
                if (!Double.isFinite(v)) {
                    throw new NumberFormatException();
                }
                return v;
            } catch (NumberFormatException x) {
                throw new IllegalArgumentException("not a number at '" + s.substring(start) + "'");
            }
        }

        private void skip() {
            while (k < s.length() && s.charAt(k) == ' ') {
                k++;
            }
        }
    }
}
