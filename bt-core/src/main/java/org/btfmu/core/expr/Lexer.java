package org.btfmu.core.expr;

import java.util.ArrayList;
import java.util.List;

/** Splits expression text into tokens; columns are 1-based. */
final class Lexer {

    enum Kind { INTEGER, REAL, STRING, NAME, KEYWORD, SYMBOL, END }

    record Token(Kind kind, String text, int column, double number) {
        boolean is(String word) {
            return (kind == Kind.SYMBOL || kind == Kind.KEYWORD) && text.equals(word);
        }

        /** How the token reads in an error message. */
        String describe() {
            return kind == Kind.END ? "end of expression" : "'" + text + "'";
        }
    }

    static final List<String> KEYWORDS =
            List.of("true", "false", "if", "then", "else", "and", "or", "not");

    private final String text;
    private int pos;

    private Lexer(String text) {
        this.text = text;
    }

    static List<Token> tokens(String text) {
        return new Lexer(text).all();
    }

    private List<Token> all() {
        List<Token> tokens = new ArrayList<>();
        while (true) {
            while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
                pos++;
            }
            if (pos >= text.length()) {
                tokens.add(new Token(Kind.END, "", pos + 1, 0));
                return tokens;
            }
            tokens.add(next());
        }
    }

    private Token next() {
        int start = pos;
        char c = text.charAt(pos);
        if (isDigit(c)) {
            return number(start);
        }
        if (isNameStart(c)) {
            return name(start);
        }
        if (c == '"' || c == '\'') {
            return string(start, c);
        }
        String two = pos + 1 < text.length() ? text.substring(pos, pos + 2) : "";
        switch (two) {
            case "<=", ">=", "==", "!=":
                pos += 2;
                return new Token(Kind.SYMBOL, two, start + 1, 0);
            case "&&":
                throw new ExpressionException(start + 1, "unexpected '&&'; write 'and'");
            case "||":
                throw new ExpressionException(start + 1, "unexpected '||'; write 'or'");
            default:
                break;
        }
        switch (c) {
            case '+', '-', '*', '/', '(', ')', ',', '<', '>':
                pos++;
                return new Token(Kind.SYMBOL, String.valueOf(c), start + 1, 0);
            case '=':
                throw new ExpressionException(start + 1, "unexpected '='; write '==' to compare");
            case '!':
                throw new ExpressionException(start + 1, "unexpected '!'; write 'not'");
            default:
                throw new ExpressionException(start + 1, "unexpected character '" + c + "'");
        }
    }

    private Token number(int start) {
        boolean real = false;
        skipDigits();
        if (pos < text.length() && text.charAt(pos) == '.') {
            real = true;
            pos++;
            if (pos >= text.length() || !isDigit(text.charAt(pos))) {
                throw new ExpressionException(pos + 1, "expected a digit after '.'");
            }
            skipDigits();
        }
        if (pos < text.length() && (text.charAt(pos) == 'e' || text.charAt(pos) == 'E')) {
            real = true;
            pos++;
            if (pos < text.length() && (text.charAt(pos) == '+' || text.charAt(pos) == '-')) {
                pos++;
            }
            if (pos >= text.length() || !isDigit(text.charAt(pos))) {
                throw new ExpressionException(pos + 1, "expected a digit in the exponent");
            }
            skipDigits();
        }
        if (pos < text.length() && isNameStart(text.charAt(pos))) {
            throw new ExpressionException(pos + 1, "unexpected character '" + text.charAt(pos) + "' after a number");
        }
        String literal = text.substring(start, pos);
        if (real) {
            double value = Double.parseDouble(literal);
            if (Double.isInfinite(value)) {
                throw new ExpressionException(start + 1, "number out of range: " + literal);
            }
            return new Token(Kind.REAL, literal, start + 1, value);
        }
        String digits = withoutLeadingZeros(literal);
        if (digits.length() > 10 || Long.parseLong(digits) > Integer.MAX_VALUE) {
            throw new ExpressionException(start + 1,
                    "integer literal out of range: " + literal + " (write " + literal + ".0 for a Real)");
        }
        return new Token(Kind.INTEGER, literal, start + 1, Long.parseLong(digits));
    }

    /** The digits without leading zeros, one digit at least (no regular expression: see Names). */
    static String withoutLeadingZeros(String digits) {
        int first = 0;
        while (first < digits.length() - 1 && digits.charAt(first) == '0') {
            first++;
        }
        return digits.substring(first);
    }

    private Token name(int start) {
        skipIdentifier();
        while (pos < text.length() && text.charAt(pos) == '.') {
            pos++;
            if (pos >= text.length() || !isNameStart(text.charAt(pos))) {
                throw new ExpressionException(pos + 1, "expected a name after '.'");
            }
            skipIdentifier();
        }
        String name = text.substring(start, pos);
        return new Token(KEYWORDS.contains(name) ? Kind.KEYWORD : Kind.NAME, name, start + 1, 0);
    }

    /** 'text' or "text"; a backslash escapes the quote or itself. */
    private Token string(int start, char quote) {
        StringBuilder value = new StringBuilder();
        pos++;
        while (pos < text.length()) {
            char c = text.charAt(pos++);
            if (c == quote) {
                return new Token(Kind.STRING, value.toString(), start + 1, 0);
            }
            if (c == '\\' && pos < text.length()
                    && (text.charAt(pos) == quote || text.charAt(pos) == '\\')) {
                c = text.charAt(pos++);
            }
            value.append(c);
        }
        throw new ExpressionException(start + 1, "unterminated string");
    }

    private void skipDigits() {
        while (pos < text.length() && isDigit(text.charAt(pos))) {
            pos++;
        }
    }

    private void skipIdentifier() {
        while (pos < text.length() && (isNameStart(text.charAt(pos)) || isDigit(text.charAt(pos)))) {
            pos++;
        }
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isNameStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    }
}
