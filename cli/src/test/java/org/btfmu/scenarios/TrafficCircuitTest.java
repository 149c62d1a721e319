package org.btfmu.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.btfmu.core.Status;
import org.btfmu.demo.Recording;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * 2013 paper, section 6 (Fig. 7-9): examples/traffic-circuit.json built into an FMU
 * and flown against the PointMassAircraft FMU at a 1 s communication step.
 */
class TrafficCircuitTest {

    static final String TAKE_OFF = "traffic_circuit/mission/altitude_selector/take_off";
    static final String ADVANCE = "traffic_circuit/mission/circuits/waypoint_plan/next_waypoint/advance";
    static final String RESET = "traffic_circuit/mission/circuits/waypoint_plan/next_waypoint/reset";
    static final double SAFE_ALTITUDE = 300; // the mission's parameter
    static final double HYSTERESIS = 20; // of its altitude_reached condition
    static final double[] WP_X = {0, 1000, 1000, 0}; // the plant's default square
    static final double[] WP_Y = {1000, 1000, 0, 0};

    @TempDir
    static Path dir;

    static Recording flight;

    @BeforeAll
    static void fly() throws Exception {
        flight = Scenarios.fly("traffic-circuit", PlantFmu.POINT_MASS_AIRCRAFT, 900, 1, dir);
    }

    /** The first sample at which the take-off is no longer active. */
    static int endOfTakeOff(Recording r) {
        Status[] takeOff = Scenarios.statuses(r, TAKE_OFF);
        for (int i = 0; i < takeOff.length; i++) {
            if (i > 0 && !takeOff[i].isNonTransient()) {
                return i;
            }
        }
        throw new AssertionError("the take-off never ended");
    }

    @Test
    void takeOffIsActiveWhileBelowTheSafeAltitudeAndEndsOneStepAfterTheCrossing() {
        Status[] takeOff = Scenarios.statuses(flight, TAKE_OFF);
        double[] altitude = flight.values("plant.altitude");
        int[] mode = flight.integers("mission.mode");
        int end = endOfTakeOff(flight);
        for (int i = 0; i < end; i++) {
            assertEquals(Status.RUNNING, takeOff[i], "take-off at sample " + i + ", altitude " + altitude[i]);
            assertEquals(1, mode[i], "climb mode during the take-off");
        }
        // The tree sees the altitude of a communication point during the next step.
        for (int i = 0; i < end - 1; i++) {
            assertTrue(altitude[i] <= SAFE_ALTITUDE + HYSTERESIS, "still taking off at " + altitude[i] + " m");
        }
        assertTrue(altitude[end - 1] > SAFE_ALTITUDE + HYSTERESIS, "ended at " + altitude[end - 1] + " m");
    }

    @Test
    void theExitHookHoldsTheAltitudeAfterTheTakeOff() {
        double[] altitude = flight.values("plant.altitude");
        int[] mode = flight.integers("mission.mode");
        double[] target = flight.values("mission.target_altitude");
        int end = endOfTakeOff(flight);
        assertTrue(end < altitude.length / 4, "the take-off takes most of the flight");
        for (int i = end; i < altitude.length; i++) {
            assertTrue(mode[i] != 1, "climbing again at sample " + i);
            assertEquals(SAFE_ALTITUDE, target[i], "the hook's target altitude");
            assertTrue(altitude[i] < SAFE_ALTITUDE + 2 * HYSTERESIS, "altitude " + altitude[i] + " at sample " + i);
        }
        assertEquals(SAFE_ALTITUDE, altitude[altitude.length - 1], 1.0, "settled on the held altitude");
    }

    @Test
    void withoutTheExitHookTheAircraftKeepsClimbing() throws Exception {
        // The take-off also commands its climb through the held target_altitude output (as the
        // paper's climb command); with no exit hook nothing takes that command back.
        Recording noHook = Scenarios.flyVariant("traffic-circuit", text -> text
                .replace("\"target_speed\": \"cruise_speed\"},",
                        "\"target_speed\": \"cruise_speed\", \"target_altitude\": \"100000\"},")
                .replaceAll(",\\s*\"exit\": \\{\"mode\": \"0\", \"target_altitude\": \"safe_altitude\"\\}", ""),
                "traffic-circuit-no-exit-hook", PlantFmu.POINT_MASS_AIRCRAFT, 300, 1, dir);
        double[] altitude = noHook.values("plant.altitude");
        int end = endOfTakeOff(noHook);
        for (int i = end + 1; i < altitude.length; i++) {
            assertTrue(altitude[i] > altitude[i - 1], "stopped climbing at sample " + i);
        }
        assertTrue(altitude[altitude.length - 1] > 3 * SAFE_ALTITUDE, "only " + altitude[altitude.length - 1] + " m");
    }

    @Test
    void theWaypointsAreFlownInOrderAndTheLoopStartsOver() {
        List<Integer> visits = Scenarios.visits(flight, WP_X, WP_Y, 100, endOfTakeOff(flight));
        assertTrue(visits.size() >= 10, "visits " + visits);
        for (int i = 0; i < visits.size(); i++) {
            assertEquals(i % 4 + 1, visits.get(i), "visit " + i + " of " + visits);
        }
    }

    @Test
    void theAdvanceAtTheLastWaypointFailsAndTheResetRuns() {
        int[] index = flight.integers("plant.waypoint_index");
        int[] resets = flight.integers("mission.reset_request");
        Status[] advance = Scenarios.statuses(flight, ADVANCE);
        Status[] reset = Scenarios.statuses(flight, RESET);
        int circuits = 0;
        for (int i = 1; i < index.length; i++) {
            if (resets[i] > resets[i - 1]) {
                circuits++;
                assertEquals(4, index[i - 1], "a reset only at the last waypoint (sample " + i + ")");
                assertEquals(1, index[i], "the reset moves the pointer back to waypoint 1 (sample " + i + ")");
                assertEquals(Status.FAILURE, advance[i], "the reset follows a failed advance (sample " + i + ")");
                assertTrue(reset[i].isNonTransient(), "the reset runs (sample " + i + ")");
            }
            if (index[i] != index[i - 1] && resets[i] == resets[i - 1]) {
                assertEquals(index[i - 1] + 1, index[i], "advance moves one waypoint on (sample " + i + ")");
            }
        }
        assertTrue(circuits >= 2, "reset " + circuits + " times");
    }
}
