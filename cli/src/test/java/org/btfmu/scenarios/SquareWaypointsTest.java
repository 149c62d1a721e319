package org.btfmu.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import org.btfmu.demo.Recording;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * 2015 paper (Fig. 2b, 5, 7): the square of four waypoints flown by sequence*
 * (examples/square-waypoints.json), by a StateMachine task and by a plain sequence,
 * each built into an FMU and flown against the PointMassAircraft FMU (1 s step).
 * The order is read from the trajectory: which waypoint's 100 m circle it enters.
 */
class SquareWaypointsTest {

    static final double[] WP_X = {0, 1000, 1000, 0}; // the missions' parameters
    static final double[] WP_Y = {1000, 1000, 0, 0};
    static final double RADIUS = 100;
    static final double STOP = 700;

    @TempDir
    Path dir;

    private List<Integer> visits(String example) throws Exception {
        Recording r = Scenarios.fly(example, PlantFmu.POINT_MASS_AIRCRAFT, STOP, 1, dir);
        List<Integer> visits = Scenarios.visits(r, WP_X, WP_Y, RADIUS, 0);
        assertEquals(4, visits.get(0), "the aircraft starts on waypoint 4 at (0, 0): " + visits);
        return visits.subList(1, visits.size());
    }

    private static void assertSquareInOrder(List<Integer> visits) {
        assertTrue(visits.size() >= 12, "three rounds expected in " + STOP + " s: " + visits);
        for (int i = 0; i < visits.size(); i++) {
            assertEquals(i % 4 + 1, visits.get(i), "visit " + i + " of " + visits);
        }
    }

    @Test
    void sequenceStarVisitsTheWaypointsInOrderAgainAndAgain() throws Exception {
        assertSquareInOrder(visits("square-waypoints"));
    }

    @Test
    void theStateMachineTaskGivesTheSameOrder() throws Exception {
        assertSquareInOrder(visits("square-waypoints-statemachine"));
    }

    @Test
    void aPlainSequenceKeepsReturningToTheFirstWaypoint() throws Exception {
        List<Integer> visits = visits("square-waypoints-naive");
        assertTrue(Collections.frequency(visits, 1) >= 3, "wp1 re-visited: " + visits);
        assertFalse(visits.contains(3), "never gets past wp2: " + visits);
        assertEquals(1, visits.get(visits.size() - 1), "still going back to wp1 at the end: " + visits);
    }
}
