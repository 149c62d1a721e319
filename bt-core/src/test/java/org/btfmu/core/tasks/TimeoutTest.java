package org.btfmu.core.tasks;

import static org.btfmu.core.Board.flag;
import static org.btfmu.core.Tasks.action;
import static org.btfmu.core.Tasks.root;
import static org.btfmu.core.Tasks.timeout;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.btfmu.core.Board;
import org.btfmu.core.Status;
import org.btfmu.core.TreeInstance;
import org.btfmu.core.blackboard.SlotType;
import org.junit.jupiter.api.Test;

class TimeoutTest {

    @Test
    void abortsAndDeactivatesASlowChild() {
        Board b = new Board();
        int done = b.input("done", SlotType.BOOLEAN);
        TreeInstance t = b.instance(root("r", timeout("t", 5, action("a").done(flag(done)).build())));
        t.start(0);
        t.advanceTo(4.99);
        assertEquals(Status.RUNNING, t.status(1));
        t.advanceTo(6);
        assertEquals(Status.ABORTED, t.status(1));
        assertEquals(Status.ACCEPT, t.status(2));
    }

    @Test
    void aChildThatFinishesInTimeFinishesTheTimeout() {
        Board b = new Board();
        int done = b.input("done", SlotType.BOOLEAN);
        TreeInstance t = b.instance(root("r", timeout("t", 5, action("a").done(flag(done)).build())));
        t.start(0);
        t.advanceTo(3);
        t.setBoolean(done, true);
        t.settle();
        t.advanceTo(10);
        assertEquals(Status.FINISHED, t.status(1));
        assertEquals(Status.FINISHED, t.status(2));
    }
}
