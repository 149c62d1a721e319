package org.btfmu.core.tasks;

import static org.btfmu.core.Board.flag;
import static org.btfmu.core.Tasks.action;
import static org.btfmu.core.Tasks.condition;
import static org.btfmu.core.Tasks.loop;
import static org.btfmu.core.Tasks.root;
import static org.btfmu.core.Tasks.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.btfmu.core.Assignment;
import org.btfmu.core.Board;
import org.btfmu.core.Status;
import org.btfmu.core.TreeInstance;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.core.expr.JavaExpression;
import org.junit.jupiter.api.Test;

class LoopTest {

    @Test
    void runsTheChildAgainEachTimeItFinishesUpToCount() {
        Board b = new Board();
        int n = b.output("n", SlotType.INTEGER);
        TreeInstance t = b.instance(root("r", loop("l", 3, false, org.btfmu.core.Tasks.sequence("s",
                action("count").entry(new Assignment(n, JavaExpression.integer(r -> r.integer(n) + 1, n))).done(
                        org.btfmu.core.Board.constant(false)).build()))));
        t.start(0);
        assertEquals(1, t.getInteger(n));
        assertEquals(Status.RUNNING, t.status(1));
    }

    @Test
    void iterationsNeedActivationsAndTimeEventsPaceThem() {
        Board b = new Board();
        int n = b.output("n", SlotType.INTEGER);
        TreeInstance t = b.instance(root("r", loop("l", 3, false, org.btfmu.core.Tasks.sequence("s",
                waitFor("w", 10), action("tick").entry(new Assignment(n, JavaExpression.integer(
                        r -> r.integer(n) + 1, n))).done(JavaExpression.constant(true)).build()))));
        t.start(0);
        assertEquals(0, t.getInteger(n));
        t.advanceTo(10);
        assertEquals(0, t.getInteger(n), "done at idle: the action succeeds without activation, no hook");
        assertEquals(Status.RUNNING, t.status(1));
        t.advanceTo(100);
        assertEquals(Status.FINISHED, t.status(1), "three waits of 10 s");
        assertEquals(3, t.counters().timeEvents());
    }

    @Test
    void transientSuccessDoesNotSpin() {
        Board b = new Board();
        int ok = b.input("ok", SlotType.BOOLEAN);
        TreeInstance t = b.instance(root("r", loop("l", condition("ok", flag(ok)))));
        t.setBoolean(ok, true);
        t.start(0);
        assertEquals(Status.RUNNING, t.status(1));
        assertEquals(Status.SUCCESS, t.status(2));
        assertEquals(true, t.counters().eventIterations() < 10, "settled without spinning");
    }

    @Test
    void failureEndsTheLoopUnlessContinueOnFailure() {
        Board b = new Board();
        int fail = b.input("fail", SlotType.BOOLEAN);
        TreeInstance t = b.instance(root("r", loop("l", action("a").fail(flag(fail)).build())));
        t.start(0);
        t.setBoolean(fail, true);
        t.settle();
        assertEquals(Status.ABORTED, t.status(1));

        Board c = new Board();
        int fail2 = c.input("fail", SlotType.BOOLEAN);
        TreeInstance u = c.instance(root("r", loop("l", 2, true, org.btfmu.core.Tasks.sequence("s",
                waitFor("w", 1), action("a").fail(flag(fail2)).build()))));
        u.start(0);
        u.advanceTo(1);
        u.setBoolean(fail2, true);
        u.settle();
        assertEquals(Status.RUNNING, u.status(1), "first aborted iteration counted, loop continues");
    }
}
