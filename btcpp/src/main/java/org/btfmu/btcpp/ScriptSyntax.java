package org.btfmu.btcpp;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * BehaviorTree.CPP's script language, parsed into a small syntax tree and rendered in the
 * project's expression language. Grammar (lowest precedence first):
 * <pre>
 * script     = statement { ';' statement } [ ';' ]
 * statement  = key (':=' | '=' | '+=' | '-=' | '*=' | '/=') expression | expression
 * expression = or [ '?' expression ':' expression ]
 * or         = and { '||' and }
 * and        = comparison { '&amp;&amp;' comparison }
 * comparison = sum [ ('==' | '!=' | '&lt;' | '&lt;=' | '&gt;' | '&gt;=') sum ]
 * sum        = product { ('+' | '-') product }
 * product    = unary { ('*' | '/') unary }
 * unary      = ('-' | '!') unary | primary
 * primary    = number | 'string' | true | false | key | '(' expression ')'
 * </pre>
 * What has no counterpart in the expression language (the bitwise operators {@code & | ^ ~},
 * string concatenation {@code ..}, chained comparisons) is an error with the column, never
 * dropped.
 */
final class ScriptSyntax {

    /** A node of the syntax tree; {@code column} is 1-based in the script text. */
    sealed interface Node permits Literal, Key, Unary, Binary, Ternary {
        int column();
    }

    /** A number, string or boolean; {@code rendered} is its expression-language text. */
    record Literal(String rendered, LiteralKind kind, int column) implements Node {
    }

    enum LiteralKind { NUMBER, STRING, BOOLEAN }

    /** A blackboard key (or an enum name, decided when rendering). */
    record Key(String name, int column) implements Node {
    }

    record Unary(String op, Node operand, int column) implements Node {
    }

    record Binary(String op, Node left, Node right, int column) implements Node {
        boolean isComparison() {
            return List.of("==", "!=", "<", "<=", ">", ">=").contains(op);
        }

        boolean isLogic() {
            return op.equals("&&") || op.equals("||");
        }
    }

    record Ternary(Node condition, Node then, Node otherwise, int column) implements Node {
    }

    /** One statement: {@code target op value}, or a bare expression (target null). */
    record Statement(String target, String op, Node value, int column) {
    }

    /** A script error at a column of the script text. */
    static final class SyntaxError extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int column;

