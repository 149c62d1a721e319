package org.btfmu.core.paper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.btfmu.core.Assignment;
import org.btfmu.core.Board;
import org.btfmu.core.FinalKind;
import org.btfmu.core.StateSpec;
import org.btfmu.core.Status;
import org.btfmu.core.TaskNode;
import org.btfmu.core.Tasks;
import org.btfmu.core.TraceRecorder;
import org.btfmu.core.TransitionSpec;
import org.btfmu.core.TreeInstance;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.core.expr.Expression;
import org.btfmu.core.expr.JavaExpression;
import org.junit.jupiter.api.Test;

/**
 * 2015, "Behavior Trees with Stateful Tasks": the square waypoint plan (1,000 m, reach
 * radius 100 m) flown by a point mass with a 200 m turn radius.
 */
class Paper2015Test {

    private static final double[][] WAYPOINTS = {{1000, 0}, {1000, 1000}, {0, 1000}, {0, 0}};
    private static final double RADIUS = 100;

    private final Board board = new Board();
    private final int x = board.input("x", SlotType.REAL);
    private final int y = board.input("y", SlotType.REAL);
    private final int targetX = board.output("target_x", SlotType.REAL);
    private final int targetY = board.output("target_y", SlotType.REAL);
    private final int current = board.output("waypoint", SlotType.INTEGER);
    private double closestToWp2 = Double.MAX_VALUE;

    private Expression near(int k) {
        double wx = WAYPOINTS[k][0];
        double wy = WAYPOINTS[k][1];
        return JavaExpression.bool(r -> Math.hypot(r.real(x) - wx, r.real(y) - wy) < RADIUS, x, y);
    }

    private List<Assignment> steerTo(int k) {
        return List.of(new Assignment(targetX, JavaExpression.constant(WAYPOINTS[k][0])),
                new Assignment(targetY, JavaExpression.constant(WAYPOINTS[k][1])),
                new Assignment(current, JavaExpression.constant(k + 1)));
    }

    /** The waypoint task of Fig. 3b: done within the radius, steers towards the waypoint while active. */
    private TaskNode waypoint(int k) {
        return Tasks.action("wp" + (k + 1)).done(near(k)).outputs(steerTo(k).toArray(new Assignment[0])).build();
    }

    /**
     * Starts south of the square, away from every waypoint: a memory latches a waypoint
     * reached on the way, even before the sequence gets to it (see {@code Memory}).
     */
    private static PointMass start() {
        return new PointMass(500, -300, 0);
    }

    /** Flies the plan for {@code seconds}; returns the sequence of commanded waypoints (1..4). */
    private List<Integer> fly(TreeInstance tree, double seconds, PointMass plane) {
        List<Integer> commanded = new ArrayList<>();
        double dt = 0.5;
        tree.setReal(x, plane.x);
        tree.setReal(y, plane.y);
        tree.start(0);
        for (double t = dt; t <= seconds; t += dt) {
            int wp = tree.getInteger(current);
            if (wp != 0 && (commanded.isEmpty() || commanded.get(commanded.size() - 1) != wp)) {
                commanded.add(wp);
            }
            plane.steer(dt, tree.getReal(targetX), tree.getReal(targetY));
            closestToWp2 = Math.min(closestToWp2, plane.distanceTo(WAYPOINTS[1][0], WAYPOINTS[1][1]));
            tree.advanceTo(t);
            tree.setReal(x, plane.x);
            tree.setReal(y, plane.y);
            tree.settle();
        }
        return commanded;
    }

    @Test
    void fig4NaiveSequenceCirclesAroundTheFirstWaypoint() {
        TreeInstance tree = board.instance(Tasks.root("plan", Tasks.loop("loop",
                Tasks.sequence("waypoints", waypoint(0), waypoint(1), waypoint(2), waypoint(3)))));
        TraceRecorder trace = TraceRecorder.attach(tree);
        PointMass plane = start();
        List<Integer> commanded = fly(tree, 600, plane);
        assertFalse(commanded.contains(3), "never gets past the second waypoint: " + commanded);
        assertTrue(closestToWp2 > 500, "never comes near wp2: " + closestToWp2);
        int wp1 = tree.definition().indexOf("plan/loop/waypoints/wp1");
        assertTrue(trace.count(wp1, Status.ACTIVATING) >= 5,
                "wp1 is re-engaged each time its radius is left: " + trace.count(wp1, Status.ACTIVATING));
    }

    @Test
    void fig8SequenceStarInALoopFliesTheSquareRepeatedly() {
        TreeInstance tree = board.instance(Tasks.root("plan", Tasks.loop("loop",
                Tasks.sequenceStar("waypoints", waypoint(0), waypoint(1), waypoint(2), waypoint(3)))));
        TraceRecorder trace = TraceRecorder.attach(tree);
        List<Integer> commanded = fly(tree, 800, start());
        assertTrue(commanded.size() >= 9, commanded.toString());
        for (int k = 0; k < commanded.size(); k++) {
            assertEquals(k % 4 + 1, commanded.get(k), "order " + commanded);
        }
        // the waypoint tasks return ACCEPT after their radius is left, but the memories hold
        int wp1 = tree.definition().indexOf("plan/loop/waypoints*/waypoints/m1/wp1");
        int laps = commanded.size() / 4 + 1;
        assertTrue(trace.count(wp1, Status.ACTIVATING) <= laps, "wp1 activated once per lap");
    }

    @Test
    void fig6StateMachineTaskFliesTheSameOrder() {
        List<StateSpec> states = new ArrayList<>();
        List<TransitionSpec> transitions = new ArrayList<>();
        for (int k = 0; k < 4; k++) {
            states.add(new StateSpec("wp" + (k + 1), List.of(), List.of(), steerTo(k), FinalKind.NONE));
            transitions.add(new TransitionSpec("wp" + (k + 1), "wp" + ((k + 1) % 4 + 1), near(k), 0));
        }
        TreeInstance tree = board.instance(Tasks.root("plan", Tasks.stateMachine("waypoints", states, transitions)));
        List<Integer> commanded = fly(tree, 800, start());
        assertTrue(commanded.size() >= 9, commanded.toString());
        for (int k = 0; k < commanded.size(); k++) {
            assertEquals(k % 4 + 1, commanded.get(k), "order " + commanded);
        }
        TreeInstance star = board.instance(Tasks.root("plan", Tasks.loop("loop",
                Tasks.sequenceStar("waypoints", waypoint(0), waypoint(1), waypoint(2), waypoint(3)))));
        assertEquals(fly(star, 800, start()), commanded,
                "the state machine and the sequence* plan command the same waypoints");
    }
}
