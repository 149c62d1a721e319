package org.btfmu.core.tasks;

import static org.btfmu.core.Board.flag;
import static org.btfmu.core.Board.set;
import static org.btfmu.core.Tasks.action;
import static org.btfmu.core.Tasks.condition;
import static org.btfmu.core.Tasks.root;
import static org.btfmu.core.Tasks.sequence;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.btfmu.core.Board;
import org.btfmu.core.Recorder;
import org.btfmu.core.Status;
import org.btfmu.core.TreeInstance;
import org.btfmu.core.blackboard.SlotType;
import org.junit.jupiter.api.Test;

class SequenceTest {

    @Test
    void succeededChildPassesOnToTheNextAndAllSucceededSucceeds() {
        Board b = new Board();
        int a = b.input("a", SlotType.BOOLEAN);
        int done1 = b.input("done1", SlotType.BOOLEAN);
        int done2 = b.input("done2", SlotType.BOOLEAN);
        TreeInstance t = b.instance(root("r", sequence("s", condition("c", flag(a)),
                action("a1").done(flag(done1)).build(), action("a2").done(flag(done2)).build())));
        t.setBoolean(a, true);
        t.start(0);
        assertEquals(Status.RUNNING, t.status(1));
        assertEquals(Status.SUCCESS, t.status(2));
        assertEquals(Status.RUNNING, t.status(3));
        assertEquals(Status.ACCEPT, t.status(4));

        t.setBoolean(done1, true);
        t.settle();
        assertEquals(Status.SUCCESS, t.status(3), "finished, then deactivated: done still holds");
        assertEquals(Status.RUNNING, t.status(4));

        t.setBoolean(done2, true);
        t.settle();
        assertEquals(Status.FINISHED, t.status(1));
        assertEquals(Status.FINISHED, t.status(4), "the child that decided the result stays active");
        assertEquals(Status.FINISHED, t.status(0));
    }

    @Test
    void failedChildFailsTheSequenceTransientlyWhenIdle() {
        Board b = new Board();
        int a = b.input("a", SlotType.BOOLEAN);
        TreeInstance t = b.instance(root("r", sequence("s", condition("c", flag(a)), action("x").build())));
        t.start(0);
        assertEquals(Status.FAILURE, t.status(1));
        assertEquals(Status.ACCEPT, t.status(3));
        assertEquals(Status.RUNNING, t.status(0), "the root waits for the child to accept");
        t.setBoolean(a, true);
        t.settle();
        assertEquals(Status.RUNNING, t.status(1));
        assertEquals(Status.RUNNING, t.status(3));
    }

    @Test
    void failingConditionWhileRunningFailsAndDeactivatesTheAction() {
        Board b = new Board();
        int a = b.input("a", SlotType.BOOLEAN);
        int cmd = b.output("cmd", SlotType.INTEGER);
        TreeInstance t = b.instance(root("r", sequence("s", condition("c", flag(a)),
                action("x").outputs(set(cmd, 7)).exit(set(cmd, -1)).build())));
        t.setBoolean(a, true);
        t.start(0);
        assertEquals(7, t.getInteger(cmd));
        Recorder rec = new Recorder();
        t.addStatusListener(rec);
        t.setBoolean(a, false);
        t.settle();
        assertEquals(List.of("RUNNING->DEACTIVATING", "DEACTIVATING->ACCEPT"), rec.of("r/s/x"));
        assertEquals(List.of("RUNNING->ABORTED"), rec.of("r/s"));
        assertEquals(-1, t.getInteger(cmd), "exit hook value stays after the output stopped");
        assertEquals(Status.ABORTED, t.status(1));
        assertTrue(t.isActive(1));
        assertFalse(t.isActive(3));
    }

    @Test
    void breakBeforeMakeWaitsForTheSlowExitOfThePreviousChild() {
        Board b = new Board();
        int done1 = b.input("done1", SlotType.BOOLEAN);
        TreeInstance t = b.instance(root("r", sequence("s",
                action("a1").done(flag(done1)).exitDuration(5).build(), action("a2").build())));
        t.start(0);
        t.setBoolean(done1, true);
        t.settle();
        assertEquals(Status.DEACTIVATING, t.status(2));
        assertEquals(Status.ACCEPT, t.status(3), "not activated while a1 is still leaving");
        t.advanceTo(4.9);
        assertEquals(Status.ACCEPT, t.status(3));
        t.advanceTo(10);
        assertEquals(Status.SUCCESS, t.status(2));
        assertEquals(Status.RUNNING, t.status(3));
        Recorder rec = new Recorder();
        t.addStatusListener(rec);
        assertEquals(1, t.counters().timeEvents(), "the exit end is a time event at t=5");
    }
}
