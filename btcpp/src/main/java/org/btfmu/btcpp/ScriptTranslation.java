package org.btfmu.btcpp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * BT.CPP scripts ({@code Script code}, {@code _onSuccess}, ...) as mission assignments and its
 * conditions ({@code ScriptCondition}, {@code _skipIf}, ...) as predicates, keys renamed by
 * their scope and typed by how the scripts use them: logic wants Booleans, a comparison its
 * other side's type, arithmetic Reals, an assignment its value's type. Errors name the attribute
 * and column.
 */
final class ScriptTranslation {

    private final Bindings bindings;
    private final BlackboardKeys keys;
    /** Conditions that are one key: {rendered key, slot}; see numericConditions. */
    private final List<String[]> bareKeyConditions = new ArrayList<>();

    ScriptTranslation(Bindings bindings, BlackboardKeys keys) {
        this.bindings = bindings;
        this.keys = keys;
    }

    /** A script as the {@code code} of a mission task: target to expression, each target once. */
    ObjectNode assignments(XmlElement e, String attr, String code, Scope scope) {
        List<ScriptSyntax.Statement> statements;
        try {
            statements = ScriptSyntax.assignOnce(ScriptSyntax.parseScript(code));
        } catch (ScriptSyntax.SyntaxError x) {
            throw scriptError(e, attr, x.column, x.getMessage());
        }
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        for (ScriptSyntax.Statement s : statements) {
            if (s.target() == null) {
                throw scriptError(e, attr, s.column(), "a statement without an assignment has no effect");
            }
            String target = keys.resolve(s.target(), scope, e, attr);
            if (out.has(target)) {
                throw scriptError(e, attr, s.column(), "'" + s.target() + "' is assigned twice in one script; split"
                        + " it into two Scripts");
            }
            typeHints(s.value(), scope, null);
            ScriptSyntax.Node node = s.value();
            if (!s.op().equals(":=") && !s.op().equals("=")) {
                // a += b is a := a + b
                node = new ScriptSyntax.Binary(s.op().substring(0, 1), new ScriptSyntax.Key(s.target(), s.column()),
                        node, s.column());
            }
            String value = render(e, attr, node, scope);
            String slot = keys.slotOf(s.target(), scope);
            typeOfExpression(s.value(), scope).ifPresent(type -> {
                if (type.startsWith("slot:")) {
                    keys.union(slot, type.substring(5));
                } else {
                    keys.hint(slot, type);
                }
            });
            out.put(target, value);
        }
        return out;
    }

    /** A condition as a mission predicate. */
    String predicate(XmlElement e, String attr, String code, Scope scope) {
        ScriptSyntax.Node node;
        try {
            node = ScriptSyntax.parseExpression(code);
        } catch (ScriptSyntax.SyntaxError x) {
            throw scriptError(e, attr, x.column, x.getMessage());
        }
        // BT.CPP casts a number used as a condition to bool: true unless 0.
        if (ScriptSyntax.isNumeric(node) || node instanceof ScriptSyntax.Key k && bindings.enums.containsKey(k.name())) {
            typeHints(node, scope, null);
            return "(" + render(e, attr, node, scope) + ") != 0";
        }
        if (node instanceof ScriptSyntax.Key k) {
            // a bare key: its type is known once every use is seen (numericConditions)
            String rendered = render(e, attr, node, scope);
            bareKeyConditions.add(new String[] {rendered, keys.slotOf(k.name(), scope)});
            return rendered;
        }
        typeHints(node, scope, "Boolean");
        return render(e, attr, node, scope);
    }

    /** A key used as a bare condition is Boolean unless something else typed it (hints before win). */
    void typeBareKeyConditions() {
        bareKeyConditions.forEach(c -> keys.hint(c[1], "Boolean"));
    }

    /** Once the keys are typed: a predicate that is a bare numeric key means key != 0, as in BT.CPP. */
    void numericConditions(JsonNode task) {
        if (task instanceof ObjectNode t && t.path("predicate").isTextual()) {
            String p = t.get("predicate").asText();
            for (String[] c : bareKeyConditions) {
                if (c[0].equals(p) && List.of("Real", "Integer").contains(keys.typeOf(c[1]))) {
                    t.put("predicate", p + " != 0");
                    break;
                }
            }
        }
        task.path("children").forEach(this::numericConditions);
    }

    /** Types the keys of an expression from how it uses them: logic wants Booleans, a comparison its other side's type. */
    private void typeHints(ScriptSyntax.Node n, Scope scope, String expected) {
        if (n instanceof ScriptSyntax.Key k) {
            if (expected != null && !bindings.enums.containsKey(k.name())) {
                keys.hint(keys.slotOf(k.name(), scope), expected);
            }
        } else if (n instanceof ScriptSyntax.Unary u) {
            typeHints(u.operand(), scope, u.op().equals("!") ? "Boolean" : "Real");
        } else if (n instanceof ScriptSyntax.Binary b) {
            if (b.isLogic()) {
                typeHints(b.left(), scope, "Boolean");
                typeHints(b.right(), scope, "Boolean");
            } else if (b.isComparison()) {
                var left = typeOfExpression(b.left(), scope).orElse("Real");
                var right = typeOfExpression(b.right(), scope).orElse("Real");
                if (left.startsWith("slot:") && right.startsWith("slot:")) {
                    keys.union(left.substring(5), right.substring(5));
                }
                typeHints(b.left(), scope, right.startsWith("slot:") ? null : right);
                typeHints(b.right(), scope, left.startsWith("slot:") ? null : left);
            } else {
                typeHints(b.left(), scope, "Real");
                typeHints(b.right(), scope, "Real");
            }
        } else if (n instanceof ScriptSyntax.Ternary t) {
            typeHints(t.condition(), scope, "Boolean");
            typeHints(t.then(), scope, expected);
            typeHints(t.otherwise(), scope, expected);
        }
    }

    private String render(XmlElement e, String attr, ScriptSyntax.Node node, Scope scope) {
        return ScriptSyntax.render(node, k -> {
            Integer constant = bindings.enums.get(k.name());
            if (constant != null) {
                return constant.toString();
            }
            return keys.resolve(k.name(), scope, e, attr + "' column " + k.column() + " '");
        });
    }

    /** "Real", "Boolean", "String", "slot:&lt;slot&gt;" or empty when unknown. */
    private Optional<String> typeOfExpression(ScriptSyntax.Node n, Scope scope) {
        if (n instanceof ScriptSyntax.Literal l) {
            return Optional.of(switch (l.kind()) {
                case NUMBER -> "Real";
                case STRING -> "String";
                case BOOLEAN -> "Boolean";
            });
        }
        if (n instanceof ScriptSyntax.Key k) {
            return bindings.enums.containsKey(k.name()) ? Optional.of("Integer")
                    : Optional.of("slot:" + keys.slotOf(k.name(), scope));
        }
        if (n instanceof ScriptSyntax.Unary u) {
            return u.op().equals("!") ? Optional.of("Boolean") : typeOfExpression(u.operand(), scope);
        }
        if (n instanceof ScriptSyntax.Binary b) {
            if (b.isComparison() || b.isLogic()) {
                return Optional.of("Boolean");
            }
            return Optional.of("Real");
        }
        return typeOfExpression(((ScriptSyntax.Ternary) n).then(), scope);
    }

    private static BtcppException scriptError(XmlElement e, String attr, int column, String message) {
        return BtcppException.at(e, "attribute '" + attr + "', column " + column + ": " + message);
    }
}
