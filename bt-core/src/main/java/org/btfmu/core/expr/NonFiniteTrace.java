package org.btfmu.core.expr;

import java.util.function.IntFunction;
import org.btfmu.core.blackboard.SlotReader;
import org.btfmu.core.blackboard.SlotType;

/**
 * Finds where a NaN or an infinity in an expression's value came from: the first
 * operation, in evaluation order, that produced one from finite operands (or the slot
 * that already held one). The slow path of the engine's non-finite check: it
 * re-evaluates the sub-expressions one by one, so it is called only once a check
 * failed, never per evaluation.
 */
public final class NonFiniteTrace {

    private NonFiniteTrace() {
    }

    /**
     * Says where the first non-finite value of {@code e} came from, e.g.
     * {@code sqrt(-5.0) = NaN at column 9 of "1 + sqrt(x - 5)"}, or null if evaluating
     * {@code e} now yields none. {@code slotNames} names a slot by its index.
     */
    public static String explain(Expression e, SlotReader slots, IntFunction<String> slotNames) {
        return origin(e, slots, slotNames);
    }

    private static String origin(Expression e, SlotReader slots, IntFunction<String> names) {
        if (!(e instanceof Nodes.Node node)) {
            return e.type() == SlotType.REAL && !Double.isFinite(e.evalReal(slots))
                    ? "the Java expression " + e + " = " + e.evalReal(slots) : null;
        }
        if (node instanceof Nodes.Conditional) {
            // only the branch taken was evaluated
            Expression[] parts = node.operands();
            String found = origin(parts[0], slots, names);
            if (found != null) {
                return found;
            }
            return origin(parts[parts[0].evalBoolean(slots) ? 1 : 2], slots, names);
        }
        for (Expression operand : node.operands()) {
            String found = origin(operand, slots, names);
            if (found != null) {
                return found;
            }
        }
        if (node.type != SlotType.REAL) {
            return null;
        }
        double value = node.evalReal(slots);
        if (Double.isFinite(value)) {
            return null;
        }
        String what;
        if (node instanceof Nodes.SlotRead read) {
            what = "'" + names.apply(read.slot) + "' is " + value;
        } else if (node.symbol() == null) {
            what = "the value is " + value;
        } else {
            what = operation(node, slots) + " = " + value;
        }
        return node.source == null ? what : what + " at column " + node.column + " of \"" + node.source + "\"";
    }

    /** {@code a / b} with the operand values, or {@code f(a, b)} for functions. */
    private static String operation(Nodes.Node node, SlotReader slots) {
        String symbol = node.symbol();
        Expression[] operands = node.operands();
        StringBuilder text = new StringBuilder();
        boolean function = Character.isLetter(symbol.charAt(0));
        if (function) {
            text.append(symbol).append('(');
        } else if (operands.length == 1) {
            text.append(symbol);
        }
        for (int i = 0; i < operands.length; i++) {
            if (i > 0) {
                text.append(function ? ", " : " " + symbol + " ");
            }
            text.append(value(operands[i], slots));
        }
        return function ? text.append(')').toString() : text.toString();
    }

    private static String value(Expression e, SlotReader slots) {
        return switch (e.type()) {
            case REAL -> String.valueOf(e.evalReal(slots));
            case INTEGER -> String.valueOf(e.evalInteger(slots));
            case BOOLEAN -> String.valueOf(e.evalBoolean(slots));
            case STRING -> "'" + e.evalString(slots) + "'";
        };
    }
}
