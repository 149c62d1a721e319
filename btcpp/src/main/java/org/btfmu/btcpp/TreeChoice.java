package org.btfmu.btcpp;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which {@code <BehaviorTree>} of the files is the mission's main tree. BT.CPP 4 picks it in
 * code ({@code createTree("MainTree")}), so files rarely say. In order: the one asked for
 * ({@code --tree}, the bindings' {@code "mainTree"}), {@code main_tree_to_execute}, the only
 * tree, a tree named {@code MainTree}, the only tree no other tree uses as a SubTree; else an
 * error listing the candidates.
 */
final class TreeChoice {

    static final String CONVENTIONAL = "MainTree";

    private TreeChoice() {
    }

    static String choose(TreeFiles files, String requested) {
        Map<String, XmlElement> trees = files.trees;
        XmlElement root = files.root();
        if (trees.isEmpty()) {
            throw BtcppException.at(root, "the file defines no <BehaviorTree>");
        }
        if (requested != null) {
            if (!trees.containsKey(requested)) {
                throw BtcppException.at(root, "the tree '" + requested + "' asked for is no <BehaviorTree> (defined: "
                        + String.join(", ", trees.keySet()) + ")");
            }
            return requested;
        }
        String main = root.attribute("main_tree_to_execute");
        if (main != null) {
            if (!trees.containsKey(main)) {
                throw BtcppException.at(root, "main_tree_to_execute=\"" + main + "\" names no <BehaviorTree>"
                        + " (defined: " + String.join(", ", trees.keySet()) + ")");
            }
            return main;
        }
        if (trees.size() == 1) {
            return trees.keySet().iterator().next();
        }
        if (trees.containsKey(CONVENTIONAL)) {
            return CONVENTIONAL;
        }
        Set<String> used = new LinkedHashSet<>();
        trees.values().forEach(t -> references(t, trees, used));
        List<String> tops = new ArrayList<>(trees.keySet());
        tops.removeAll(used);
        if (tops.size() == 1) {
            return tops.get(0);
        }
        throw BtcppException.at(root, "several BehaviorTrees (" + String.join(", ", trees.keySet()) + ") and nothing"
                + " to choose one: " + (tops.isEmpty() ? "each is used as a SubTree by another"
                        : String.join(", ", tops) + " are used by no other tree")
                + "; give --tree ID, \"mainTree\" in the bindings or main_tree_to_execute");
    }

    /** IDs of the trees {@code e} uses as SubTrees ({@code <SubTree ID>} or BT.CPP 3's {@code <TreeID/>}). */
    private static void references(XmlElement e, Map<String, XmlElement> trees, Set<String> into) {
        // An explicit stack: a deep file must not exhaust the Java stack here either.
        java.util.ArrayDeque<XmlElement> todo = new java.util.ArrayDeque<>(e.children());
        while (!todo.isEmpty()) {
            XmlElement n = todo.pop();
            String ref = reference(n, trees);
            if (ref != null) {
                into.add(ref);
            } else {
                todo.addAll(n.children());
            }
        }
    }

    /** The tree an element instantiates ({@code <SubTree ID>}, or BT.CPP 3's {@code <TreeID/>}), or null. */
    static String reference(XmlElement n, Map<String, XmlElement> trees) {
        if (n.name().equals("SubTree") || n.name().equals("SubTreePlus")) {
            return n.attribute("ID");
        }
        if (!Set.of("Action", "Condition", "Decorator", "Control").contains(n.name()) && trees.containsKey(n.name())
                && StandardNode.find(n.name()).isEmpty()) {
            return n.name();
        }
        return null;
    }
}
