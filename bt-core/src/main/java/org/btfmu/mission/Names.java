package org.btfmu.mission;

import java.util.regex.Pattern;
import org.btfmu.core.expr.ExpressionParser;

/**
 * Which names a mission file accepts. Variables become FMI variables with the
 * "structured" naming convention (identifiers joined by dots) and must be
 * usable in expressions; task, state, port and sub-tree names are plain
 * identifiers, because task paths become the FMI names {@code status.a.b}.
 */
final class Names {
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern DOTTED = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)*");
    private static final java.util.List<String> KEYWORDS =
            java.util.List.of("true", "false", "if", "then", "else", "and", "or", "not");

    /** The status outputs' name prefix; variables may not use it. */
    static final String STATUS_PREFIX = "status.";
    /** The independent variable: the first column of every result file, so no mission variable's name. */
    static final String TIME = "time";
    static final int MAX_LENGTH = 200;

    private Names() {
    }

    /** Why {@code name} is not a valid variable name, or null if it is. */
    static String variableProblem(String name) {
        if (name.length() > MAX_LENGTH) {
            return "variable name longer than " + MAX_LENGTH + " characters";
        }
        if (!DOTTED.matcher(name).matches()) {
            return "'" + name + "' is not a valid FMI variable name: use letters, digits and '_' "
                    + "(not first), optionally in parts joined by '.'";
        }
        for (String part : name.split("\\.")) {
            if (KEYWORDS.contains(part)) {
                return "'" + name + "' is not a valid variable name: '" + part
                        + "' is a keyword of the expression language";
            }
        }
        return null;
    }

    /** Why {@code name} is not a valid task, state, port or sub-tree name, or null if it is. */
    static String identifierProblem(String name, String what) {
        if (name.length() > MAX_LENGTH) {
            return what + " name longer than " + MAX_LENGTH + " characters";
        }
        if (!IDENTIFIER.matcher(name).matches()) {
            return "'" + name + "' is not a valid " + what + " name: use letters, digits and '_' (not first)";
        }
        if (KEYWORDS.contains(name)) {
            return "'" + name + "' is not a valid " + what + " name: it is a keyword of the expression language";
        }
        return null;
    }

    static String typeName(org.btfmu.core.blackboard.SlotType type) {
        return ExpressionParser.typeName(type);
    }
}
