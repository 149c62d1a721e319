package org.btfmu.core;

import static org.btfmu.core.Tasks.action;
import static org.btfmu.core.Tasks.condition;
import static org.btfmu.core.Tasks.root;
import static org.btfmu.core.Tasks.sequence;
import static org.btfmu.core.Tasks.stateMachine;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.core.expr.JavaExpression;
import org.junit.jupiter.api.Test;

/** The crossing functions of a tree: the event indicators of a Model Exchange FMU. */
class CrossingValuesTest {

    private final Board board = new Board();
    private final int altitude = board.input("altitude", SlotType.REAL);
    private final int speed = board.input("speed", SlotType.REAL);

    private static double[] values(TreeInstance tree) {
        double[] out = new double[tree.definition().crossingCount()];
        tree.crossingValues(out);
        return out;
    }

    @Test
    void conditionAndActionPredicatesInTreeOrderWithoutChangingStatuses() {
        TreeInstance tree = board.instance(root("r", sequence("s",
                condition("high", JavaExpression.atLeast(altitude, 300)),
                action("climb").done(JavaExpression.atLeast(speed, 50))
                        .fail(JavaExpression.atMost(altitude, 10)).build())));
        assertEquals(3, tree.definition().crossingCount());
        assertEquals(2, tree.definition().crossingTask(0));
        assertEquals(3, tree.definition().crossingTask(2));
        tree.setReal(altitude, 100);
        tree.setReal(speed, 20);
        tree.start(0);
        assertArrayEquals(new double[] {-200, -30, -90}, values(tree));
        tree.setReal(altitude, 350);
        assertArrayEquals(new double[] {50, -30, -340}, values(tree), "inputs count before a settle");
        assertEquals(Status.FAILURE, tree.status(2), "no status changes until the tree settles");
        tree.settle();
        assertEquals(Status.RUNNING, tree.status(3));
        tree.setReal(speed, 60);
        tree.settle();
        assertEquals(Status.FINISHED, tree.status(3));
        assertArrayEquals(new double[] {50, 1, 1}, values(tree),
                "a finished action's predicates cannot change it: constant sign");
    }

    @Test
    void hysteresisShiftsTheSwitchingPointToTheBandsFarEdge() {
        TreeInstance tree = board.instance(root("r",
                condition("high", JavaExpression.atLeast(altitude, 300), 20)));
        tree.setReal(altitude, 250);
        tree.start(0);
        assertEquals(-70, values(tree)[0], 1e-12, "false: turns true at 320");
        tree.setReal(altitude, 315);
        tree.settle();
        assertEquals(Status.FAILURE, tree.status(1));
        assertEquals(-5, values(tree)[0], 1e-12);
        tree.setReal(altitude, 321);
        tree.settle();
        assertEquals(Status.SUCCESS, tree.status(1));
        assertEquals(41, values(tree)[0], 1e-12, "true: turns false below 280");
        tree.setReal(altitude, 281);
        tree.settle();
        assertEquals(Status.SUCCESS, tree.status(1));
        assertEquals(1, values(tree)[0], 1e-12);
    }

    @Test
    void onlyTheCurrentStatesGuardsOfARunningStateMachine() {
        TreeInstance tree = board.instance(root("r", stateMachine("m",
                List.of(StateSpec.of("low"), StateSpec.of("high")),
                List.of(new TransitionSpec("low", "high", JavaExpression.atLeast(altitude, 300), 0),
                        new TransitionSpec("high", "low", JavaExpression.atMost(altitude, 100), 0)))));
        tree.setReal(altitude, 200);
        tree.start(0);
        assertEquals(Status.RUNNING, tree.status(1));
        assertArrayEquals(new double[] {-100, 1}, values(tree));
        tree.setReal(altitude, 400);
        tree.settle();
        assertArrayEquals(new double[] {1, -300}, values(tree));
    }

    @Test
    void nextEventTimeIsTheEarliestWakeUpOrTheNextTick() {
        TreeInstance waiting = board.instance(root("r", Tasks.waitFor("w", 7.5)));
        waiting.start(1);
        assertEquals(8.5, waiting.nextEventTime());
        TreeInstance ticked = board.instance(root("r", condition("high", JavaExpression.atLeast(altitude, 300))),
                ProcessingMode.ticked(0.5));
        ticked.start(0);
        ticked.advanceTo(1.2);
        assertEquals(1.5, ticked.nextEventTime(), 1e-12);
        assertArrayEquals(new double[] {1}, values(ticked), "a ticked tree samples at its ticks only");
    }
}