        SyntaxError(int column, String message) {
            super(message);
            this.column = column;
        }
    }

    private final String text;
    private final List<Token> tokens;
    private int pos;

    private record Token(String kind, String text, int column) {
    }

    private ScriptSyntax(String text) {
        this.text = text;
        this.tokens = tokenize(text);
    }

    /** Parses a whole script (statements separated by ';'). */
    static List<Statement> parseScript(String text) {
        ScriptSyntax p = new ScriptSyntax(text);
        List<Statement> statements = new ArrayList<>();
        while (!p.at("end")) {
            if (p.at(";")) {
                p.pos++;
                continue;
            }
            statements.add(p.statement());
            if (!p.at("end") && !p.at(";")) {
                throw p.unexpected("';' or the end of the script");
            }
        }
        if (statements.isEmpty()) {
            throw new SyntaxError(1, "the script is empty");
        }
        return statements;
    }

    /** Parses one expression (a ScriptCondition, a _skipIf, ...). */
    static Node parseExpression(String text) {
        ScriptSyntax p = new ScriptSyntax(text);
        if (p.at("end")) {
            throw new SyntaxError(1, "the expression is empty");
        }
        Node node = p.expression();
        if (p.at(";")) {
            throw new SyntaxError(p.peek().column, "a condition is one expression; ';' separates statements of a Script");
        }
        if (!p.at("end")) {
            throw p.unexpected("an operator or the end of the expression");
        }
        return node;
    }

    /**
     * The script with each key assigned at most once, as a Script task's assignments must be:
     * BT.CPP runs {@code a := 1; a += 1} in order, which is {@code a := 1 + 1} at the second
     * statement's place. A later assignment takes in the earlier one's value when that means
     * the same: statements in between that read the key read the earlier value in its place, and
     * none may change a key the earlier value reads (else a {@link SyntaxError} at the second
     * assignment).
     */
    static List<Statement> assignOnce(List<Statement> statements) {
        List<Statement> out = new ArrayList<>();
        for (Statement s : statements) {
            if (s.target() == null) {
                out.add(s);
                continue;
            }
            Node value = s.op().equals(":=") || s.op().equals("=") ? s.value()
                    : new Binary(s.op().substring(0, 1), new Key(s.target(), s.column()), s.value(), s.column());
            int p = out.size() - 1;
            while (p >= 0 && !s.target().equals(out.get(p).target())) {
                p--;
            }
            if (p >= 0) {
                Statement earlier = out.get(p);
                for (int j = p + 1; j < out.size(); j++) {
                    Statement between = out.get(j);
                    if (keys(earlier.value()).contains(between.target())) {
                        throw new SyntaxError(s.column(), "'" + s.target() + "' is assigned twice in one script, and"
                                + " '" + between.target() + "', which its first value reads, changes in between;"
                                + " split it into two Scripts");
                    }
                    // a statement in between reads the first value, which stays what it was
                    out.set(j, new Statement(between.target(), between.op(),
                            substitute(between.value(), s.target(), earlier.value()), between.column()));
                }
                value = substitute(value, s.target(), earlier.value());
                out.remove(p);
            }
            out.add(p >= 0 ? new Statement(s.target(), ":=", value, s.column()) : s);
        }
        return out;
    }

    /** True if {@code node} is a number by its form: a numeric literal, a negation or arithmetic. */
    static boolean isNumeric(Node node) {
        return node instanceof Literal l && l.kind() == LiteralKind.NUMBER
                || node instanceof Unary u && u.op().equals("-")
                || node instanceof Binary b && List.of("+", "-", "*", "/").contains(b.op());
    }

    /** The keys {@code node} reads. */
    static List<String> keys(Node node) {
        List<String> out = new ArrayList<>();
        collectKeys(node, out);
        return out;
    }

    private static void collectKeys(Node node, List<String> out) {
        if (node instanceof Key k) {
            out.add(k.name());
        } else if (node instanceof Unary u) {
            collectKeys(u.operand(), out);
        } else if (node instanceof Binary b) {
            collectKeys(b.left(), out);
            collectKeys(b.right(), out);
        } else if (node instanceof Ternary t) {
            collectKeys(t.condition(), out);
            collectKeys(t.then(), out);
            collectKeys(t.otherwise(), out);
        }
    }

    /** {@code node} with every read of {@code key} replaced by {@code by}. */
    static Node substitute(Node node, String key, Node by) {
        if (node instanceof Key k) {
            return k.name().equals(key) ? by : k;
        }
        if (node instanceof Unary u) {
            return new Unary(u.op(), substitute(u.operand(), key, by), u.column());
        }
        if (node instanceof Binary b) {
            return new Binary(b.op(), substitute(b.left(), key, by), substitute(b.right(), key, by), b.column());
        }
        if (node instanceof Ternary t) {
            return new Ternary(substitute(t.condition(), key, by), substitute(t.then(), key, by),
                    substitute(t.otherwise(), key, by), t.column());
        }
        return node;
    }

    /** The expression-language text of {@code node}; {@code names} maps a key to a slot name or literal. */
    static String render(Node node, Function<Key, String> names) {
        if (node instanceof Literal l) {
            return l.rendered();
        }
        if (node instanceof Key k) {
            return names.apply(k);
        }
        if (node instanceof Unary u) {
            String operand = operand(u.operand(), names);
            return u.op().equals("!") ? "not " + operand : "-" + operand;
        }
        if (node instanceof Binary b) {
            String op = switch (b.op()) {
                case "&&" -> "and";
                case "||" -> "or";
                default -> b.op();
            };
            return operand(b.left(), names) + " " + op + " " + operand(b.right(), names);
        }
        Ternary t = (Ternary) node;
        return "if " + render(t.condition(), names) + " then " + render(t.then(), names) + " else "
                + render(t.otherwise(), names);
    }

    private static String operand(Node node, Function<Key, String> names) {
        String s = render(node, names);
        return node instanceof Literal || node instanceof Key ? s : "(" + s + ")";
    }

    // ---- parser

    private Statement statement() {
        Token first = peek();
        if (first.kind.equals("name") && pos + 1 < tokens.size()) {
            String op = tokens.get(pos + 1).kind;
            if (List.of(":=", "=", "+=", "-=", "*=", "/=").contains(op)) {
                pos += 2;
                Node value = expression();
                return new Statement(first.text, op, value, first.column);
            }
        }
        Node value = expression();
        return new Statement(null, null, value, first.column);
    }

    private Node expression() {
        Node condition = or();
        if (at("?")) {
            int column = next().column;
            Node then = expression();
            expect(":");
            Node otherwise = expression();
            return new Ternary(condition, then, otherwise, column);
        }
        return condition;
    }

    private Node or() {
        Node left = and();
        while (at("||")) {
            Token op = next();
            left = new Binary("||", left, and(), op.column);
        }
        return left;
    }

    private Node and() {
        Node left = comparison();
        while (at("&&")) {
            Token op = next();
            left = new Binary("&&", left, comparison(), op.column);
        }
        return left;
    }

    private Node comparison() {
        Node left = sum();
        if (atAny("==", "!=", "<", "<=", ">", ">=")) {
            Token op = next();
            Node right = sum();
            if (atAny("==", "!=", "<", "<=", ">", ">=")) {
                throw new SyntaxError(peek().column, "chained comparison: write (a " + op.text + " b) && (b ... c)");
            }
            return new Binary(op.text, left, right, op.column);
        }
        return left;
    }

    private Node sum() {
        Node left = product();
        while (atAny("+", "-")) {
            Token op = next();
            left = new Binary(op.text, left, product(), op.column);
        }
        return left;
    }

    private Node product() {
        Node left = unary();
        while (atAny("*", "/")) {
            Token op = next();
            left = new Binary(op.text, left, unary(), op.column);
        }
        return left;
    }

    private Node unary() {
        if (atAny("-", "!")) {
            Token op = next();
            return new Unary(op.text, unary(), op.column);
        }
        return primary();
    }

    private Node primary() {
        Token t = next();
        switch (t.kind) {
            case "number":
                return new Literal(number(t), LiteralKind.NUMBER, t.column);
            case "string":
                return new Literal(t.text, LiteralKind.STRING, t.column);
            case "name":
                if (t.text.equals("true") || t.text.equals("false")) {
                    return new Literal(t.text, LiteralKind.BOOLEAN, t.column);
                }
                return new Key(t.text, t.column);
            case "(":
                Node inner = expression();
                expect(")");
                return inner;
            default:
                pos--;
                throw unexpected("a value, a key or '('");
        }
    }

    private static String number(Token t) {
        String s = t.text;
        if (s.startsWith("0x") || s.startsWith("0X")) {
            try {
                return Long.toString(Long.parseLong(s.substring(2), 16));
            } catch (NumberFormatException e) {
                throw new SyntaxError(t.column, "bad hexadecimal number '" + s + "'");
            }
        }
        return s;
    }

    private boolean at(String kind) {
        return peek().kind.equals(kind);
    }

    private boolean atAny(String... kinds) {
        for (String k : kinds) {
            if (at(k)) {
                return true;
            }
        }
        return false;
    }

    private Token peek() {
        return tokens.get(pos);
    }

    private Token next() {
        return tokens.get(pos++);
    }

    private void expect(String kind) {
        if (!at(kind)) {
            throw unexpected("'" + kind + "'");
        }
        pos++;
    }

    private SyntaxError unexpected(String wanted) {
        Token t = peek();
        return new SyntaxError(t.column, "expected " + wanted + ", found "
                + (t.kind.equals("end") ? "the end of the text" : "'" + t.text + "'"));
    }

    // ---- lexer

    private static final List<String> SYMBOLS = List.of(":=", "+=", "-=", "*=", "/=", "==", "!=", "<=", ">=",
            "&&", "||", "..", "=", "<", ">", "+", "-", "*", "/", "!", "?", ":", "(", ")", ";", "&", "|", "^", "~");

    private static List<Token> tokenize(String s) {
        List<Token> out = new ArrayList<>();
        int i = 0;
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            int column = i + 1;
            if (Character.isWhitespace(c)) {
                i++;
            } else if (Character.isDigit(c) || (c == '.' && i + 1 < n && Character.isDigit(s.charAt(i + 1)))) {
                int j = i;
                if (c == '0' && j + 1 < n && (s.charAt(j + 1) == 'x' || s.charAt(j + 1) == 'X')) {
                    j += 2;
                    while (j < n && Character.digit(s.charAt(j), 16) >= 0) {
                        j++;
                    }
                } else {
                    while (j < n && (Character.isDigit(s.charAt(j)) || s.charAt(j) == '.')) {
                        j++;
                    }
                    if (j < n && (s.charAt(j) == 'e' || s.charAt(j) == 'E')) {
                        int k = j + 1;
                        if (k < n && (s.charAt(k) == '+' || s.charAt(k) == '-')) {
                            k++;
                        }
                        if (k < n && Character.isDigit(s.charAt(k))) {
                            j = k;
                            while (j < n && Character.isDigit(s.charAt(j))) {
                                j++;
                            }
                        }
                    }
                }
                String number = s.substring(i, j);
                if (number.indexOf('.') != number.lastIndexOf('.') || number.endsWith(".")) {
                    throw new SyntaxError(column, "bad number '" + number + "'");
                }
                if (j < n && (Character.isLetter(s.charAt(j)) || s.charAt(j) == '_')) {
                    throw new SyntaxError(j + 1, "a number runs into a name: '" + s.substring(i, j + 1) + "'");
                }
                out.add(new Token("number", number.startsWith(".") ? "0" + number : number, column));
                i = j;
            } else if (Character.isLetter(c) || c == '_' || c == '@') {
                int j = i + 1;
                while (j < n && (Character.isLetterOrDigit(s.charAt(j)) || s.charAt(j) == '_')) {
                    j++;
                }
                out.add(new Token("name", s.substring(i, j), column));
                i = j;
            } else if (c == '\'' || c == '"') {
                int j = i + 1;
                StringBuilder value = new StringBuilder();
                while (j < n && s.charAt(j) != c) {
                    value.append(s.charAt(j));
                    j++;
                }
                if (j >= n) {
                    throw new SyntaxError(column, "string not closed");
                }
                String v = value.toString();
                out.add(new Token("string", "'" + v.replace("\\", "\\\\").replace("'", "\\'") + "'", column));
                i = j + 1;
            } else {
                String symbol = null;
                for (String sym : SYMBOLS) {
                    if (s.startsWith(sym, i)) {
                        symbol = sym;
                        break;
                    }
                }
                if (symbol == null) {
                    throw new SyntaxError(column, "unexpected character '" + c + "'");
                }
                switch (symbol) {
                    case "&", "|", "^", "~" -> throw new SyntaxError(column, "the bitwise operator '" + symbol
                            + "' has no counterpart in bt-fmu expressions");
                    case ".." -> throw new SyntaxError(column,
                            "string concatenation '..' has no counterpart in bt-fmu expressions");
                    default -> {
                    }
                }
                out.add(new Token(symbol, symbol, column));
                i += symbol.length();
            }
        }
        out.add(new Token("end", "", n + 1));
        return out;
    }
}
