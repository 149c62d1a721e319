package org.btfmu.btcpp;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * BT.CPP's blackboard keys as mission names and their types. A key is one variable per scope:
 * in the main tree and as {@code @key} the variable of that name, in a sub-tree its port when it
 * is one, else {@code <Tree>.<key>}. Each variable a key stands for is declared (a local unless
 * the bindings declare it) and typed in {@link KeyTypes} (entries "g:&lt;variable&gt;" and
 * "p:&lt;tree&gt;:&lt;port&gt;"); port literals are rendered once the types are known.
 */
final class BlackboardKeys {

    private record PendingLiteral(ObjectNode arguments, String port, String raw, String slot, XmlElement at) {
    }

    private final Bindings bindings;
    private final UsedSubtrees subtrees;
    private final KeyTypes types;
    /** The variables keys stand for, with the element that first used each. */
    private final Map<String, XmlElement> globals = new LinkedHashMap<>();
    private final List<PendingLiteral> pendingLiterals = new ArrayList<>();

    BlackboardKeys(Bindings bindings, UsedSubtrees subtrees, KeyTypes types) {
        this.bindings = bindings;
        this.subtrees = subtrees;
        this.types = types;
    }

    /** A port value that names a key: {@code {key}}. */
    static boolean isKeyReference(String v) {
        return v.length() >= 2 && v.startsWith("{") && v.endsWith("}");
    }

    /** The key a {@code {key}} names, without braces and spaces. */
    static String keyIn(String reference) {
        return reference.substring(1, reference.length() - 1).strip();
    }

    /** The mission name a key means in a scope; declares the global variable it stands for. */
    String resolve(String key, Scope scope, XmlElement e, String where) {
        String k = key.strip();
        boolean root = k.startsWith("@");
        if (root) {
            k = k.substring(1);
        }
        if (k.isEmpty()) {
            throw BtcppException.at(e, "'" + where + "': empty blackboard key");
        }
        if (!root && isPort(k, scope)) {
            return k;
        }
        String name = root || scope.subtree() == null ? k : scope.subtree() + "." + k;
        String problem = MissionNames.nameProblem(name);
        if (problem != null) {
            throw BtcppException.at(e, "'" + where + "': blackboard key '" + key + "' " + problem);
        }
        declare(name, e);
        return name;
    }

    /** The type entry of a key in a scope. */
    String slotOf(String key, Scope scope) {
        String k = key.strip();
        if (k.startsWith("@")) {
            return "g:" + k.substring(1);
        }
        if (isPort(k, scope)) {
            return "p:" + scope.subtree() + ":" + k;
        }
        return "g:" + (scope.subtree() == null ? k : scope.subtree() + "." + k);
    }

    private boolean isPort(String key, Scope scope) {
        return scope.subtree() != null && subtrees.info(scope.subtree()).ports.contains(key);
    }

    /** A variable that stands for a key (a local unless the bindings declare it), first used at {@code e}. */
    void declare(String name, XmlElement e) {
        globals.putIfAbsent(name, e);
    }

    /** The variables keys stand for, with the element that first used each. */
    Map<String, XmlElement> declared() {
        return globals;
    }

    /**
     * One argument of a sub-tree instance: {@code {key}} aliases the caller's entry ({@code {=}} the
     * key named as the port), anything else is a literal typed by the port, rendered by {@link #typeLiterals}.
     */
    void bind(XmlElement e, ObjectNode arguments, String port, String value, String portSlot, Scope scope) {
        if (isKeyReference(value)) {
            String key = keyIn(value);
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
    String templateValue(XmlElement e, String port, String raw, Scope scope) {
        if (isKeyReference(raw)) {
            return resolve(keyIn(raw), scope, e, port);
        }
        return raw;
    }

    // ---- types

    /** The type of an entry: a variable's declared type, else what the hints say (Real without any). */
    String typeOf(String slot) {
        if (slot.startsWith("g:")) {
            ObjectNode declared = bindings.variables.get(slot.substring(2));
            if (declared != null && declared.has("type")) {
                return declared.get("type").asText();
            }
        }
        return types.typeOf(slot);
    }

    void union(String a, String b) {
        types.union(a, b);
    }

    void hint(String slot, String type) {
        types.hint(slot, type);
    }

    /**
     * Once every use is seen: the declared variables' types override the hints, and each port
     * literal is rendered in its port's type (a literal that is none is a problem).
     */
    void typeLiterals(List<String> problems) {
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

    /** The mission's variables: the bindings', then the {@code generated} ones, then a local per key. */
    ArrayNode variables(Map<String, ObjectNode> generated) {
        ArrayNode out = JsonNodeFactory.instance.arrayNode();
        Set<String> done = new HashSet<>();
        bindings.variables.forEach((name, v) -> {
            out.add(v);
            done.add(name);
        });
        generated.forEach((name, v) -> {
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
}
