package org.btfmu.core.tasks;

import static org.btfmu.core.Board.flag;
import static org.btfmu.core.Tasks.action;
import static org.btfmu.core.Tasks.root;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.btfmu.core.Board;
import org.btfmu.core.Status;
import org.btfmu.core.TreeInstance;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.core.expr.JavaExpression;
import org.junit.jupiter.api.Test;

/** Throttle directly on the engine: a success stands for an interval of a measure; its event indicator. */
class ThrottleTest {

    @Test
    void aSuccessStandsUntilTheMeasureHasGrownByTheIntervalAndSignalsItsExpiry() {
        Board b = new Board();
        int odometer = b.input("odometer", SlotType.REAL);
        int done = b.input("done", SlotType.BOOLEAN);
        TreeInstance t = b.instance(root("r", new Throttle("th", action("plan").done(flag(done)).build(),
                JavaExpression.constant(100.0), JavaExpression.slot(SlotType.REAL, odometer))));
        assertEquals(1, t.definition().crossingCount(), "one event indicator: the measure");
        t.start(0);
        assertEquals(Status.RUNNING, t.status(2));
        double[] c = new double[1];
        t.crossingValues(c);
        assertEquals(1.0, c[0], "nothing stands: a constant");
        t.setReal(odometer, 10);
        t.setBoolean(done, true);
        t.settle();
        assertEquals(Status.FINISHED, t.status(1));
        assertFalse(t.isActive(2), "the child is kept inactive while the success stands");
        t.crossingValues(c);
        assertEquals(-100.0, c[0], 1e-12, "measure - expiry (10 - 110)");
        t.setBoolean(done, false);
        t.setReal(odometer, 109.5);
        t.settle();
        t.crossingValues(c);
        assertTrue(c[0] < 0, "still standing");
        assertEquals(Status.FINISHED, t.status(1));
    }
}
