package org.btfmu.core.tasks;

import static org.btfmu.core.Board.flag;
import static org.btfmu.core.Tasks.action;
import static org.btfmu.core.Tasks.condition;
import static org.btfmu.core.Tasks.root;
import static org.btfmu.core.Tasks.selector;
import static org.btfmu.core.Tasks.sequence;
import static org.btfmu.core.Tasks.sequenceStar;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.btfmu.core.Board;
import org.btfmu.core.Status;
import org.btfmu.core.TreeInstance;
import org.btfmu.core.blackboard.SlotType;
import org.junit.jupiter.api.Test;

class ResetTest {

    @Test
    void activationResetsTheMemoriesBelowSoTheSequenceStartsOver() {
        Board b = new Board();
        int pause = b.input("pause", SlotType.BOOLEAN);
        int d1 = b.input("d1", SlotType.BOOLEAN);
        // r(0) sel(1) paused(2) pause(3) hold(4) work*(5) work(6) m1(7) a1(8) m2(9) a2(10)
        TreeInstance t = b.instance(root("r", selector("sel", sequence("paused", condition("pause", flag(pause)),
                action("hold").build()),
                sequenceStar("work", action("a1").done(flag(d1)).build(), action("a2").build()))));
        t.start(0);
        assertEquals(Status.RUNNING, t.status(8));
        t.setBoolean(d1, true);
        t.settle();
        t.setBoolean(d1, false);
        t.settle();
        assertEquals(Status.SUCCESS, t.status(7), "m1 latched");
        assertEquals(Status.RUNNING, t.status(10));

        t.setBoolean(pause, true);
        t.settle();
        assertEquals(Status.ACCEPT, t.status(10));
        assertEquals(Status.RUNNING, t.status(4));
        assertEquals(Status.SUCCESS, t.status(7), "still latched while the sequence* is idle");

        t.setBoolean(pause, false);
        t.settle();
        assertEquals(Status.RUNNING, t.status(8), "re-activation starts over at a1");
        assertEquals(Status.ACCEPT, t.status(10));
    }

    @Test
    void theSignalAlsoClearsAnElapsedWait() {
        Board b = new Board();
        int pause = b.input("pause", SlotType.BOOLEAN);
        // r(0) sel(1) paused(2) pause(3) hold(4) again(5) s(6) w(7) work(8)
        TreeInstance t = b.instance(root("r", selector("sel", sequence("paused", condition("pause", flag(pause)),
                action("hold").build()), org.btfmu.core.Tasks.reset("again", sequence("s",
                        org.btfmu.core.Tasks.waitFor("w", 1), action("work").build())))));
        t.start(0);
        t.advanceTo(5);
        assertEquals(Status.RUNNING, t.status(8));
        t.setBoolean(pause, true);
        t.settle();
        assertEquals(Status.SUCCESS, t.status(7), "the wait remembers it elapsed");
        assertEquals(Status.ACCEPT, t.status(5));
        t.setBoolean(pause, false);
        t.settle();
        assertEquals(Status.RUNNING, t.status(7), "the reset signal cleared the expiry: wait again");
        assertEquals(Status.ACCEPT, t.status(8));
        t.advanceTo(6);
        assertEquals(Status.RUNNING, t.status(8));
    }
}
