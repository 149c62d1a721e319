package org.btfmu.core.paper;

import static org.btfmu.core.Board.flag;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.IntStream;
import org.btfmu.core.Assignment;
import org.btfmu.core.Board;
import org.btfmu.core.Recorder;
import org.btfmu.core.Status;
import org.btfmu.core.TaskNode;
import org.btfmu.core.Tasks;
import org.btfmu.core.TraceRecorder;
import org.btfmu.core.TreeInstance;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.core.expr.JavaExpression;
import org.junit.jupiter.api.Test;

/** 2013, "Behavior Trees for UAV Mission Management": transient tasks, hooks, chattering. */
class Paper2013Test {

    private final Board board = new Board();
    private final int altitudeOk = board.input("altitude_ok", SlotType.BOOLEAN);
    private final int entries = board.output("entries", SlotType.INTEGER);
    private final int checking = board.output("checking", SlotType.BOOLEAN);

    /**
     * A precondition as conventional behavior trees have it (Fig. 3): it answers only when
     * activated, and its answer stands for one tick of 1 s ({@code resultHold}).
     */
    private TaskNode tickedPrecondition(String name) {
        return Tasks.action(name)
                .entry(Board.set(checking, true))
                .exit(Board.set(checking, false))
                .done(JavaExpression.bool(r -> r.bool(checking) && r.bool(altitudeOk), checking, altitudeOk))
                .fail(JavaExpression.bool(r -> r.bool(checking) && !r.bool(altitudeOk), checking, altitudeOk))
                .resultHold(1)
                .build();
    }

    /** Runs Sequence(precondition, action) for 100 steps of 1 s; returns the action's trace. */
    private int activationsOfTheAction(TaskNode precondition) {
        TaskNode act = Tasks.action("act").entry(new Assignment(entries,
                JavaExpression.integer(r -> r.integer(entries) + 1, entries))).build();
        TreeInstance tree = board.instance(Tasks.root("r", Tasks.sequence("s", precondition, act)));
        TraceRecorder trace = TraceRecorder.attach(tree);
        tree.setBoolean(altitudeOk, true);
        tree.start(0);
        for (int t = 1; t <= 100; t++) {
            tree.advanceTo(t);
            tree.settle();
        }
        int action = tree.definition().indexOf("r/s/act");
        assertEquals(tree.getInteger(entries), trace.count(action, Status.ACTIVATING), "one entry hook per activation");
        assertEquals(Status.RUNNING, tree.status(action));
        return trace.count(action, Status.ACTIVATING);
    }

    @Test
    void fig3And5TransientPreconditionRunsTheActionWithoutReactivation() {
        assertEquals(1, activationsOfTheAction(Tasks.condition("altitude ok?", flag(altitudeOk))));
    }

    @Test
    void fig3And10NonTransientPreconditionChattersEveryStep() {
        int activations = activationsOfTheAction(tickedPrecondition("altitude ok?"));
        assertEquals(101, activations, "the action is deactivated and re-activated at every one of the 100 steps");
    }

    @Test
    void fig6aRunningChildSucceedsThenTheNextIsActivatedInTheSameInstant() {
        Board b = new Board();
        int pre = b.input("pre", SlotType.BOOLEAN);
        int done1 = b.input("done1", SlotType.BOOLEAN);
        TreeInstance t = b.instance(Tasks.root("r", Tasks.sequence("seq", Tasks.condition("pre", flag(pre)),
                Tasks.action("action1").done(flag(done1)).build(), Tasks.action("action2").build())));
        t.setBoolean(pre, true);
        t.start(0);
        Recorder rec = new Recorder();
        t.addStatusListener(rec);
        t.setBoolean(done1, true);
        t.settle();
        assertEquals(List.of("r/seq/action1:RUNNING->FINISHED", "r/seq/action1:FINISHED->DEACTIVATING",
                "r/seq/action1:DEACTIVATING->SUCCESS", "r/seq/action2:ACCEPT->ACTIVATING",
                "r/seq/action2:ACTIVATING->RUNNING"), rec.changes);
        assertEquals(Status.SUCCESS, t.status(2), "the transient precondition was never activated");
    }

    @Test
    void fig6bHigherPriorityChildRequestingActivationPreemptsTheRunningOne() {
        Board b = new Board();
        int need1 = b.input("need1", SlotType.BOOLEAN);
        TreeInstance t = b.instance(Tasks.root("r", Tasks.selector("sel", Tasks.condition("check", Board.constant(false)),
                Tasks.action("action1").fail(JavaExpression.bool(r -> !r.bool(need1), need1)).build(),
                Tasks.action("action2").build())));
        t.start(0);
        assertEquals(Status.FAILURE, t.status(3), "action1 is implicitly transient while not needed");
        assertEquals(Status.RUNNING, t.status(4));
        Recorder rec = new Recorder();
        t.addStatusListener(rec);
        t.setBoolean(need1, true);
        t.settle();
        assertEquals(List.of("r/sel/action1:FAILURE->ACCEPT", "r/sel/action2:RUNNING->DEACTIVATING",
                "r/sel/action2:DEACTIVATING->ACCEPT", "r/sel/action1:ACCEPT->ACTIVATING",
                "r/sel/action1:ACTIVATING->RUNNING"), rec.changes);
    }

    /** Fig. 7/9: take-off in a selector with the altitude check, then circuits; returns the altitude history. */
    private double[] flyTakeOff(boolean exitHook) {
        Board b = new Board();
        int altitude = b.input("altitude", SlotType.REAL);
        int climb = b.output("climb", SlotType.INTEGER);
        int targetAltitude = b.output("target_altitude", SlotType.REAL);
        int lateral = b.output("lateral_mode", SlotType.INTEGER);
        Tasks.ActionBuilder takeOff = Tasks.action("take-off").entry(new Assignment(climb, JavaExpression.constant(1)));
        if (exitHook) {
            takeOff.exit(new Assignment(climb, JavaExpression.constant(0)),
                    new Assignment(targetAltitude, JavaExpression.real(r -> r.real(altitude), altitude)));
        }
        TreeInstance tree = b.instance(Tasks.root("mission", Tasks.sequence("plan",
                Tasks.selector("gain altitude", Tasks.condition("altitude ok?", JavaExpression.atLeast(altitude, 1000)),
                        takeOff.build()),
                Tasks.action("circuits").outputs(new Assignment(lateral, JavaExpression.constant(3))).build())));
        PointMass plane = new PointMass(0, 0, 0);
        double[] history = new double[401];
        tree.start(0);
        for (int t = 1; t <= 400; t++) {
            plane.climb(1, tree.getInteger(climb), tree.getReal(targetAltitude));
            history[t] = plane.altitude;
            tree.advanceTo(t);
            tree.setReal(altitude, plane.altitude);
            tree.settle();
        }
        assertEquals(Status.RUNNING, tree.status(tree.definition().indexOf("mission/plan/circuits")));
        assertEquals(3, tree.getInteger(lateral));
        return history;
    }

    @Test
    void fig9TakeOffExitHookHoldsASafeAltitude() {
        double[] with = flyTakeOff(true);
        double max = IntStream.range(0, with.length).mapToDouble(k -> with[k]).max().orElseThrow();
        assertEquals(1000.0, with[400], 1e-9, "holds the altitude reached at the exit");
        assertTrue(max <= 1000.0 + 1e-9, "no overshoot: " + max);
        double[] without = flyTakeOff(false);
        assertTrue(without[400] > 3900, "without the exit hook it keeps climbing: " + without[400]);
    }
}
