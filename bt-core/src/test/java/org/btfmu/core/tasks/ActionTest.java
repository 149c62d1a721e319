package org.btfmu.core.tasks;

import static org.btfmu.core.Board.flag;
import static org.btfmu.core.Board.set;
import static org.btfmu.core.Tasks.action;
import static org.btfmu.core.Tasks.root;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.btfmu.core.Assignment;
import org.btfmu.core.Board;
import org.btfmu.core.Recorder;
import org.btfmu.core.Slot;
import org.btfmu.core.SlotKind;
import org.btfmu.core.Status;
import org.btfmu.core.TreeDefinition;
import org.btfmu.core.TreeInstance;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.core.expr.JavaExpression;
import org.junit.jupiter.api.Test;

class ActionTest {

    @Test
    void doneWhenIdleSucceedsWithoutActivation() {
        Board b = new Board();
        int done = b.input("done", SlotType.BOOLEAN);
        int out = b.output("out", SlotType.INTEGER);
        TreeInstance t = b.instance(root("r", action("a").done(flag(done)).entry(set(out, 5)).build()));
        t.setBoolean(done, true);
        t.start(0);
        assertEquals(Status.SUCCESS, t.status(1));
        assertEquals(0, t.getInteger(out), "no hook ran");
    }

    @Test
    void acceptActivatingRunningFinishedInOneInstant() {
        // the 2013 "advance waypoint" action: entry makes done true at once
        Board b = new Board();
        int request = b.output("request", SlotType.INTEGER);
        TreeInstance t = b.instance(root("r", action("advance")
                .done(JavaExpression.bool(r -> r.integer(request) > 0, request))
                .entry(new Assignment(request, JavaExpression.integer(r -> r.integer(request) + 1, request)))
                .build()));
        Recorder rec = new Recorder();
        t.addStatusListener(rec);
        t.start(0);
        assertEquals(List.of("ACCEPT->ACTIVATING", "ACTIVATING->RUNNING", "RUNNING->FINISHED"), rec.of("r/advance"));
        assertEquals(1, t.getInteger(request));
    }

    @Test
    void failWinsOverDone() {
        Board b = new Board();
        int f = b.input("f", SlotType.BOOLEAN);
        TreeInstance t = b.instance(root("r", action("a").done(Board.constant(true)).fail(flag(f)).build()));
        t.setBoolean(f, true);
        t.start(0);
        assertEquals(Status.FAILURE, t.status(1));
    }

    @Test
    void outputsFollowTheSlotsTheyReadWhileActiveOnly() {
        Board b = new Board();
        int x = b.input("x", SlotType.REAL);
        int stop = b.input("stop", SlotType.BOOLEAN);
        int y = b.output("y", SlotType.REAL);
        TreeInstance t = b.instance(root("r", action("track").fail(flag(stop))
                .outputs(new Assignment(y, JavaExpression.real(r -> 2 * r.real(x), x))).build()));
        t.setReal(x, 3);
        t.start(0);
        assertEquals(6.0, t.getReal(y));
        t.setReal(x, 4);
        t.settle();
        assertEquals(8.0, t.getReal(y));
        t.setBoolean(stop, true);
        t.settle();
        assertEquals(Status.ABORTED, t.status(1));
        assertEquals(8.0, t.getReal(y), "ABORTED is still active: it writes");
    }

    @Test
    void noActiveWriterShowsTheDefaultOrHoldsTheLastValue() {
        for (boolean hold : new boolean[] {false, true}) {
            Board b = new Board();
            int go = b.input("go", SlotType.BOOLEAN);
            int y = b.add(new Slot("y", SlotType.REAL, SlotKind.OUTPUT, -1.0, hold));
            TreeInstance t = b.instance(root("r", org.btfmu.core.Tasks.sequence("s", org.btfmu.core.Tasks.condition("go",
                    flag(go)), action("w").outputs(new Assignment(y, Board.constant(42.0))).build())));
            t.setBoolean(go, true);
            t.start(0);
            assertEquals(42.0, t.getReal(y));
            t.setBoolean(go, false);
            t.settle();
            assertEquals(hold ? 42.0 : -1.0, t.getReal(y), "holdLast=" + hold);
        }
    }

    @Test
    void entryAndExitDurationsAreTimeEvents() {
        Board b = new Board();
        int go = b.input("go", SlotType.BOOLEAN);
        TreeInstance t = b.instance(root("r", org.btfmu.core.Tasks.sequence("s", org.btfmu.core.Tasks.condition("go",
                flag(go)), action("a").entryDuration(2).exitDuration(3).build())));
        List<String> timeline = new ArrayList<>();
        t.addStatusListener((time, i, path, from, to) -> {
            if (path.equals("r/s/a")) {
                timeline.add(time + ":" + to);
            }
        });
        t.setBoolean(go, true);
        t.start(0);
        t.advanceTo(10);
        t.setBoolean(go, false);
        t.settle();
        t.advanceTo(20);
        assertEquals(List.of("0.0:ACTIVATING", "2.0:RUNNING", "10.0:DEACTIVATING", "13.0:ACCEPT"), timeline);
        assertEquals(2, t.counters().timeEvents());
    }

