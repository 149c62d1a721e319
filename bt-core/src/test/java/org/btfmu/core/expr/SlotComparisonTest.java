package org.btfmu.core.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.btfmu.core.blackboard.SlotType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SlotComparisonTest {

    static final double[] VALUES = {Double.NEGATIVE_INFINITY, -1, -0.0, 0.0, 0.5, 1, Double.POSITIVE_INFINITY,
        Double.NaN};

    /** The comparison as Java's own operators decide it: the oracle. */
    static boolean java(String op, double a, double b) {
        return switch (op) {
            case "<" -> a < b;
            case "<=" -> a <= b;
            case ">" -> a > b;
            case ">=" -> a >= b;
            case "==" -> a == b;
            default -> a != b;
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"<", "<=", ">", ">=", "==", "!="})
    void theReducedFormAndTheExpressionDecideAsJavaDoes(String op) {
        TestSlots slots = new TestSlots().add("x", SlotType.REAL, 0.0);
        for (double constant : new double[] {0.0, 0.5, -1}) {
            Expression e = ExpressionParser.parse("x " + op + " " + constant, slots);
            SlotComparison c = e.slotComparison();
            assertNotNull(c, e.toString());
            assertEquals(0, c.slot());
            assertEquals(constant, c.constant());
            for (double x : VALUES) {
                slots.set("x", x);
                String what = x + " " + op + " " + constant;
                assertEquals(java(op, x, constant), c.holds(x), what);
                assertEquals(java(op, x, constant), e.evalBoolean(slots), what);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"<", "<=", ">", ">=", "==", "!="})
    void twoRealOperandsOfAnyFormDecideAsJavaDoes(String op) {
        TestSlots slots = new TestSlots().add("x", SlotType.REAL, 0.0).add("y", SlotType.REAL, 0.0);
        Expression e = ExpressionParser.parse("x " + op + " y", slots);
        for (double x : VALUES) {
            for (double y : VALUES) {
                slots.set("x", x);
                slots.set("y", y);
                assertEquals(java(op, x, y), e.evalBoolean(slots), x + " " + op + " " + y);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"<", "<=", ">", ">=", "==", "!="})
    void integerComparisonsDecideAsJavaDoes(String op) {
        TestSlots slots = new TestSlots().add("n", SlotType.INTEGER, 0);
        Expression e = ExpressionParser.parse("n " + op + " 2", slots);
        assertNull(e.slotComparison(), "an Integer slot is not a Real slot comparison");
        for (int n = 0; n <= 4; n++) {
            slots.set("n", n);
            assertEquals(java(op, n, 2), e.evalBoolean(slots), n + " " + op + " 2");
        }
    }

    @Test
    void onlyARealSlotAgainstAFiniteConstantIsReduced() {
        TestSlots slots = new TestSlots().add("x", SlotType.REAL, 0.0).add("y", SlotType.REAL, 0.0);
        assertEquals(new SlotComparison(0, 300.0, SlotComparison.GREATER | SlotComparison.EQUAL),
                ExpressionParser.parse("x >= 300", slots).slotComparison(), "an Integer literal is promoted");
        assertEquals(new SlotComparison(0, -2.5, SlotComparison.LESS),
                ExpressionParser.parse("x < -2.5", slots).slotComparison(), "a negative literal is a constant");
        for (String other : new String[] {"x + 1 >= 0", "300 <= x", "x >= y", "x >= -y", "not (x >= 0)",
            "x >= 0 and y >= 0", "x"}) {
            assertNull(ExpressionParser.parse(other, slots).slotComparison(), other);
        }
    }
}
