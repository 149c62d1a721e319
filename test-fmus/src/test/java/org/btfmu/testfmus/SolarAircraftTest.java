package org.btfmu.testfmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SolarAircraftTest {

    private static final double SUNRISE = 28_200.0;

    @TempDir
    Path dir;

    private static void stepUntil(Plant plant, double time, double h) {
        while (plant.time() < time - 1e-9) {
            plant.step(h);
        }
    }

    @Test
    void batteryDrainsAtNightAndChargesAfterSunrise() {
        try (Plant plant = new Plant(PlantFmu.SOLAR_AIRCRAFT, dir)) {
            plant.start();
            double socAtStart = plant.real("soc");
            assertEquals(0.0, plant.real("solar_power"), 0.0, "night at 00:00");
            stepUntil(plant, SUNRISE, 60.0);
            double socAtSunrise = plant.real("soc");
            assertTrue(socAtSunrise < socAtStart - 0.3, "night drain: " + socAtStart + " -> " + socAtSunrise);
            assertEquals(6000.0, plant.real("altitude"), 1e-9, "holds the lower limit");
            stepUntil(plant, SUNRISE + 3600.0, 60.0);
            assertTrue(plant.real("solar_power") > plant.real("power_demand"), "surplus an hour after sunrise");
            assertTrue(plant.real("soc") > socAtSunrise, "charging after sunrise");
            stepUntil(plant, 48_000.0, 60.0);
            assertEquals(1.0, plant.real("soc"), 0.0, "full around noon");
            assertEquals(0.0, plant.real("battery_power"), 0.0, "a full battery takes no more power");
            assertEquals(48_000.0, plant.real("time_of_day"), 1e-9);
        }
    }

    @Test
    void climbsAndSinksBetweenTheAltitudeLimits() {
        try (Plant plant = new Plant(PlantFmu.SOLAR_AIRCRAFT, dir)) {
            plant.set("time_of_day0", 43_200.0).set("soc0", 1.0).start();
            plant.set("mode", 1);
            plant.step(60.0);
            assertEquals(6060.0, plant.real("altitude"), 1e-6);
            double climbDemand = plant.real("power_demand");
            stepUntil(plant, 9000.0, 60.0);
            assertEquals(13_000.0, plant.real("altitude"), 0.0, "stops at the upper limit");
            assertEquals(0.0, plant.real("vertical_speed"), 0.0);
            double holdDemand = plant.real("power_demand");
            assertTrue(climbDemand > holdDemand, "climbing costs more than holding");
            plant.set("mode", 2);
            assertEquals(-1.0, plant.real("vertical_speed"), 0.0);
            assertTrue(plant.real("power_demand") < holdDemand, "sinking costs less than holding");
            stepUntil(plant, 17_000.0, 60.0);
            assertEquals(6000.0, plant.real("altitude"), 0.0, "stops at the lower limit");
        }
    }
}
