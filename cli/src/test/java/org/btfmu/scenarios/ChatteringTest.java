package org.btfmu.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.btfmu.core.Status;
import org.btfmu.cosim.CoSimulationException;
import org.btfmu.demo.Recording;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * 2013 paper, Fig. 3 and 10: an altitude check that must be activated to answer
 * (examples/traffic-circuit-chattering.json) takes turns with the take-off instead of
 * letting it run; the transient Condition of traffic-circuit.json does not.
 */
class ChatteringTest {

    static final String SELECTOR = "traffic_circuit_chattering/mission/altitude_selector/";

    @TempDir
    Path dir;

    @Test
    void anInstantCheckChattersWithinTheFirstInstantAndTheFmuReportsTheTasks() {
        CoSimulationException e = assertThrows(CoSimulationException.class, () -> Scenarios.fly(
                "traffic-circuit-chattering", PlantFmu.POINT_MASS_AIRCRAFT, 10, 1, dir));
        assertTrue(e.getMessage().contains("t=0.0") && e.getMessage().contains("did not settle")
                && e.getMessage().contains(SELECTOR + "altitude_reached"), e.getMessage());
    }

    @Test
    void aCheckThatNeedsOneStepToAnswerKeepsTheTakeOffFromEverRunning() throws Exception {
        // Like the paper's ticked pre-condition: activated, it answers one step later; idle, it asks
        // to be activated again, so the selector deactivates the take-off each time it was activated.
        Recording r = Scenarios.flyVariant("traffic-circuit-chattering",
                text -> text.replace("\"exit\": {\"checking\": \"false\"},",
                        "\"exit\": {\"checking\": \"false\"}, \"entryDuration\": 1,"),
                "traffic-circuit-chattering-one-step", PlantFmu.POINT_MASS_AIRCRAFT, 120, 1, dir);
        Status[] check = Scenarios.statuses(r, SELECTOR + "altitude_reached");
        Status[] takeOff = Scenarios.statuses(r, SELECTOR + "take_off");
        double[] altitude = r.values("plant.altitude");
        int[] mode = r.integers("mission.mode");
        for (int i = 0; i < altitude.length; i++) {
            assertEquals(Status.ACTIVATING, check[i], "the check is (re-)activated at sample " + i);
            assertTrue(!takeOff[i].isNonTransient(), "the take-off never stays active (sample " + i + ")");
            assertEquals(0, mode[i], "its exit hook always has the last word (sample " + i + ")");
            assertEquals(0, altitude[i], 1e-9, "the aircraft never climbs (sample " + i + ")");
        }

        Recording transientCheck = Scenarios.fly("traffic-circuit", PlantFmu.POINT_MASS_AIRCRAFT, 120, 1, dir);
        double[] climbing = transientCheck.values("plant.altitude");
        assertTrue(climbing[climbing.length - 1] >= 300, "with a transient condition the take-off climbs");
    }
}