    /** An action that answers only while active (its entry raises a flag, its exit lowers it). */
    private static org.btfmu.core.Tasks.ActionBuilder check(int checking, int ok, double resultHold) {
        return action("check").entry(set(checking, true)).exit(set(checking, false))
                .done(JavaExpression.bool(r -> r.bool(checking) && r.bool(ok), checking, ok))
                .fail(JavaExpression.bool(r -> r.bool(checking) && !r.bool(ok), checking, ok))
                .resultHold(resultHold);
    }

    @Test
    void aHeldResultStandsUntilItsTimeEventThenTheActionAsksToBeActivatedAgain() {
        Board b = new Board();
        int ok = b.input("ok", SlotType.BOOLEAN);
        int checking = b.output("checking", SlotType.BOOLEAN);
        TreeInstance t = b.instance(root("r", org.btfmu.core.Tasks.selector("sel",
                check(checking, ok, 2).build(), action("fallback").build())));
        List<String> timeline = new ArrayList<>();
        t.addStatusListener((time, i, path, from, to) -> {
            if (to == Status.ACTIVATING && path.startsWith("r/sel/")) {
                timeline.add(time + ":" + path.substring("r/sel/".length()));
            }
        });
        t.start(0);
        assertEquals(Status.FAILURE, t.status(2), "the answer of the run stands");
        assertEquals(Status.RUNNING, t.status(3));
        assertEquals(2.0, t.nextTimeEvent(), "the held result expires at a time event");
        t.advanceTo(1.5);
        assertEquals(List.of("0.0:check", "0.0:fallback"), timeline, "nothing happens while the result holds");
        t.advanceTo(4.5);
        assertEquals(List.of("0.0:check", "0.0:fallback", "2.0:check", "2.0:fallback", "4.0:check", "4.0:fallback"),
                timeline, "the check takes the selector back when its result expires (2013 Fig. 3)");
        assertEquals(Status.RUNNING, t.status(3));
        assertTrue(!t.getBoolean(checking), "the check's exit hook ran each time");
    }

    @Test
    void withoutAResultHoldTheSameCheckDoesNotSettle() {
        Board b = new Board();
        int ok = b.input("ok", SlotType.BOOLEAN);
        int checking = b.output("checking", SlotType.BOOLEAN);
        TreeInstance t = b.instance(root("r", org.btfmu.core.Tasks.selector("sel",
                check(checking, ok, 0).build(), action("fallback").build())));
        org.btfmu.core.EngineException e = assertThrows(org.btfmu.core.EngineException.class, () -> t.start(0));
        assertTrue(e.getMessage().contains("r/sel/check"), e.getMessage());
    }

    @Test
    void aResetSignalClearsTheHeldResult() {
        Board b = new Board();
        int ok = b.input("ok", SlotType.BOOLEAN);
        int go = b.input("go", SlotType.BOOLEAN);
        int checking = b.output("checking", SlotType.BOOLEAN);
        TreeInstance t = b.instance(root("r", org.btfmu.core.Tasks.loop("loop", 2, false,
                org.btfmu.core.Tasks.sequence("s", check(checking, ok, 100).build(),
                        action("work").done(flag(go)).build()))));
        org.btfmu.core.TraceRecorder trace = org.btfmu.core.TraceRecorder.attach(t);
        t.setBoolean(ok, true);
        t.start(0);
        int check = t.definition().indexOf("r/loop/s/check");
        assertEquals(1, trace.count(check, Status.ACTIVATING));
        t.setBoolean(go, true);
        t.settle();
        assertEquals(2, trace.count(check, Status.ACTIVATING),
                "the second iteration's reset made the check answer again despite its 100 s hold");
        assertEquals(Status.FINISHED, t.status(1), "two iterations, then the loop is done");
    }

    @Test
    void hooksMayNotWriteInputs() {
        Board b = new Board();
        int in = b.input("in", SlotType.INTEGER);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TreeDefinition.of(
                b.definition(), root("r", action("a").entry(set(in, 1)).build())));
        assertTrue(e.getMessage().contains("r/a") && e.getMessage().contains("'in'"), e.getMessage());
    }

    @Test
    void twoActiveWritersFirstInDepthFirstOrderWinsAndTheConflictIsReportedOnce() {
        Board b = new Board();
        int v = b.input("v", SlotType.INTEGER);
        int y = b.output("y", SlotType.INTEGER);
        TreeInstance t = b.instance(root("r", new Parallel("p", List.of(
                action("first").outputs(new Assignment(y, JavaExpression.integer(r -> r.integer(v) + 1, v))).build(),
                action("second").outputs(set(y, 100)).build()), -1, 1)));
        List<String> warnings = new ArrayList<>();
        t.addWarningListener(warnings::add);
        t.start(0);
        assertEquals(1, t.getInteger(y));
        t.setInteger(v, 5);
        t.settle();
        assertEquals(6, t.getInteger(y));
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("'y'") && warnings.get(0).contains("r/p/first"), warnings.get(0));
    }

    @Test
    void hookAssignmentsRunInOrderAndSeeEachOther() {
        Board b = new Board();
        int first = b.output("first", SlotType.INTEGER);
        int second = b.output("second", SlotType.INTEGER);
        TreeInstance t = b.instance(root("r", action("a").entry(set(first, 4),
                new Assignment(second, JavaExpression.integer(r -> r.integer(first) * 10, first))).build()));
        t.start(0);
        assertEquals(4, t.getInteger(first));
        assertEquals(40, t.getInteger(second));
    }
}
