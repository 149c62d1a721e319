package org.btfmu.testfmus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExponentialDecayTest {

    @TempDir
    Path dir;

    @Test
    void followsTheAnalyticSolutionAtEveryCommunicationPoint() {
        double k = 0.5, x0 = 2.0;
        try (Plant plant = new Plant(PlantFmu.EXPONENTIAL_DECAY, dir)) {
            plant.set("k", k).set("x0", x0).start();
            assertEquals(x0, plant.real("x"), 0.0, "x at t=0");
            for (int i = 1; i <= 100; i++) {
                plant.step(0.1);
                double t = plant.time();
                assertEquals(x0 * Math.exp(-k * t), plant.real("x"), 1e-9, "x at t=" + t);
            }
        }
    }

    @Test
    void stepsLongerThanTheInternalStepEndExactlyOnTheCommunicationPoint() {
        try (Plant plant = new Plant(PlantFmu.EXPONENTIAL_DECAY, dir)) {
            plant.start();
            plant.step(0.333); // not a multiple of the 10 ms internal step
            assertEquals(Math.exp(-0.333), plant.real("x"), 1e-9);
        }
    }
}
