package org.btfmu.core.tasks;

import static org.btfmu.core.Board.flag;
import static org.btfmu.core.Tasks.action;
import static org.btfmu.core.Tasks.parallel;
import static org.btfmu.core.Tasks.root;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.btfmu.core.Board;
import org.btfmu.core.Status;
import org.btfmu.core.TreeInstance;
import org.btfmu.core.blackboard.SlotType;
import org.junit.jupiter.api.Test;

class ParallelTest {

    private static TreeInstance three(int success, int failure) {
        Board b = new Board();
        for (int k = 0; k < 3; k++) {
            b.input("done" + k, SlotType.BOOLEAN);
        }
        for (int k = 0; k < 3; k++) {
            b.input("fail" + k, SlotType.BOOLEAN);
        }
        return b.instance(root("r", parallel("p", success, failure,
                action("a0").done(flag(0)).fail(flag(3)).build(),
                action("a1").done(flag(1)).fail(flag(4)).build(),
                action("a2").done(flag(2)).fail(flag(5)).build())));
    }

    @Test
    void activatesEveryAcceptingChildAndSucceedsWhenAllSucceeded() {
        TreeInstance t = three(-1, 1);
        t.start(0);
        for (int i = 2; i <= 4; i++) {
            assertEquals(Status.RUNNING, t.status(i));
        }
        t.setBoolean(0, true);
        t.setBoolean(1, true);
        t.settle();
        assertEquals(Status.RUNNING, t.status(1));
        t.setBoolean(2, true);
        t.settle();
        assertEquals(Status.FINISHED, t.status(1));
    }

    @Test
    void oneSuccessIsEnoughWithThresholdOneAndTheOthersAreDeactivated() {
        TreeInstance t = three(1, -1);
        t.start(0);
        t.setBoolean(1, true);
        t.settle();
        assertEquals(Status.FINISHED, t.status(1));
        assertEquals(Status.FINISHED, t.status(3), "the deciding child stays active");
        assertTrue(t.isActive(3));
        assertFalse(t.isActive(2));
        assertEquals(Status.ACCEPT, t.status(2));
        assertEquals(Status.ACCEPT, t.status(4));
    }

    @Test
    void failsAtTheFailureThresholdOrWhenSuccessIsOutOfReach() {
        TreeInstance t = three(-1, 2);
        t.start(0);
        t.setBoolean(3, true);
        t.settle();
        assertEquals(Status.ABORTED, t.status(1), "with all needed, one failure makes success impossible");

        TreeInstance u = three(1, 2);
        u.start(0);
        u.setBoolean(3, true);
        u.settle();
        assertEquals(Status.RUNNING, u.status(1));
        u.setBoolean(4, true);
        u.settle();
        assertEquals(Status.ABORTED, u.status(1));
    }

    @Test
    void thresholdsAreChecked() {
        Board b = new Board();
        assertThrows(IllegalArgumentException.class, () -> parallel("p", 3, 1, action("a").build()));
    }
}
