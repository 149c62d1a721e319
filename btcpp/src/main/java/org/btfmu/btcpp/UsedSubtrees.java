package org.btfmu.btcpp;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code <BehaviorTree>}s a tree uses through {@code <SubTree>} (transitively, in the order
 * first met) and their ports: the attributes of every instance, the TreeNodesModel's ports (whose
 * types hint the port's type), and with {@code _autoremap} every key the sub-tree uses. Unknown
 * IDs and cycles are problems.
 */
final class UsedSubtrees {

    /** A used sub-tree: its ports, the keys its nodes use, whether an instance remaps everything automatically. */
    static final class Info {
        final Set<String> ports = new LinkedHashSet<>();
        private final Set<String> keys = new LinkedHashSet<>();
        private boolean autoremap;
    }

    private final Map<String, XmlElement> trees;
    private final Map<String, TreeFiles.NodeModel> models;
    private final Bindings bindings;
    private final KeyTypes types;
    private final List<String> problems;
    private final Map<String, Info> used = new LinkedHashMap<>();

    UsedSubtrees(TreeFiles files, Bindings bindings, KeyTypes types, List<String> problems) {
        this.trees = files.trees;
        this.models = files.models;
        this.bindings = bindings;
        this.types = types;
        this.problems = problems;
    }

    /** Collects the sub-trees tree {@code treeId} uses; problems go to the problem list. */
    void collect(String treeId) {
        collect(treeId, new ArrayDeque<>());
    }

    /** The used sub-trees by ID, in the order first met. */
    Map<String, Info> used() {
        return used;
    }

    Info info(String id) {
        return used.get(id);
    }

    private void collect(String treeId, Deque<String> stack) {
        stack.push(treeId);
        collectInstances(trees.get(treeId).children().get(0), stack);
        stack.pop();
    }

    private void collectInstances(XmlElement e, Deque<String> stack) {
        String ref = reference(e);
        if (ref != null) {
            if (!trees.containsKey(ref)) {
                problems.add(e.where() + ": SubTree ID '" + ref + "' names no <BehaviorTree>"
                        + (trees.isEmpty() ? "" : " (defined: " + String.join(", ", trees.keySet()) + ")"));
                return;
            }
            if (stack.contains(ref)) {
                List<String> cycle = new ArrayList<>(stack);
                Collections.reverse(cycle);
                problems.add(e.where() + ": SubTree cycle: " + String.join(" -> ", cycle.subList(cycle.indexOf(ref),
                        cycle.size())) + " -> " + ref);
                return;
            }
            boolean first = !used.containsKey(ref);
            Info info = used.computeIfAbsent(ref, k -> new Info());
            TreeFiles.NodeModel model = models.get(ref);
            if (model != null) {
                for (TreeFiles.PortModel p : model.ports()) {
                    info.ports.add(p.name());
                    String type = p.type() == null ? null : TypeNames.slotType(p.type());
                    if (type != null) {
                        types.hint("p:" + ref + ":" + p.name(), type);
                    }
                }
            }
            for (String attr : e.attributes().keySet()) {
                if (!NodeAttributes.IGNORED.contains(attr) && !attr.startsWith("_")) {
                    info.ports.add(attr);
                }
            }
            if (autoremaps(e)) {
                info.autoremap = true;
            }
            if (first) {
                collectKeys(trees.get(ref).children().get(0), info.keys);
                collect(ref, stack);
            }
            if (info.autoremap) {
                info.keys.stream().filter(k -> !k.startsWith("@")).forEach(info.ports::add);
            }
            return;
        }
        for (XmlElement c : e.children()) {
            collectInstances(c, stack);
        }
    }

    /** {@code _autoremap="true"}, or BT.CPP 3's {@code __autoremap} and {@code __shared_blackboard}. */
    static boolean autoremaps(XmlElement e) {
        return "true".equals(e.attribute("_autoremap")) || "true".equals(e.attribute("__autoremap"))
                || "true".equals(e.attribute("__shared_blackboard"));
    }

    /** The sub-tree a node refers to, or null; a {@code <SubTree>} without an ID is a problem. */
    String reference(XmlElement e) {
        if (e.name().equals("SubTree") || e.name().equals("SubTreePlus")) {
            String id = e.attribute("ID");
            if (id == null) {
                problems.add(e.where() + ": <SubTree> needs an ID");
            }
            return id;
        }
        if (!TreeFiles.CATEGORIES.contains(e.name()) && trees.containsKey(e.name())
                && StandardNode.find(e.name()).isEmpty()) {
            return e.name();
        }
        return null;
    }

    /** Keys a subtree's nodes use ({key} port values and script names), for _autoremap. */
    private void collectKeys(XmlElement e, Set<String> keys) {
        for (Map.Entry<String, String> a : e.attributes().entrySet()) {
            String v = a.getValue().strip();
            if (BlackboardKeys.isKeyReference(v)) {
                keys.add(BlackboardKeys.keyIn(v));
            } else if (a.getKey().equals("code") || NodeAttributes.isCondition(a.getKey())) {
                try {
                    for (ScriptSyntax.Statement s : ScriptSyntax.parseScript(v)) {
                        if (s.target() != null) {
                            keys.add(s.target());
                        }
                        keysOf(s.value(), keys);
                    }
                } catch (ScriptSyntax.SyntaxError x) {
                    // reported with its location when the node is imported
                }
            } else if (a.getKey().equals("output_key")) {
                keys.add(v);
            }
        }
        if (reference(e) == null) {
            e.children().forEach(c -> collectKeys(c, keys));
        }
    }

    private void keysOf(ScriptSyntax.Node n, Set<String> keys) {
        if (n instanceof ScriptSyntax.Key k) {
            if (!bindings.enums.containsKey(k.name())) {
                keys.add(k.name());
            }
        } else if (n instanceof ScriptSyntax.Unary u) {
            keysOf(u.operand(), keys);
        } else if (n instanceof ScriptSyntax.Binary b) {
            keysOf(b.left(), keys);
            keysOf(b.right(), keys);
        } else if (n instanceof ScriptSyntax.Ternary t) {
            keysOf(t.condition(), keys);
            keysOf(t.then(), keys);
            keysOf(t.otherwise(), keys);
        }
    }
}
