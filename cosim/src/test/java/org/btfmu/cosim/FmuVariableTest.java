package org.btfmu.cosim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The equality of variables and references (written out, not the records' own): every component counts. */
class FmuVariableTest {

    private static FmuVariable variable(String name) {
        return new FmuVariable(name, 7, VariableType.REAL, "Real", "output", "continuous");
    }

    @Test
    void variablesWithTheSameComponentsAreEqualAndHashAlike() {
        FmuVariable a = variable("altitude");
        FmuVariable b = variable(new String("altitude"));
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertEquals(new FmuVariable(null, 0, null, null, null, null), new FmuVariable(null, 0, null, null, null, null));
    }

    @Test
    void variablesDifferingInAnyOneComponentDiffer() {
        FmuVariable a = variable("altitude");
        List<FmuVariable> others = List.of(
                new FmuVariable("soc", 7, VariableType.REAL, "Real", "output", "continuous"),
                new FmuVariable("altitude", 8, VariableType.REAL, "Real", "output", "continuous"),
                new FmuVariable("altitude", 7, VariableType.INTEGER, "Real", "output", "continuous"),
                new FmuVariable("altitude", 7, VariableType.REAL, "Enumeration", "output", "continuous"),
                new FmuVariable("altitude", 7, VariableType.REAL, "Real", "input", "continuous"),
                new FmuVariable("altitude", 7, VariableType.REAL, "Real", "output", "discrete"),
                new FmuVariable(null, 7, VariableType.REAL, "Real", "output", "continuous"));
        for (FmuVariable other : others) {
            assertNotEquals(a, other, other.toString());
            assertNotEquals(other, a, other.toString());
        }
        assertNotEquals(a, "altitude");
    }

    @Test
    void referencesAreEqualForTheSameInstanceAndAnEqualVariable() {
        VariableReference a = new VariableReference(null, variable("altitude"));
        VariableReference b = new VariableReference(null, variable(new String("altitude")));
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(a, new VariableReference(null, variable("soc")));
        assertNotEquals(a, new VariableReference(null, null));
        assertEquals(new VariableReference(null, null), new VariableReference(null, null));
    }
}
