package org.btfmu.core.tasks;

import static org.btfmu.core.Board.flag;
import static org.btfmu.core.Board.set;
import static org.btfmu.core.Tasks.action;
import static org.btfmu.core.Tasks.condition;
import static org.btfmu.core.Tasks.root;
import static org.btfmu.core.Tasks.selector;
import static org.btfmu.core.Tasks.sequence;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.btfmu.core.Board;
import org.btfmu.core.Recorder;
import org.btfmu.core.Status;
import org.btfmu.core.TreeInstance;
import org.btfmu.core.blackboard.SlotType;
import org.junit.jupiter.api.Test;

class SelectorTest {

    @Test
    void failedChildPassesOnAndSucceededChildSucceeds() {
        Board b = new Board();
        int a = b.input("a", SlotType.BOOLEAN);
        int c = b.input("c", SlotType.BOOLEAN);
        TreeInstance t = b.instance(root("r", selector("sel", condition("a", flag(a)), condition("c", flag(c)))));
        t.start(0);
        assertEquals(Status.FAILURE, t.status(1));
        t.setBoolean(c, true);
        t.settle();
        assertEquals(Status.SUCCESS, t.status(1));
        t.setBoolean(c, false);
        t.setBoolean(a, true);
        t.settle();
        assertEquals(Status.SUCCESS, t.status(1));
    }

    @Test
    void higherPriorityChildTakesTheFocusFromARunningLowerOne() {
        // 2013 Fig. 6b: the emergency branch preempts the mission branch.
        Board b = new Board();
        int emergency = b.input("emergency", SlotType.BOOLEAN);
        int mode = b.output("mode", SlotType.INTEGER);
        TreeInstance t = b.instance(root("r", selector("sel",
                sequence("emergency", condition("alarm", flag(emergency)),
                        action("land").outputs(set(mode, 9)).build()),
                action("mission").outputs(set(mode, 2)).exit(set(mode, 0)).build())));
        t.start(0);
        assertEquals(Status.RUNNING, t.status(5));
        assertEquals(2, t.getInteger(mode));
        Recorder rec = new Recorder();
        t.addStatusListener(rec);
        t.setBoolean(emergency, true);
        t.settle();
        assertEquals(Status.RUNNING, t.status(4));
        assertEquals(Status.ACCEPT, t.status(5));
        assertEquals(9, t.getInteger(mode));
        // break before make: the mission's exit completes before landing starts
        int exit = rec.changes.indexOf("r/sel/mission:DEACTIVATING->ACCEPT");
        int entry = rec.changes.indexOf("r/sel/emergency/land:ACCEPT->ACTIVATING");
        assertEquals(true, exit >= 0 && entry > exit, rec.changes.toString());

        t.setBoolean(emergency, false);
        t.settle();
        assertEquals(Status.RUNNING, t.status(5), "the mission resumes");
        assertEquals(List.of("RUNNING->DEACTIVATING", "DEACTIVATING->ACCEPT", "ACCEPT->ACTIVATING",
                "ACTIVATING->RUNNING"), rec.of("r/sel/mission"));
    }
}
