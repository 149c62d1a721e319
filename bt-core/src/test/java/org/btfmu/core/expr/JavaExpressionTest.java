package org.btfmu.core.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import org.btfmu.core.blackboard.SlotType;
import org.junit.jupiter.api.Test;

class JavaExpressionTest {

    private final TestSlots slots = new TestSlots().add("r", SlotType.REAL, 2.5).add("i", SlotType.INTEGER, 7)
            .add("b", SlotType.BOOLEAN, true).add("s", SlotType.STRING, "text");

    @Test
    void constantsOfEachType() {
        assertEquals(1.25, JavaExpression.constant(1.25).evalReal(slots));
        assertEquals(SlotType.REAL, JavaExpression.constant(3L).type());
        assertEquals(3.0, JavaExpression.constant(3L).evalReal(slots));
        assertEquals(-4, JavaExpression.constant(-4).evalInteger(slots));
        assertTrue(JavaExpression.constant(true).evalBoolean(slots));
        assertFalse(JavaExpression.constant(false).evalBoolean(slots));
        assertEquals("x", JavaExpression.constant("x").evalString(slots));
        assertEquals("\"x\"", JavaExpression.constant("x").toString());
        assertEquals("false", JavaExpression.constant(false).toString());
    }

    @Test
    void slotsOfEachType() {
        assertEquals(2.5, JavaExpression.slot(SlotType.REAL, 0).evalReal(slots));
        assertEquals(7, JavaExpression.slot(SlotType.INTEGER, 1).evalInteger(slots));
        assertTrue(JavaExpression.slot(SlotType.BOOLEAN, 2).evalBoolean(slots));
        assertEquals("text", JavaExpression.slot(SlotType.STRING, 3).evalString(slots));
        slots.set("r", -1.0);
        assertEquals(-1.0, JavaExpression.slot(SlotType.REAL, 0).evalReal(slots));
        assertEquals(1, JavaExpression.slot(SlotType.REAL, 0).reads().length);
    }

    @Test
    void thresholdsAndTheirCrossings() {
        JavaExpression atLeast = JavaExpression.atLeast(0, 2.0);
        JavaExpression atMost = JavaExpression.atMost(0, 2.0);
        assertTrue(atLeast.evalBoolean(slots));
        assertFalse(atMost.evalBoolean(slots));
        assertEquals(0.5, atLeast.crossing().evalReal(slots));
        assertEquals(-0.5, atMost.crossing().evalReal(slots));
        slots.set("r", 2.0); // at the threshold both hold, and both crossings are +0.0
        assertTrue(atLeast.evalBoolean(slots));
        assertTrue(atMost.evalBoolean(slots));
        assertEquals(0.0, atLeast.crossing().evalReal(slots));
        assertEquals(0.0, atMost.crossing().evalReal(slots));
        assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(atMost.crossing().evalReal(slots)));
        slots.set("r", 1.0);
        assertFalse(atLeast.evalBoolean(slots));
        assertTrue(atMost.evalBoolean(slots));
        assertEquals(1.0, atMost.crossing().evalReal(slots));
        assertEquals("slot0 >= 2.0", atLeast.toString());
        assertEquals("slot0 <= 2.0", atMost.toString());
    }

    /**
     * An Action without done is a JavaExpression constant, made at an FMU's first fmi2Instantiate:
     * a lambda there (a hidden class) bootstraps java.lang.invoke on the importer's thread.
     */
    @Test
    void constantsAndSlotsAreNoLambdas() throws ReflectiveOperationException {
        for (JavaExpression e : new JavaExpression[] {JavaExpression.constant(false), JavaExpression.constant(1),
                JavaExpression.constant(1.0), JavaExpression.constant("s"), JavaExpression.slot(SlotType.REAL, 0),
                JavaExpression.atLeast(0, 1.0), JavaExpression.atMost(0, 1.0)}) {
            for (String name : new String[] {"real", "integer", "bool", "string"}) {
                Field field = JavaExpression.class.getDeclaredField(name);
                field.setAccessible(true);
                Object function = field.get(e);
                if (function != null) {
                    assertFalse(function.getClass().isHidden(), e + "'s " + name + " is a lambda");
                }
            }
        }
    }
}
