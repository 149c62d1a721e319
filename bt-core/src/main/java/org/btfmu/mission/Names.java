package org.btfmu.mission;

import org.btfmu.core.expr.ExpressionParser;

/**
 * Which names a mission file accepts. Variables become FMI variables with the
 * "structured" naming convention (identifiers joined by dots) and must be
 * usable in expressions; task, state, port and sub-tree names are plain
 * identifiers, because task paths become the FMI names {@code status.a.b}.
 */
final class Names {
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
        if (!dotted(name)) {
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
        if (!identifier(name, 0, name.length())) {
            return "'" + name + "' is not a valid " + what + " name: use letters, digits and '_' (not first)";
        }
        if (KEYWORDS.contains(name)) {
            return "'" + name + "' is not a valid " + what + " name: it is a keyword of the expression language";
        }
        return null;
    }

    // Character loops, not regular expressions: every name of a mission is checked at
    // fmi2Instantiate on the importer's thread, where compiling and running a Pattern is
    // interpreted code running for the first time (BENCHMARKS.md section 6).

    /** Whether the name is identifiers joined by single dots: [A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*. */
    static boolean dotted(String name) {
        int start = 0;
        while (true) {
            int dot = name.indexOf('.', start);
            int end = dot < 0 ? name.length() : dot;
            if (!identifier(name, start, end)) {
                return false;
            }
            if (dot < 0) {
                return true;
            }
            start = dot + 1;
        }
    }

    /** Whether name[from, to) is an identifier: [A-Za-z_][A-Za-z0-9_]*. */
    static boolean identifier(String name, int from, int to) {
        if (from >= to || !letter(name.charAt(from))) {
            return false;
        }
        for (int i = from + 1; i < to; i++) {
            char c = name.charAt(i);
            if (!letter(c) && (c < '0' || c > '9')) {
                return false;
            }
        }
        return true;
    }

    private static boolean letter(char c) {
        return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '_';
    }

    static String typeName(org.btfmu.core.blackboard.SlotType type) {
        return ExpressionParser.typeName(type);
    }
}
