package org.btfmu.btcpp;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A node's pre- and post-conditions ({@code _skipIf}, {@code _while}, {@code _onSuccess},
 * {@code _failureIf}, ...) as tasks around its own, one per attribute, in the order of
 * {@link NodeAttributes#PRECONDITIONS} and {@link NodeAttributes#POSTCONDITIONS}, outside in:
 * IfThenElse for the checks and scripts on a result, WhileDoElse for {@code _while}, OnHalted for
 * {@code _onHalted}.
 */
final class ConditionWrappers {

    /** The node's own task, inside its wrappers. */
    @FunctionalInterface
    interface NodeTask {
        ObjectNode of(XmlElement e, Scope scope, String pointer, Set<String> siblings, String path, boolean subtreeTop);
    }

    private final ScriptTranslation scripts;
    private final MissionNames names;
    private final Descriptions descriptions;
    private final MissionCheck check;
    private final NodeTask node;

    ConditionWrappers(ScriptTranslation scripts, MissionNames names, Descriptions descriptions, MissionCheck check,
            NodeTask node) {
        this.scripts = scripts;
        this.names = names;
        this.descriptions = descriptions;
        this.check = check;
        this.node = node;
    }

    /**
     * The task of one node with its pre- and post-condition wrappers. {@code path} is the
     * task path of the parent plus '/', prefixed with "subtree:" inside a sub-tree (the key of
     * the embedded descriptions).
     */
    ObjectNode task(XmlElement e, Scope scope, String pointer, Set<String> siblings, String path,
            boolean subtreeTop) {
        check.locate(pointer, e);
        List<String> pre = NodeAttributes.PRECONDITIONS.stream().filter(a -> e.attribute(a) != null).toList();
        List<String> post = NodeAttributes.POSTCONDITIONS.stream().filter(a -> e.attribute(a) != null).toList();
        if (pre.isEmpty() && post.isEmpty()) {
            return node.of(e, scope, pointer, siblings, path, subtreeTop);
        }
        // Wrappers are built outside in: the first precondition is checked first.
        String wrapperName = names.unique(MissionNames.baseName(e) + "_"
                + (pre.isEmpty() ? post.get(0) : pre.get(0)).substring(1), siblings);
        return wrap(e, scope, pointer, wrapperName, path, new ArrayList<>(pre), new ArrayList<>(post));
    }

    private ObjectNode wrap(XmlElement e, Scope scope, String pointer, String name, String path, List<String> pre,
            List<String> post) {
        check.locate(pointer, e);
        String attr = !pre.isEmpty() ? pre.remove(0) : post.remove(0);
        ObjectNode w = JsonNodeFactory.instance.objectNode();
        String own = path + name;
        String code = e.attribute(attr);
        Set<String> inner = new HashSet<>();
        switch (attr) {
            case "_failureIf", "_successIf", "_skipIf" -> {
                w.put("type", "IfThenElse");
                w.put("name", name);
                descriptions.describe(w, own, "BT.CPP " + attr + ": checked once when the node starts"
                        + (attr.equals("_skipIf") ? "; skipping counts as SUCCESS." : "."));
                ArrayNode children = w.putArray("children");
                children.add(condition("check", skipCheck(e, attr, scripts.predicate(e, attr, code, scope), scope),
                        own + "/"));
                children.add(condition("result", attr.equals("_failureIf") ? "false" : "true", own + "/"));
                inner.addAll(List.of("check", "result"));
                children.add(next(e, scope, pointer + "/children/2", own + "/", pre, post, inner));
            }
            case "_while" -> {
                w.put("type", "WhileDoElse");
                w.put("name", name);
                descriptions.describe(w, own, "BT.CPP _while: watched all the time; false deactivates the node and"
                        + " counts as SUCCESS (SKIPPED).");
                ArrayNode children = w.putArray("children");
                children.add(condition("while", scripts.predicate(e, attr, code, scope), own + "/"));
                inner.addAll(List.of("while", "skipped"));
                children.add(next(e, scope, pointer + "/children/1", own + "/", pre, post, inner));
                children.add(condition("skipped", "true", own + "/"));
            }
            case "_onHalted" -> {
                w.put("type", "OnHalted");
                w.put("name", name);
                descriptions.describe(w, own, "BT.CPP _onHalted: the script runs when the node is deactivated"
                        + " (halted) before it returned, not after it finished or failed.");
                w.set("code", scripts.assignments(e, attr, code, scope));
                w.putArray("children").add(next(e, scope, pointer + "/children/0", own + "/", pre, post, inner));
            }
            default -> {
                // _onSuccess, _onFailure, _post: IfThenElse(node, then-script, else-script-then-fail)
                w.put("type", "IfThenElse");
                w.put("name", name);
                descriptions.describe(w, own, "BT.CPP " + attr + ": the script runs when the node has finished.");
                ArrayNode children = w.putArray("children");
                inner.addAll(List.of("on_success", "on_failure", "failed"));
                children.add(next(e, scope, pointer + "/children/0", own + "/", pre, post, inner));
                boolean onSuccess = !attr.equals("_onFailure");
                boolean onFailure = !attr.equals("_onSuccess");
                children.add(onSuccess ? script("on_success", e, attr, code, scope, own + "/")
                        : condition("on_success", "true", own + "/"));
                if (onFailure) {
                    ObjectNode fail = JsonNodeFactory.instance.objectNode();
                    fail.put("type", "MemorySequence");
                    fail.put("name", "on_failure");
                    descriptions.describe(fail, own + "/on_failure", null);
                    fail.putArray("children")
                            .add(script("script", e, attr, code, scope, own + "/on_failure/"))
                            .add(condition("failed", "false", own + "/on_failure/"));
                    children.add(fail);
                } else {
                    children.add(condition("failed", "false", own + "/"));
                }
            }
        }
        return w;
    }

    /** BT.CPP checks _failureIf and _successIf before _skipIf, which wraps them: it skips only when they do not decide. */
    private String skipCheck(XmlElement e, String attr, String check, Scope scope) {
        if (!attr.equals("_skipIf")) {
            return check;
        }
        for (String decides : List.of("_failureIf", "_successIf")) {
            if (e.attribute(decides) != null) {
                check = "(" + check + ") and not (" + scripts.predicate(e, decides, e.attribute(decides), scope) + ")";
            }
        }
        return check;
    }

    private ObjectNode next(XmlElement e, Scope scope, String pointer, String path, List<String> pre,
            List<String> post, Set<String> siblings) {
        if (pre.isEmpty() && post.isEmpty()) {
            return node.of(e, scope, pointer, siblings, path, false);
        }
        String attr = !pre.isEmpty() ? pre.get(0) : post.get(0);
        return wrap(e, scope, pointer, names.unique(MissionNames.baseName(e) + "_" + attr.substring(1), siblings), path,
                pre, post);
    }

    private ObjectNode condition(String name, String predicate, String path) {
        ObjectNode c = JsonNodeFactory.instance.objectNode();
        c.put("type", "Condition");
        c.put("name", name);
        descriptions.describe(c, path + name, null);
        c.put("predicate", predicate);
        return c;
    }

    private ObjectNode script(String name, XmlElement e, String attr, String code, Scope scope, String path) {
        ObjectNode s = JsonNodeFactory.instance.objectNode();
        s.put("type", "Script");
        s.put("name", name);
        descriptions.describe(s, path + name, null);
        s.set("code", scripts.assignments(e, attr, code, scope));
        return s;
    }
}
