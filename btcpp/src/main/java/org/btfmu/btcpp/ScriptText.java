package org.btfmu.btcpp;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * bt-fmu expressions written back in BT.CPP's script language, for the export: {@code and},
 * {@code or}, {@code not} become {@code &&}, {@code ||}, {@code !}; inside a sub-tree a
 * mission variable that is not a port is written {@code @name} (the root blackboard). The
 * result is used only if importing it gives back exactly the same expression text, so an
 * expression the script language cannot hold (functions, dotted names, if-then-else, double
 * quotes, another spacing) is never mistranslated: the caller exports a btfmu node instead.
 */
final class ScriptText {

    private static final Pattern TOKEN = Pattern.compile("'(?:[^'\\\\]|\\\\.)*'|[A-Za-z_][A-Za-z0-9_]*|[^A-Za-z_']+");
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private final JsonNode ports;

    /** {@code ports}: the ports of the sub-tree the expression is in, or null in the main tree. */
    ScriptText(JsonNode ports) {
        this.ports = ports;
    }

    /** The key a mission name is written as, or null if it is no BT.CPP key. */
    String key(String name) {
        if (!IDENTIFIER.matcher(name).matches()) {
            return null;
        }
        return ports == null || ports.has(name) ? name : "@" + name;
    }

    /** The script for an expression, or null if none imports back to the same text. */
    String script(String expression) {
        StringBuilder out = new StringBuilder();
        Matcher m = TOKEN.matcher(expression);
        while (m.find()) {
            String token = m.group();
            switch (token) {
                case "and" -> out.append("&&");
                case "or" -> out.append("||");
                case "not" -> out.append("!");
                case "if", "then", "else" -> {
                    return null;
                }
                default -> {
                    if (IDENTIFIER.matcher(token).matches() && !token.equals("true") && !token.equals("false")) {
                        out.append(key(token));
                    } else {
                        out.append(token);
                    }
                }
            }
        }
        String script = out.toString();
        try {
            String back = ScriptSyntax.render(ScriptSyntax.parseExpression(script),
                    k -> k.name().startsWith("@") ? k.name().substring(1) : k.name());
            return back.equals(expression) ? script : null;
        } catch (ScriptSyntax.SyntaxError e) {
            return null;
        }
    }
}
