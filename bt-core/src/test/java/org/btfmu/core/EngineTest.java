package org.btfmu.core;

import static org.btfmu.core.Board.not;
import static org.btfmu.core.Board.set;
import static org.btfmu.core.Tasks.action;
import static org.btfmu.core.Tasks.condition;
import static org.btfmu.core.Tasks.loop;
import static org.btfmu.core.Tasks.root;
import static org.btfmu.core.Tasks.sequence;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.core.expr.JavaExpression;
import org.btfmu.core.tasks.Inverter;
import org.junit.jupiter.api.Test;

/** Processing-level properties: non-convergence, deep trees, event-driven cost, cyclic outputs. */
class EngineTest {

    /** A loop whose every iteration ends in the instant it started: it never settles. */
    static TreeInstance oscillating() {
        Board b = new Board();
        int flag = b.output("flag", SlotType.BOOLEAN);
        return b.instance(root("r", loop("l", -1, true, sequence("s", condition("clear", not(flag)),
                action("toggle").entry(set(flag, true)).exit(set(flag, false)).build()))));
    }

    @Test
    void anInstantThatDoesNotSettleIsANamedErrorNotAHang() {
        for (ProcessingMode mode : List.of(ProcessingMode.EVENT_DRIVEN, ProcessingMode.ticked(1))) {
            TreeInstance t = new TreeInstance(oscillating().definition(), mode);
            EngineException e = assertThrows(EngineException.class, () -> t.start(0));
            assertTrue(e.getMessage().contains("did not settle within 1000"), e.getMessage());
            assertTrue(e.tasks().contains("r/l/s/toggle") && e.tasks().contains("r/l/s/clear"), e.tasks().toString());
        }
    }

    @Test
    void outputsThatFeedThemselvesAreANamedError() {
        Board b = new Board();
        int x = b.output("x", SlotType.INTEGER);
        TreeInstance t = b.instance(root("r", action("count").outputs(new Assignment(x,
                JavaExpression.integer(r -> r.integer(x) + 1, x))).build()));
        EngineException e = assertThrows(EngineException.class, () -> t.start(0));
        assertTrue(e.tasks().contains("x"), e.getMessage());
    }

    @Test
    void tenThousandLevelsDeepWorkWithoutRecursion() {
        Board b = new Board();
        int go = b.input("go", SlotType.BOOLEAN);
        int out = b.output("out", SlotType.INTEGER);
        TaskNode node = sequence("leaf", condition("go", Board.flag(go)), action("act").outputs(set(out, 1)).build());
        for (int level = 0; level < 10_000; level++) {
            node = level % 2 == 0 ? new Inverter("i" + level, new Inverter("j", node)) : sequence("s" + level, node);
        }
        TreeInstance t = b.instance(root("r", node));
        assertTrue(t.definition().depth() > 10_000);
        t.start(0);
        assertEquals(0, t.getInteger(out));
        t.setBoolean(go, true);
        t.settle();
        assertEquals(1, t.getInteger(out));
        assertEquals(Status.RUNNING, t.status(1));
        int leaf = t.definition().size() - 1;
        assertTrue(t.definition().path(leaf).endsWith("/leaf/act"));
        assertTrue(t.counters().eventIterations() < 20, "sweeps do not grow with depth: " + t.counters());
    }

    @Test
    void anInputChangeReevaluatesOnlyTheAffectedPath() {
        Board b = new Board();
        int[] inputs = new int[100];
        TaskNode[] branches = new TaskNode[100];
        for (int k = 0; k < 100; k++) {
            inputs[k] = b.input("c" + k, SlotType.BOOLEAN);
            branches[k] = sequence("b" + k, condition("c", Board.flag(inputs[k])), action("a").build());
        }
        TreeInstance t = b.instance(root("r", new org.btfmu.core.tasks.Parallel("p", List.of(branches), 1, -1)));
        t.start(0);
        long before = t.counters().taskEvaluations();
        t.setBoolean(inputs[57], true);
        t.settle();
        long used = t.counters().taskEvaluations() - before;
        assertEquals(Status.RUNNING, t.status(t.definition().indexOf("r/p/b57/a")));
        assertTrue(used < 30, "a 302-task tree re-evaluated " + used + " tasks for one flipped condition");
    }

