package org.btfmu.core.expr;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.btfmu.core.blackboard.SlotIndex;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.core.expr.Lexer.Kind;
import org.btfmu.core.expr.Lexer.Token;
import org.btfmu.core.expr.Nodes.ArithmeticOp;
import org.btfmu.core.expr.Nodes.CompareOp;
import org.btfmu.core.expr.Nodes.Function1;
import org.btfmu.core.expr.Nodes.Function2;

/**
 * Compiles expression text into a typed evaluation tree bound to slot
 * indices, checking names and types on the way (see package-info for the
 * language). Every failure is an {@link ExpressionException} with the column.
 */
public final class ExpressionParser {

    /** Longest accepted expression text, in characters. */
    public static final int MAX_LENGTH = 4096;
    /** Deepest accepted expression tree (keeps evaluation far from the stack limit). */
    public static final int MAX_DEPTH = 100;

    private static final Map<String, CompareOp> COMPARISONS = Map.of(
            "<", CompareOp.LT, "<=", CompareOp.LE, ">", CompareOp.GT,
            ">=", CompareOp.GE, "==", CompareOp.EQ, "!=", CompareOp.NE);

    private static final Map<String, Function1> FUNCTIONS_1 = Map.of(
            "abs", Function1.ABS, "sqrt", Function1.SQRT, "exp", Function1.EXP,
            "log", Function1.LOG, "sin", Function1.SIN, "cos", Function1.COS,
            "tan", Function1.TAN, "floor", Function1.FLOOR, "ceil", Function1.CEIL);

    private static final List<String> FUNCTIONS_N = List.of("min", "max", "atan2", "hypot", "clamp");

    private final String text;
    private final List<Token> tokens;
    private final NameScope scope;
    private int next;
    private int nesting;

    private ExpressionParser(String text, NameScope scope) {
        this.text = text;
        this.tokens = Lexer.tokens(text);
        this.scope = scope;
    }

    /** Compiles {@code text} with names bound to {@code slots}; its type is its natural type. */
    public static Expression parse(String text, SlotIndex slots) {
        return parse(text, NameScope.of(slots), null);
    }

    /** Compiles {@code text} as an expression of type {@code expected} (Integer is promoted to Real). */
    public static Expression parse(String text, SlotIndex slots, SlotType expected) {
        return parse(text, NameScope.of(slots), expected);
    }

    /** As above with a custom name scope; {@code expected} null keeps the natural type. */
    public static Expression parse(String text, NameScope scope, SlotType expected) {
        if (text.length() > MAX_LENGTH) {
            throw new ExpressionException(MAX_LENGTH + 1,
                    "expression too long (" + text.length() + " characters, limit " + MAX_LENGTH + ")");
        }
        ExpressionParser parser = new ExpressionParser(text, scope);
        if (parser.peek().kind() == Kind.END) {
            throw new ExpressionException(1, "empty expression");
        }
        Expression result = parser.expression();
        Token rest = parser.peek();
        if (rest.kind() != Kind.END) {
            throw new ExpressionException(rest.column(), "unexpected " + rest.describe() + " after the expression");
        }
        return expected == null ? result : convert(result, expected, 1);
    }

    /** The FMI spelling of a type: Real, Integer, Boolean, String. */
    public static String typeName(SlotType type) {
        switch (type) {
            case REAL: return "Real";
            case INTEGER: return "Integer";
            case BOOLEAN: return "Boolean";
            default: return "String";
        }
    }

    /** {@code e} as type {@code expected}: identity, Integer→Real promotion, or an error at {@code column}. */
    static Expression convert(Expression e, SlotType expected, int column) {
        if (e.type() == expected) {
            return e;
        }
        if (e.type() == SlotType.INTEGER && expected == SlotType.REAL) {
            // A literal is promoted once here rather than at every evaluation (x >= 0 is common).
            return e instanceof Nodes.Constant constant
                    ? Nodes.Constant.real(constant.evalInteger(null))
                    : new Nodes.ToReal(e);
        }
        throw new ExpressionException(column, "expected " + typeName(expected) + ", got " + typeName(e.type()));
    }

    private Token peek() {
        return tokens.get(next);
    }

    private Token take() {
        return tokens.get(next++);
    }

    private Token expect(String symbol) {
        Token token = take();
        if (!token.is(symbol)) {
            throw new ExpressionException(token.column(), "expected '" + symbol + "', found " + token.describe());
        }
        return token;
    }

    /** Notes where an operation or a name is in the text, for run-time messages. */
    private Expression at(Expression e, Token token) {
        if (e instanceof Nodes.Node node) {
            node.at(token.column(), text);
        }
        return e;
    }

    /** Guards the parser's recursion and the depth of the tree it builds. */
    private Expression checked(Expression e, int column) {
        if (Nodes.depth(e) > MAX_DEPTH) {
            throw tooDeep(column);
        }
        return e;
    }

    private void enter(int column) {
        if (++nesting > MAX_DEPTH) {
            throw tooDeep(column);
        }
    }

    private static ExpressionException tooDeep(int column) {
        return new ExpressionException(column, "expression nested too deeply (limit " + MAX_DEPTH + " levels)");
    }

