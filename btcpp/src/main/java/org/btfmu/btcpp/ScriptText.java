package org.btfmu.btcpp;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * bt-fmu expressions written back in BT.CPP's script language, for the export: {@code and},
 * {@code or}, {@code not} become {@code &&}, {@code ||}, {@code !}, {@code if c then a else b}
 * becomes {@code c ? a : b}; inside a sub-tree a variable {@code <subtree>.k} (a key local to
 * the sub-tree, as the import names it) is written {@code k} and another mission variable that
 * is not a port {@code @name} (the root blackboard). The result is used only if importing it
 * gives back exactly the same expression text, so an expression the script language cannot
 * hold (functions, other dotted names, double quotes, another spacing) is never mistranslated:
 * the caller exports a btfmu node instead.
 */
final class ScriptText {

    private static final Pattern TOKEN = Pattern.compile(
            "'(?:[^'\\\\]|\\\\.)*'|[A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z_][A-Za-z0-9_]*)*|[^A-Za-z_']+");
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z_][A-Za-z0-9_]*)*");
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private final JsonNode ports;
    private final String subtree;

    /** {@code ports}: the ports of the sub-tree the expression is in, or null in the main tree. */
    ScriptText(JsonNode ports) {
        this(ports, null);
    }

    /** {@code subtree}: the ID of that sub-tree, whose local keys are named {@code <subtree>.k}. */
    ScriptText(JsonNode ports, String subtree) {
        this.ports = ports;
        this.subtree = subtree;
    }

    /** The key a mission name is written as, or null if it is no BT.CPP key. */
    String key(String name) {
        if (ports != null && subtree != null && name.startsWith(subtree + ".")) {
            String local = name.substring(subtree.length() + 1);
            return IDENTIFIER.matcher(local).matches() && !ports.has(local) ? local : null;
        }
        if (!IDENTIFIER.matcher(name).matches()) {
            return null;
        }
        return ports == null || ports.has(name) ? name : "@" + name;
    }

    /** The mission name a key of the script means (the import's reading). */
    private String name(String key) {
        if (key.startsWith("@")) {
            return key.substring(1);
        }
        return ports == null || ports.has(key) || subtree == null ? key : subtree + "." + key;
    }

    /** The script for an expression, or null if none imports back to the same text. */
    String script(String expression) {
        StringBuilder out = new StringBuilder();
        Matcher m = TOKEN.matcher(expression);
        boolean dropSpace = false;
        while (m.find()) {
            String token = m.group();
            if (dropSpace && token.startsWith(" ")) {
                token = token.substring(1);
                if (token.isEmpty()) {
                    dropSpace = false;
                    continue;
                }
            }
            dropSpace = false;
            switch (token) {
                case "and" -> out.append("&&");
                case "or" -> out.append("||");
                case "not" -> out.append("!");
                case "if" -> dropSpace = true; // "if c then a else b" is "c ? a : b"
                case "then" -> out.append("?");
                case "else" -> out.append(":");
                default -> {
                    if (NAME.matcher(token).matches() && !token.equals("true") && !token.equals("false")) {
                        String key = key(token);
                        if (key == null) {
                            return null;
                        }
                        out.append(key);
                    } else {
                        out.append(token);
                    }
                }
            }
        }
        String script = out.toString();
        try {
            String back = ScriptSyntax.render(ScriptSyntax.parseExpression(script), k -> name(k.name()));
            return back.equals(expression) ? script : null;
        } catch (ScriptSyntax.SyntaxError e) {
            return null;
        }
    }
}