    @Test
    void anInputChangeThatFlipsNoPredicateCostsAPredicateCheckNotAnEvaluation() {
        Board b = new Board();
        int altitude = b.input("altitude", SlotType.REAL);
        TreeInstance t = b.instance(root("r", sequence("s",
                condition("high", JavaExpression.atLeast(altitude, 1000)),
                action("climb").done(JavaExpression.atLeast(altitude, 2000)).build())));
        t.start(0);
        Counters before = t.counters();
        for (int k = 1; k <= 10; k++) {
            t.setReal(altitude, 90 * k); // stays below 1000 and 2000
            t.settle();
        }
        Counters after = t.counters();
        assertEquals(before.taskEvaluations(), after.taskEvaluations(), "nothing flipped, nothing evaluated");
        assertEquals(20, after.predicateChecks() - before.predicateChecks(), "both readers checked, 10 times");

        t.setReal(altitude, 1500); // flips 'high' only
        t.settle();
        assertEquals(Status.RUNNING, t.status(t.definition().indexOf("r/s/climb")));
        long flip = t.counters().taskEvaluations() - after.taskEvaluations();
        assertTrue(flip > 0, "a flipped predicate is evaluated");

        // What the checks remember belongs to the state they saw, not to a restored one.
        int high = t.definition().indexOf("r/s/high");
        TreeState aboveIt = t.snapshot();
        t.setReal(altitude, 500);
        t.settle();
        assertEquals(Status.FAILURE, t.status(high));
        t.restore(aboveIt);
        assertEquals(Status.SUCCESS, t.status(high));
        t.setReal(altitude, 600); // false, as at the last check before the restore
        t.settle();
        assertEquals(Status.FAILURE, t.status(high), "the change after restore is evaluated");
    }

    /**
     * changeCount: equal counts mean equal values and statuses (what an FMU's published copy
     * relies on), and it stays put where nothing visible changes.
     */
    @Test
    void theChangeCountGrowsWithEveryVisibleChangeAndOnlyThen() {
        Board b = new Board();
        int altitude = b.input("altitude", SlotType.REAL);
        int out = b.output("out", SlotType.INTEGER);
        TreeInstance t = b.instance(root("r", sequence("s",
                condition("high", JavaExpression.atLeast(altitude, 1000)),
                action("climb").outputs(set(out, 1)).build())));
        t.start(0);
        long count = t.changeCount();
        t.setReal(altitude, 500);
        assertTrue(t.changeCount() > count, "an input's value changed");
        count = t.changeCount();
        t.settle(); // flips no predicate
        t.advanceTo(1);
        t.setReal(altitude, 500); // the same value
        t.settle();
        assertEquals(count, t.changeCount(), "nothing visible changed");
        TreeState low = t.snapshot();
        t.setReal(altitude, 1500);
        count = t.changeCount();
        t.settle(); // 'high' holds: climb runs and writes out
        assertEquals(1, t.getInteger(out));
        assertTrue(t.changeCount() > count, "statuses and an output changed");
        count = t.changeCount();
        t.restore(low);
        assertTrue(t.changeCount() > count, "a restored state");
    }

    @Test
    void tickedProcessingEvaluatesEveryTaskAtEveryTickAndChecksNoPredicates() {
        Board b = new Board();
        int altitude = b.input("altitude", SlotType.REAL);
        TreeInstance t = b.instance(root("r", sequence("s",
                condition("high", JavaExpression.atLeast(altitude, 1000)), action("climb").build())),
                ProcessingMode.ticked(1));
        t.start(0);
        long before = t.counters().taskEvaluations();
        for (int k = 1; k <= 10; k++) {
            t.setReal(altitude, 90 * k);
            t.advanceTo(k);
        }
        assertEquals(10 * 4, t.counters().taskEvaluations() - before, "4 tasks, one sweep per tick");
        assertEquals(0, t.counters().predicateChecks());
    }

    @Test
    void gettersAndSettersCheckSlotTypes() {
        Board b = new Board();
        int r = b.input("r", SlotType.REAL);
        TreeInstance t = b.instance(root("root", action("a").build()));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> t.setInteger(r, 1));
        assertTrue(e.getMessage().contains("'r' is REAL"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> t.getReal(5));
        assertThrows(IllegalStateException.class, t::settle);
    }
}