    private Expression expression() {
        enter(peek().column());
        Expression e = or();
        nesting--;
        return e;
    }

    private Expression or() {
        Expression left = and();
        while (peek().is("or")) {
            Token op = take();
            Expression right = and();
            left = checked(new Nodes.Or(logical(left, op), logical(right, op)), op.column());
        }
        return left;
    }

    private Expression and() {
        Expression left = not();
        while (peek().is("and")) {
            Token op = take();
            Expression right = not();
            left = checked(new Nodes.And(logical(left, op), logical(right, op)), op.column());
        }
        return left;
    }

    private Expression logical(Expression operand, Token op) {
        if (operand.type() != SlotType.BOOLEAN) {
            throw new ExpressionException(op.column(),
                    "'" + op.text() + "' needs Boolean operands, got " + typeName(operand.type()));
        }
        return operand;
    }

    private Expression not() {
        if (!peek().is("not")) {
            return comparison();
        }
        Token op = take();
        enter(op.column());
        Expression operand = logical(not(), op);
        nesting--;
        return checked(new Nodes.Not(operand), op.column());
    }

    private Expression comparison() {
        Expression left = additive();
        CompareOp compare = COMPARISONS.get(peek().kind() == Kind.SYMBOL ? peek().text() : "");
        if (compare == null) {
            return left;
        }
        Token op = take();
        Expression right = additive();
        if (COMPARISONS.containsKey(peek().kind() == Kind.SYMBOL ? peek().text() : "")) {
            throw new ExpressionException(peek().column(), "comparisons cannot be chained; combine them with 'and'");
        }
        return checked(at(compare(compare, left, right, op), op), op.column());
    }

    private static boolean numeric(Expression e) {
        return e.type() == SlotType.REAL || e.type() == SlotType.INTEGER;
    }

    private static Expression compare(CompareOp op, Expression left, Expression right, Token token) {
        if (numeric(left) && numeric(right)) {
            Expression crossing = null;
            if (op.ordering()) {
                // positive while the comparison holds: a - b for > and >=, b - a for < and <=
                boolean less = op == CompareOp.LT || op == CompareOp.LE;
                Expression a = convert(left, SlotType.REAL, 1);
                Expression b = convert(right, SlotType.REAL, 1);
                crossing = new Nodes.Arithmetic(SlotType.REAL, ArithmeticOp.SUB, less ? b : a, less ? a : b);
            }
            if (left.type() != right.type()) {
                left = convert(left, SlotType.REAL, 1);
                right = convert(right, SlotType.REAL, 1);
            }
            return new Nodes.Compare(op, left, right, crossing);
        }
        if (left.type() != right.type()) {
            throw new ExpressionException(token.column(),
                    "cannot compare " + typeName(left.type()) + " with " + typeName(right.type()));
        }
        if (op.ordering()) {
            throw new ExpressionException(token.column(),
                    "'" + op.symbol + "' needs numbers, got " + typeName(left.type()));
        }
        return new Nodes.Compare(op, left, right, null);
    }

    private Expression additive() {
        Expression left = multiplicative();
        while (peek().is("+") || peek().is("-")) {
            Token op = take();
            Expression right = multiplicative();
            left = arithmetic(op.is("+") ? ArithmeticOp.ADD : ArithmeticOp.SUB, left, right, op);
        }
        return left;
    }

    private Expression multiplicative() {
        Expression left = unary();
        while (peek().is("*") || peek().is("/")) {
            Token op = take();
            Expression right = unary();
            left = arithmetic(op.is("*") ? ArithmeticOp.MUL : ArithmeticOp.DIV, left, right, op);
        }
        return left;
    }

    /** Integer op Integer stays Integer, except '/', which is always Real division. */
    private Expression arithmetic(ArithmeticOp op, Expression left, Expression right, Token token) {
        for (Expression operand : List.of(left, right)) {
            if (!numeric(operand)) {
                throw new ExpressionException(token.column(),
                        "'" + token.text() + "' needs numbers, got " + typeName(operand.type()));
            }
        }
        SlotType type = left.type() == SlotType.INTEGER && right.type() == SlotType.INTEGER
                && op != ArithmeticOp.DIV ? SlotType.INTEGER : SlotType.REAL;
        return checked(at(new Nodes.Arithmetic(type, op, convert(left, type, 1), convert(right, type, 1)), token),
                token.column());
    }

    private Expression unary() {
        if (!peek().is("-")) {
            return primary();
        }
        Token op = take();
        enter(op.column());
        Expression operand = unary();
        nesting--;
        if (!numeric(operand)) {
            throw new ExpressionException(op.column(), "'-' needs a number, got " + typeName(operand.type()));
        }
        if (operand instanceof Nodes.Constant c) {
            // a negative literal stays a constant (x > -5 is as common as x > 5)
            return at(c.type() == SlotType.REAL ? Nodes.Constant.real(-c.evalReal(null))
                    : Nodes.Constant.integer(-c.evalInteger(null)), op);
        }
        return checked(at(new Nodes.Negate(operand), op), op.column());
    }

