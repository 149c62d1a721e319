package org.btfmu.testfmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FeedthroughTest {

    @TempDir
    Path dir;

    @Test
    void everyTypeArrivesUnchangedAfterAStep() {
        try (Plant plant = new Plant(PlantFmu.FEEDTHROUGH, dir)) {
            plant.start();
            plant.set("real_in", -1.25e-7).set("integer_in", -42).set("boolean_in", true)
                    .set("string_in", "100% of the \"plan\" <ok>").setEnumeration("enumeration_in", 3);
            plant.step(1.0);
            assertEquals(-1.25e-7, plant.real("real_out"), 0.0);
            assertEquals(-42, plant.integer("integer_out"));
            assertTrue(plant.bool("boolean_out"));
            assertEquals("100% of the \"plan\" <ok>", plant.string("string_out"));
            assertEquals(3, plant.integer("enumeration_out"));
        }
    }

    @Test
    void outputsFollowInputsWithoutAStep() {
        try (Plant plant = new Plant(PlantFmu.FEEDTHROUGH, dir)) {
            plant.start();
            plant.set("real_in", 7.5).set("string_in", "first");
            assertEquals(7.5, plant.real("real_out"), 0.0);
            assertEquals("first", plant.string("string_out"));
            plant.set("string_in", "second").set("boolean_in", false);
            assertEquals("second", plant.string("string_out"));
            assertFalse(plant.bool("boolean_out"));
        }
    }

    @Test
    void startValuesOfInputsAreVisibleAfterInitialization() {
        try (Plant plant = new Plant(PlantFmu.FEEDTHROUGH, dir)) {
            plant.start();
            assertEquals(0.0, plant.real("real_out"), 0.0);
            assertEquals(1, plant.integer("enumeration_out"));
            assertEquals("", plant.string("string_out"));
        }
    }
}
