package org.btfmu.scenarios;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.btfmu.core.Status;
import org.btfmu.demo.Recording;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * 2014 paper, section 6 (Fig. 7-9): one day (86,400 s) of the solar aircraft,
 * examples/solar-day.json and the finite-state machine examples/solar-day-statemachine.json,
 * each built into an FMU and flown against the SolarAircraft FMU at a 10 s step.
 */
class SolarDayTest {

    static final double DAY = 86_400;
    static final double SUNRISE = 28_200; // the plant's default, 07:50
    static final double MIN = 6_000;
    static final double MAX = 13_000;
    static final double TOLERANCE = 5; // the missions' altitude_tolerance

    @TempDir
    static Path dir;

    static Recording tree;
    static Recording stateMachine;

    @BeforeAll
    static void fly() throws Exception {
        tree = Scenarios.fly("solar-day", PlantFmu.SOLAR_AIRCRAFT, DAY, 10, dir);
        stateMachine = Scenarios.fly("solar-day-statemachine", PlantFmu.SOLAR_AIRCRAFT, DAY, 10, dir);
    }

    @Test
    void beforeSunriseTheAircraftHoldsTheLowerLimitAndTheBatteryChargesOnlyAfterSunrise() {
        double[] t = tree.times();
        double[] altitude = tree.values("plant.altitude");
        double[] soc = tree.values("plant.soc");
        int lowest = 0;
        for (int i = 0; i < t.length && t[i] < SUNRISE; i++) {
            assertEquals(MIN, altitude[i], 1e-9, "altitude at t=" + t[i]);
            assertEquals(0, tree.integers("mission.mode")[i], "hold mode at t=" + t[i]);
            if (i > 0) {
                assertTrue(soc[i] < soc[i - 1], "the battery discharges at night (t=" + t[i] + ")");
            }
            lowest = i;
        }
        assertTrue(soc[lowest + 360] > soc[lowest], "the battery charges within an hour after sunrise");
    }

    @Test
    void itClimbsOnlyAfterTheBatteryIsFullAndThenRunsTheMissionAtTheUpperLimit() {
        double[] t = tree.times();
        double[] altitude = tree.values("plant.altitude");
        double[] soc = tree.values("plant.soc");
        int[] mode = tree.integers("mission.mode");
        int climbStart = -1;
        for (int i = 0; i < t.length; i++) {
            if (mode[i] == 1) {
                assertTrue(soc[i] > 0.97, "climbing with the battery at " + soc[i] + " (t=" + t[i] + ")");
                if (climbStart < 0) {
                    climbStart = i;
                }
            }
        }
        assertTrue(climbStart > 0, "never climbed");
        assertTrue(soc[climbStart - 1] > 0.99, "the climb starts once the battery is full: " + soc[climbStart - 1]);
        assertTrue(t[climbStart] > 10 * 3600 && t[climbStart] < 13 * 3600, "climb starts at " + t[climbStart] / 3600 + " h");
        Status[] mission = Scenarios.statuses(tree, "solar_day/day_plan/mission");
        int missionTime = 0;
        for (int i = 0; i < t.length; i++) {
            if (mission[i] == Status.RUNNING) {
                missionTime++;
                assertTrue(altitude[i] >= MAX - TOLERANCE - 1, "mission at " + altitude[i] + " m (t=" + t[i] + ")");
                assertTrue(i > climbStart, "mission before the climb");
            }
        }
        assertTrue(missionTime * 10 > 3 * 3600, "the mission ran only " + missionTime * 10 + " s");
    }

    @Test
    void inTheEveningItSinksToTheLowerLimitAgain() {
        double[] t = tree.times();
        double[] altitude = tree.values("plant.altitude");
        double[] solar = tree.values("plant.solar_power");
        int[] mode = tree.integers("mission.mode");
        int lastHigh = 0;
        for (int i = 0; i < t.length; i++) {
            if (altitude[i] >= MAX - TOLERANCE) {
                lastHigh = i;
            }
        }
        assertTrue(t[lastHigh] > 17 * 3600 && t[lastHigh] < 19 * 3600, "left the upper limit at " + t[lastHigh] / 3600 + " h");
        assertTrue(solar[lastHigh] < 4_000, "sinks only once the solar surplus is gone: " + solar[lastHigh] + " W");
        assertEquals(2, mode[lastHigh + 1], "sink mode");
        for (int i = 0; i < t.length; i++) {
            if (t[i] > 21 * 3600) {
                assertEquals(MIN, altitude[i], TOLERANCE, "altitude at t=" + t[i]);
                assertEquals(0, mode[i], "hold mode at t=" + t[i]);
            }
        }
    }

    @Test
    void theFiniteStateMachineGivesIdenticalAltitudeAndStateOfChargeTraces() {
        assertEquals(tree.size(), stateMachine.size());
        assertArrayEquals(tree.values("plant.altitude"), stateMachine.values("plant.altitude"));
        assertArrayEquals(tree.values("plant.soc"), stateMachine.values("plant.soc"));
        assertArrayEquals(tree.integers("mission.mode"), stateMachine.integers("mission.mode"));
    }
}