    private Expression primary() {
        Token token = take();
        switch (token.kind()) {
            case INTEGER:
                return Nodes.Constant.integer((int) token.number());
            case REAL:
                return at(Nodes.Constant.real(token.number()), token);
            case STRING:
                return Nodes.Constant.string(token.text());
            case NAME:
                return peek().is("(") ? call(token) : name(token);
            case KEYWORD:
                if (token.is("true") || token.is("false")) {
                    return Nodes.Constant.bool(token.is("true"));
                }
                if (token.is("if")) {
                    return conditional(token);
                }
                break;
            case SYMBOL:
                if (token.is("(")) {
                    Expression inner = expression();
                    expect(")");
                    return inner;
                }
                break;
            default:
                break;
        }
        throw new ExpressionException(token.column(), "expected a value, found " + token.describe());
    }

    private Expression name(Token token) {
        Expression resolved = scope.resolve(token.text());
        if (resolved == null) {
            throw new ExpressionException(token.column(), "unknown name '" + token.text() + "'");
        }
        return at(resolved, token);
    }

    private Expression conditional(Token token) {
        Expression condition = expression();
        if (condition.type() != SlotType.BOOLEAN) {
            throw new ExpressionException(token.column(),
                    "'if' condition must be Boolean, got " + typeName(condition.type()));
        }
        expect("then");
        Expression then = expression();
        Token elseToken = expect("else");
        Expression otherwise = expression();
        if (then.type() != otherwise.type()) {
            if (numeric(then) && numeric(otherwise)) {
                then = convert(then, SlotType.REAL, 1);
                otherwise = convert(otherwise, SlotType.REAL, 1);
            } else {
                throw new ExpressionException(elseToken.column(), "'then' and 'else' have different types: "
                        + typeName(then.type()) + " and " + typeName(otherwise.type()));
            }
        }
        return checked(new Nodes.Conditional(condition, then, otherwise), token.column());
    }

    private Expression call(Token name) {
        if (!FUNCTIONS_1.containsKey(name.text()) && !FUNCTIONS_N.contains(name.text())) {
            throw new ExpressionException(name.column(), "unknown function '" + name.text() + "'");
        }
        expect("(");
        List<Expression> args = new ArrayList<>();
        List<Integer> columns = new ArrayList<>();
        if (!peek().is(")")) {
            do {
                columns.add(peek().column());
                args.add(expression());
            } while (take().is(","));
            next--;
            expect(")");
        } else {
            take();
        }
        return checked(function(name, args, columns), name.column());
    }

    private Expression function(Token name, List<Expression> args, List<Integer> columns) {
        String fn = name.text();
        for (int i = 0; i < args.size(); i++) {
            if (!numeric(args.get(i))) {
                throw new ExpressionException(columns.get(i),
                        "'" + fn + "' needs numbers, got " + typeName(args.get(i).type()));
            }
        }
        boolean allInteger = true; // a loop, not a stream with a lambda: see Nodes.Node
        for (Expression a : args) {
            allInteger &= a.type() == SlotType.INTEGER;
        }
        Function1 f1 = FUNCTIONS_1.get(fn);
        if (f1 != null) {
            arity(name, args, 1);
            boolean keepsInteger = f1 == Function1.ABS || f1 == Function1.FLOOR || f1 == Function1.CEIL;
            SlotType type = allInteger && keepsInteger ? SlotType.INTEGER : SlotType.REAL;
            return at(new Nodes.Call1(type, f1, convert(args.get(0), type, 1)), name);
        }
        switch (fn) {
            case "min", "max": {
                if (args.size() < 2) {
                    throw new ExpressionException(name.column(),
                            "'" + fn + "' takes at least 2 arguments, got " + args.size());
                }
                SlotType type = allInteger ? SlotType.INTEGER : SlotType.REAL;
                Function2 f2 = fn.equals("min") ? Function2.MIN : Function2.MAX;
                Expression result = convert(args.get(0), type, 1);
                for (int i = 1; i < args.size(); i++) {
                    result = checked(at(new Nodes.Call2(type, f2, result, convert(args.get(i), type, 1)), name),
                            name.column());
                }
                return result;
            }
            case "atan2", "hypot":
                arity(name, args, 2);
                return at(new Nodes.Call2(SlotType.REAL, fn.equals("atan2") ? Function2.ATAN2 : Function2.HYPOT,
                        convert(args.get(0), SlotType.REAL, 1), convert(args.get(1), SlotType.REAL, 1)), name);
            case "clamp": {
                arity(name, args, 3);
                SlotType type = allInteger ? SlotType.INTEGER : SlotType.REAL;
                return at(new Nodes.Clamp(type, convert(args.get(0), type, 1),
                        convert(args.get(1), type, 1), convert(args.get(2), type, 1)), name);
            }
            default:
                throw new ExpressionException(name.column(), "unknown function '" + fn + "'");
        }
    }

    private static void arity(Token name, List<Expression> args, int count) {
        if (args.size() != count) {
            throw new ExpressionException(name.column(), "'" + name.text() + "' takes " + count
                    + (count == 1 ? " argument" : " arguments") + ", got " + args.size());
        }
    }
}
