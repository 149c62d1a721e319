package org.btfmu.core.tasks;

import static org.btfmu.core.Board.flag;
import static org.btfmu.core.Tasks.action;
import static org.btfmu.core.Tasks.memory;
import static org.btfmu.core.Tasks.root;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.btfmu.core.Board;
import org.btfmu.core.Status;
import org.btfmu.core.TreeInstance;
import org.btfmu.core.blackboard.SlotType;
import org.junit.jupiter.api.Test;

class MemoryTest {

    @Test
    void latchesTheFirstResultAndDeactivatesTheChild() {
        Board b = new Board();
        int done = b.input("done", SlotType.BOOLEAN);
        TreeInstance t = b.instance(root("r", org.btfmu.core.Tasks.sequence("s", memory("m",
                action("a").done(flag(done)).build()), action("next").build())));
        t.start(0);
        assertEquals(Status.RUNNING, t.status(3));
        t.setBoolean(done, true);
        t.settle();
        assertEquals(Status.SUCCESS, t.status(2));
        assertEquals(Status.RUNNING, t.status(4));
        t.setBoolean(done, false);
        t.settle();
        assertEquals(Status.ACCEPT, t.status(3), "the child would accept again");
        assertEquals(Status.SUCCESS, t.status(2), "but the memory keeps its result");
        assertFalse(t.isActive(3));
        assertEquals(Status.RUNNING, t.status(4));
    }

    @Test
    void successOnlyLetsFailuresThrough() {
        Board b = new Board();
        int fail = b.input("fail", SlotType.BOOLEAN);
        int done = b.input("done", SlotType.BOOLEAN);
        TreeInstance t = b.instance(root("r", new Memory("m", action("a").done(flag(done)).fail(flag(fail)).build(),
                true)));
        t.setBoolean(fail, true);
        t.start(0);
        assertEquals(Status.FAILURE, t.status(1));
        t.setBoolean(fail, false);
        t.settle();
        assertEquals(Status.RUNNING, t.status(1), "not latched: the child runs");
        t.setBoolean(done, true);
        t.settle();
        assertEquals(Status.FINISHED, t.status(1));
        assertFalse(t.isActive(2), "latched memory deactivated its child");
        assertEquals(Status.SUCCESS, t.status(2), "after its exit the child is idle (done holds)");
    }

    @Test
    void latchesAFailureWhenActivatedAndKeepsIt() {
        Board b = new Board();
        int fail = b.input("fail", SlotType.BOOLEAN);
        TreeInstance t = b.instance(root("r", org.btfmu.core.Tasks.selector("sel",
                memory("m", action("a").fail(flag(fail)).build()), action("other").build())));
        t.setBoolean(fail, true);
        t.start(0);
        assertEquals(Status.FAILURE, t.status(2), "activated, latched the failure, deactivated");
        assertEquals(Status.RUNNING, t.status(4));
        t.setBoolean(fail, false);
        t.settle();
        assertEquals(Status.FAILURE, t.status(2));
        assertEquals(Status.ACCEPT, t.status(3));
        assertEquals(Status.RUNNING, t.status(4), "the latched failure keeps the selector on its second child");
    }

    @Test
    void doesNotLatchWhatItsChildDidBeforeTheParentGotThere() {
        Board b = new Board();
        int d1 = b.input("d1", SlotType.BOOLEAN);
        int d2 = b.input("d2", SlotType.BOOLEAN);
        TreeInstance t = b.instance(root("r", org.btfmu.core.Tasks.sequence("s",
                memory("m1", action("a1").done(flag(d1)).build()), memory("m2", action("a2").done(flag(d2)).build()))));
        t.start(0);
        t.setBoolean(d2, true);
        t.settle();
        t.setBoolean(d2, false);
        t.settle();
        t.setBoolean(d1, true);
        t.settle();
        assertEquals(Status.SUCCESS, t.status(2));
        assertEquals(Status.RUNNING, t.status(5), "a2 must still be done: its earlier success was not latched");
    }
}
