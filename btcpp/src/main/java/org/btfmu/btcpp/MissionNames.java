package org.btfmu.btcpp;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Names in the imported mission: a task's name from its node (the name attribute, else the
 * ID), unique among its siblings; identifiers; which blackboard keys can be variable names.
 */
final class MissionNames {

    private static final Set<String> KEYWORDS = Set.of("if", "then", "else", "and", "or", "not", "true", "false");

    /** The next suffix to try per set of sibling names (by identity) and name: 10^5 same-named siblings stay linear. */
    private final Map<Set<String>, Map<String, Integer>> nextSuffix = new IdentityHashMap<>();

    /** The name a node's task starts from: its name attribute, else its ID, as an identifier. */
    static String baseName(XmlElement e) {
        String n = e.attribute("name");
        if (n == null || n.isBlank()) {
            n = TreeFiles.CATEGORIES.contains(e.name()) || e.name().startsWith("SubTree") ? e.attribute("ID") : e.name();
        }
        if (n != null && n.startsWith(NodeTasks.NATIVE)) {
            n = n.substring(NodeTasks.NATIVE.length());
        }
        return identifier(n == null ? "task" : n);
    }

    /** {@code name}, or with the next free suffix _2, _3, ... when a sibling has it; added to {@code used}. */
    String unique(String name, Set<String> used) {
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

    /** {@code s} made an identifier: other characters become '_', a leading digit gets a '_' before it. */
    static String identifier(String s) {
        String id = s.replaceAll("[^A-Za-z0-9_]", "_");
        if (id.isEmpty() || Character.isDigit(id.charAt(0))) {
            id = "_" + id;
        }
        return KEYWORDS.contains(id) ? id + "_" : id;
    }

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

    /** A JSON pointer's reference token for {@code s}. */
    static String escape(String s) {
        return s.replace("~", "~0").replace("/", "~1");
    }
}
