package org.btfmu.testfmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PointMassAircraftTest {

    @TempDir
    Path dir;

    @Test
    void takeOffModeClimbsAtTheLargestRateWithoutLimit() {
        try (Plant plant = new Plant(PlantFmu.POINT_MASS_AIRCRAFT, dir)) {
            plant.set("climb_rate_max", 4.0).set("target_altitude", 100.0).start();
            plant.set("mode", 1);
            for (int i = 0; i < 300; i++) {
                plant.step(1.0);
            }
            assertEquals(1200.0, plant.real("altitude"), 1e-6, "300 s at 4 m/s, past target_altitude");
            assertEquals(4.0, plant.real("climb_rate"), 0.0);
            assertEquals(0.0, plant.real("heading"), 1e-12, "take-off keeps the heading");
            assertEquals(25.0 * 300, plant.real("y"), 1e-6, "flies north at speed0");
        }
    }

    @Test
    void flyingToAWaypointAfterTakeOffKeepsClimbingUnlessANewAltitudeIsCommanded() {
        for (boolean exitHook : new boolean[] {false, true}) {
            try (Plant plant = new Plant(PlantFmu.POINT_MASS_AIRCRAFT, dir)) {
                plant.start();
                plant.set("mode", 1);
                for (int i = 0; i < 60; i++) {
                    plant.step(1.0);
                }
                assertEquals(300.0, plant.real("altitude"), 1e-6);
                // The next instant: the fly action's mode, with or without the take-off's exit hook.
                if (exitHook) {
                    plant.set("target_altitude", 300.0);
                }
                plant.set("mode", 3);
                for (int i = 0; i < 120; i++) {
                    plant.step(1.0);
                }
                if (exitHook) {
                    assertEquals(300.0, plant.real("altitude"), 0.5, "held after the exit hook");
                } else {
                    assertEquals(900.0, plant.real("altitude"), 1e-6, "still climbing (2013 Fig. 9)");
                }
            }
        }
    }

    @Test
    void holdModeSettlesOnTargetAltitudeAndSpeed() {
        try (Plant plant = new Plant(PlantFmu.POINT_MASS_AIRCRAFT, dir)) {
            plant.set("altitude0", 500.0).set("heading0", 90.0).start();
            plant.set("mode", 0).set("target_altitude", 600.0).set("target_speed", 30.0);
            for (int i = 0; i < 200; i++) {
                plant.step(1.0);
            }
            assertEquals(600.0, plant.real("altitude"), 0.01);
            assertEquals(30.0, plant.real("speed"), 0.01);
            assertEquals(90.0, plant.real("heading"), 1e-9);
            assertEquals(0.0, plant.real("y"), 1e-6, "flies east");
        }
    }

    @Test
    void flyToTargetTurnsTowardsItAndReportsReaching() {
        try (Plant plant = new Plant(PlantFmu.POINT_MASS_AIRCRAFT, dir)) {
            plant.set("altitude0", 300.0).start();
            plant.set("mode", 2).set("target_x", -2000.0).set("target_y", 0.0).set("target_altitude", 300.0);
            assertEquals(2000.0, plant.real("distance_to_target"), 1e-9);
            double t = 0;
            while (!plant.bool("target_reached") && t < 300) {
                plant.step(0.5);
                t = plant.time();
            }
            assertTrue(plant.bool("target_reached"), "reached within 300 s");
            assertTrue(plant.real("distance_to_target") < 100.0);
            assertTrue(t > 2000.0 / 25.0, "not faster than straight flight: " + t);
        }
    }

    @Test
    void fliesTheWaypointsInOrderAndTheCountersMoveThePointer() {
        try (Plant plant = new Plant(PlantFmu.POINT_MASS_AIRCRAFT, dir)) {
            plant.set("altitude0", 300.0).start();
            plant.set("mode", 3).set("target_altitude", 300.0);
            assertEquals(4, plant.integer("waypoint_count"));
            List<Integer> reached = new ArrayList<>();
            int requests = 0;
            while (plant.time() < 1000 && !plant.bool("at_last_waypoint")) {
                plant.step(0.5);
                if (plant.bool("target_reached")) {
                    reached.add(plant.integer("waypoint_index"));
                    plant.set("advance_request", ++requests);
                    assertEquals(requests, plant.integer("advance_ack"), "acknowledged when set");
                }
            }
            assertEquals(List.of(1, 2, 3), reached);
            assertTrue(plant.bool("at_last_waypoint"));
            assertFalse(plant.bool("advance_failed"));

            plant.set("advance_request", ++requests);
            assertEquals(4, plant.integer("waypoint_index"), "the pointer stays at the last waypoint");
            assertTrue(plant.bool("advance_failed"));
            assertEquals(requests, plant.integer("advance_ack"));

            plant.set("reset_request", 1);
            assertEquals(1, plant.integer("waypoint_index"));
            assertEquals(1, plant.integer("reset_ack"));
            assertFalse(plant.bool("advance_failed"));
            assertFalse(plant.bool("at_last_waypoint"));

            plant.step(0.5);
            plant.set("reset_request", 1); // same counter value again: no further reset
            assertEquals(1, plant.integer("reset_ack"));
        }
    }
}
