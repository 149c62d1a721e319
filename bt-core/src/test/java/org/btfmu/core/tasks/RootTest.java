package org.btfmu.core.tasks;

import static org.btfmu.core.Board.flag;
import static org.btfmu.core.Tasks.action;
import static org.btfmu.core.Tasks.condition;
import static org.btfmu.core.Tasks.root;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.btfmu.core.Board;
import org.btfmu.core.Status;
import org.btfmu.core.TreeInstance;
import org.btfmu.core.blackboard.SlotType;
import org.junit.jupiter.api.Test;

class RootTest {

    @Test
    void activatesItsChildWheneverItAcceptsAndWatchesTransientResults() {
        Board b = new Board();
        int done = b.input("done", SlotType.BOOLEAN);
        TreeInstance t = b.instance(root("r", action("a").done(flag(done)).build()));
        t.setBoolean(done, true);
        t.start(0);
        assertTrue(t.isActive(0));
        assertEquals(Status.SUCCESS, t.status(1));
        assertEquals(Status.RUNNING, t.status(0), "a transient result does not end the tree");
        t.setBoolean(done, false);
        t.settle();
        assertEquals(Status.RUNNING, t.status(1));
        t.setBoolean(done, true);
        t.settle();
        assertEquals(Status.FINISHED, t.status(1));
        assertEquals(Status.FINISHED, t.status(0), "a non-transient result ends it");
        t.setBoolean(done, false);
        t.settle();
        assertEquals(Status.FINISHED, t.status(0), "and stays: only a parent could end the child");
    }

    @Test
    void aConditionUnderTheRootIsNeverActivated() {
        Board b = new Board();
        int c = b.input("c", SlotType.BOOLEAN);
        TreeInstance t = b.instance(root("r", condition("c", flag(c))));
        t.start(0);
        t.setBoolean(c, true);
        t.settle();
        assertEquals(1, t.counters().activations(), "only the root itself");
        assertEquals(Status.SUCCESS, t.status(1));
    }

    @Test
    void endOnTransientResultEndsTheTreeWhenTheChildAnswersWithoutStarting() {
        Board b = new Board();
        int c = b.input("c", SlotType.BOOLEAN);
        TreeInstance t = b.instance(new Root("r", condition("c", flag(c)), false, true));
        t.setBoolean(c, false);
        t.start(0);
        assertEquals(Status.FAILURE, t.status(1));
        assertEquals(Status.ABORTED, t.status(0), "BT.CPP: the first tick's FAILURE is the tree's result");
        t.setBoolean(c, true);
        t.settle();
        assertEquals(Status.ABORTED, t.status(0), "and stays");

        TreeInstance s = b.instance(new Root("r", condition("c", flag(c)), false, true));
        s.setBoolean(c, true);
        s.start(0);
        assertEquals(Status.FINISHED, s.status(0));
    }
}
