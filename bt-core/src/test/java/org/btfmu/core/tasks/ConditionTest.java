package org.btfmu.core.tasks;

import static org.btfmu.core.Tasks.condition;
import static org.btfmu.core.Tasks.root;
import static org.btfmu.core.Tasks.sequence;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.btfmu.core.Board;
import org.btfmu.core.Status;
import org.btfmu.core.TreeInstance;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.core.expr.JavaExpression;
import org.junit.jupiter.api.Test;

class ConditionTest {

    @Test
    void followsThePredicateAndIsNeverActivated() {
        Board b = new Board();
        int alt = b.input("altitude", SlotType.REAL);
        TreeInstance t = b.instance(root("r", condition("high", JavaExpression.atLeast(alt, 1000))));
        t.start(0);
        assertEquals(Status.FAILURE, t.status(1));
        t.setReal(alt, 1000);
        t.settle();
        assertEquals(Status.SUCCESS, t.status(1));
        assertEquals(0, t.counters().activations() - 1, "only the root was ever activated");
    }

    @Test
    void hysteresisHoldsTheResultInsideTheBand() {
        Board b = new Board();
        int alt = b.input("altitude", SlotType.REAL);
        TreeInstance t = b.instance(root("r", sequence("s", condition("high", JavaExpression.atLeast(alt, 1000), 50))));
        t.start(0);
        double[] altitudes = {1020, 1051, 1000, 951, 949, 1049, 1050.5};
        Status[] expected = {Status.FAILURE, Status.SUCCESS, Status.SUCCESS, Status.SUCCESS, Status.FAILURE,
            Status.FAILURE, Status.SUCCESS};
        for (int k = 0; k < altitudes.length; k++) {
            t.setReal(alt, altitudes[k]);
            t.settle();
            assertEquals(expected[k], t.status(2), "altitude " + altitudes[k]);
        }
    }

    @Test
    void hysteresisNeedsAComparison() {
        Board b = new Board();
        int f = b.input("f", SlotType.BOOLEAN);
        assertThrows(IllegalArgumentException.class, () -> condition("c", Board.flag(f), 1));
    }
}
