package org.btfmu.fmutests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.Test;

/**
 * Runs the C FMI 3.0 host src/test/c/plants3.c against the FMI 3.0 builds of the test-fmus
 * plants ({@code <Model>_fmi3.fmu}): early return and Event Mode at the plants' own events,
 * with the instants and values computed by hand in the C program (its output is the failure
 * message).
 */
class Fmi3PlantsTest {

    private static final Path HOST = Path.of("target/plants3").toAbsolutePath();
    private static final Path WORK = Path.of("target/fixtures/plants3").toAbsolutePath();

    @Test
    void aStaircaseReturnsEarlyAtExactlyEachJump() throws Exception {
        run(PlantFmu.STAIRCASE, "staircase_early");
    }

    @Test
    void withEventModeEachJumpIsHandledInEventModeAndTheNextOneAnnounced() throws Exception {
        run(PlantFmu.STAIRCASE, "staircase_event_mode");
    }

    @Test
    void withEventModeButNoEarlyReturnOnlyJumpsAtAStepEndAreSignalled() throws Exception {
        run(PlantFmu.STAIRCASE, "staircase_event_mode_no_early");
    }

    @Test
    void withoutEarlyReturnTheStaircaseStepsOnTheGrid() throws Exception {
        run(PlantFmu.STAIRCASE, "staircase_plain");
    }

    @Test
    void modelExchangeReportsTheJumpsAsTimeEvents() throws Exception {
        run(PlantFmu.STAIRCASE, "staircase_me");
    }

    @Test
    void aLevelCrossingReturnsEarlyAtLn2() throws Exception {
        run(PlantFmu.LEVEL_CROSSING, "crossing_early");
    }

    @Test
    void anInflowSetInEventModeAtTheCrossingChangesTheCourseFromThere() throws Exception {
        run(PlantFmu.LEVEL_CROSSING, "crossing_event_mode");
    }

    @Test
    void withoutEarlyReturnTheCrossingStepGoesToItsEnd() throws Exception {
        run(PlantFmu.LEVEL_CROSSING, "crossing_plain");
    }

    @Test
    void modelExchangeGivesTheEventIndicatorAndSwitchesLowAtTheEvent() throws Exception {
        run(PlantFmu.LEVEL_CROSSING, "crossing_me");
    }

    @Test
    void theAircraftReturnsEarlyWhereItReachesTheWaypoint() throws Exception {
        run(PlantFmu.POINT_MASS_AIRCRAFT, "aircraft_early");
    }

    @Test
    void inEventModeTheWaypointAdvancesAtTheInstantItIsReached() throws Exception {
        run(PlantFmu.POINT_MASS_AIRCRAFT, "aircraft_event_mode");
    }

    @Test
    void theSolarAircraftReturnsEarlyWhenTheBatteryIsFull() throws Exception {
        run(PlantFmu.SOLAR_AIRCRAFT, "solar_full_early");
    }

    @Test
    void theBatteryFullEventIsHandledInEventMode() throws Exception {
        run(PlantFmu.SOLAR_AIRCRAFT, "solar_full_event_mode");
    }

    @Test
    void wrongStatesAndArgumentsAreRefusedWithAMessage() throws Exception {
        run(PlantFmu.LEVEL_CROSSING, "illegal");
    }

    /** One model, two layers: without early return the FMI 3.0 build computes the FMI 2.0 values bit for bit. */
    @Test
    void withoutEarlyReturnBothAircraftComputeWhatTheirFmi2BuildComputes() throws Exception {
        run(PlantFmu.SOLAR_AIRCRAFT, "same_as_fmi2");
        run(PlantFmu.POINT_MASS_AIRCRAFT, "same_as_fmi2");
    }

    private static void run(PlantFmu plant, String scenario) throws Exception {
        FmuFixture fmi3 = FmuFixture.plant3(WORK.resolve(scenario), plant);
        List<String> command = new ArrayList<>(List.of(HOST.toString(), scenario, fmi3.directory().toString(),
                fmi3.guid()));
        if (scenario.equals("same_as_fmi2")) {
            FmuFixture fmi2 = FmuFixture.plant(WORK.resolve(scenario + "-fmi2"), plant);
            command.addAll(List.of(fmi2.directory().toString(), fmi2.guid()));
        }
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), plant.modelName() + " " + scenario + ":\n" + output);
    }
}
