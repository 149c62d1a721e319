package org.btfmu.cosim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ValuesTest {

    @Test
    void boxedValuesKeepTheirTypeAndComeBackEqual() {
        Object[] boxed = {-0.0, Double.NaN, 1e-300, 7, Integer.MIN_VALUE, true, false, "a,b"};
        Values v = Values.of(boxed);
        assertEquals(List.of(VariableType.REAL, VariableType.REAL, VariableType.REAL, VariableType.INTEGER,
                VariableType.INTEGER, VariableType.BOOLEAN, VariableType.BOOLEAN, VariableType.STRING), types(v));
        assertArrayEquals(boxed, v.boxed(), "Double.equals: -0.0 stays -0.0, NaN stays NaN");
        assertEquals(Integer.MIN_VALUE, v.number(4), "an Integer as a double, exactly");
        assertEquals(1, v.number(5));
        assertEquals(0, v.number(6));
        assertEquals("value 7 is a String, not a number",
                assertThrows(IllegalArgumentException.class, () -> v.number(7)).getMessage());
    }

    @Test
    void aHeadIsAViewThatFollowsEveryChangeOfTheValues() {
        Values v = new Values(new VariableType[] {VariableType.REAL, VariableType.INTEGER, VariableType.STRING});
        Values head = v.head(2);
        v.reals[0] = 2.5;
        v.ints[1] = 42;
        v.strings[2] = "not in the head";
        assertEquals(2, head.size());
        assertArrayEquals(new Object[] {2.5, 42}, head.boxed());
        v.reals[0] = 3.5;
        assertEquals(3.5, head.real(0), "no copy: the master fills the values in place every step");
        assertSame(v, v.head(3), "the whole is the values themselves");
        assertThrows(IndexOutOfBoundsException.class, () -> v.head(4));
    }

    private static List<VariableType> types(Values v) {
        List<VariableType> types = new ArrayList<>();
        for (int i = 0; i < v.size(); i++) {
            types.add(v.type(i));
        }
        return types;
    }
}
