package org.btfmu.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.btfmu.core.ProcessingMode;
import org.btfmu.core.Status;
import org.btfmu.core.TreeInstance;
import org.btfmu.cosim.CoSimulationException;
import org.btfmu.demo.EngineReplay;
import org.btfmu.demo.Recording;
import org.btfmu.mission.Mission;
import org.btfmu.mission.MissionLoader;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * 2013 paper, Fig. 3 and 10: an altitude check that must be activated to answer
 * (examples/traffic-circuit-chattering.json: it answers a tick after its activation and its
 * answer stands for a tick) takes turns with the take-off in every step; the transient
 * Condition of traffic-circuit.json lets the take-off run once, uninterrupted.
 */
class ChatteringTest {

    static final String SELECTOR = "traffic_circuit_chattering/mission/altitude_selector/";
    static final String CHECK = SELECTOR + "altitude_reached";
    static final String TAKE_OFF = SELECTOR + "take_off";

    @TempDir
    Path dir;

    @Test
    void theCheckAndTheTakeOffAreActivatedInTurnInEveryStep() throws Exception {
        Recording r = Scenarios.fly("traffic-circuit-chattering", PlantFmu.POINT_MASS_AIRCRAFT, 60, 1, dir);
        Status[] check = Scenarios.statuses(r, CHECK);
        Status[] takeOff = Scenarios.statuses(r, TAKE_OFF);
        int[] mode = r.integers("mission.mode");
        double[] altitude = r.values("plant.altitude");
        assertEquals(Status.ACTIVATING, check[0], "the check is activated first");
        for (int i = 1; i < check.length; i++) {
            boolean takeOffsTurn = i % 2 == 1;
            assertEquals(takeOffsTurn ? Status.FAILURE : Status.ACTIVATING, check[i],
                    "the check's answer (too low) stands for one step, then it is activated again (t=" + i + ")");
            assertEquals(takeOffsTurn ? Status.RUNNING : Status.ACCEPT, takeOff[i],
                    "the take-off runs only while the check's answer stands (t=" + i + ")");
            assertEquals(takeOffsTurn ? 1 : 0, mode[i], "entry and exit hook take turns (t=" + i + ")");
        }
        assertEquals(30, activations(takeOff), "30 take-off activations in 60 steps");
        assertTrue(altitude[altitude.length - 1] < 300, "still below the safe altitude: the check never answers yes");

        Recording transientCheck = Scenarios.fly("traffic-circuit", PlantFmu.POINT_MASS_AIRCRAFT, 60, 1, dir);
        Status[] steady = Scenarios.statuses(transientCheck, "traffic_circuit/mission/altitude_selector/take_off");
        assertEquals(1, activations(steady), "with the transient condition the take-off is activated once");
        for (int i = 1; i < steady.length; i++) {
            assertEquals(Status.RUNNING, steady[i], "and runs uninterrupted (t=" + i + ")");
        }
    }

    @Test
    void aCheckThatAnswersAtOnceChattersWithinEveryStep() throws Exception {
        // The same check answering in the instant of its activation: at each communication point
        // its held answer has expired, it takes the selector, fails and hands it back, so the
        // samples show the take-off running while it is in fact re-activated in every step.
        Recording r = Scenarios.flyVariant("traffic-circuit-chattering",
                text -> text.replace("\"entryDuration\": 1,", ""),
                "traffic-circuit-chattering-instant", PlantFmu.POINT_MASS_AIRCRAFT, 60, 1, dir);
        Status[] takeOff = Scenarios.statuses(r, TAKE_OFF);
        for (int i = 0; i < takeOff.length; i++) {
            assertEquals(Status.RUNNING, takeOff[i], "sampled, the take-off looks steady (t=" + i + ")");
        }

        // Within each step, seen through the same engine driven by the recorded plant outputs as
        // the slave drives it: one check activation and one take-off activation per step.
        Mission mission = MissionLoader.load(dir.resolve("traffic-circuit-chattering-instant.json"));
        TreeInstance tree = new TreeInstance(mission.tree(), ProcessingMode.EVENT_DRIVEN);
        int[] checkActivations = {0};
        int[] takeOffActivations = {0};
        tree.addStatusListener((time, task, path, old, now) -> {
            if (now == Status.ACTIVATING && path.equals(CHECK)) {
                checkActivations[0]++;
            }
            if (now == Status.ACTIVATING && path.equals(TAKE_OFF)) {
                takeOffActivations[0]++;
            }
        });
        int modeSlot = mission.variables().stream().filter(v -> v.name().equals("mode")).findFirst().orElseThrow()
                .slot();
        int[] mode = r.integers("mission.mode");
        double[] t = r.times();
        EngineReplay.run(mission, tree, r, i -> {
            assertEquals(mode[i], tree.getInteger(modeSlot), "the replay matches the FMU at t=" + t[i]);
            assertEquals(i + 1, checkActivations[0], "check activations up to t=" + t[i] + ": one per step");
            assertEquals(i + 1, takeOffActivations[0], "take-off activations up to t=" + t[i] + ": one per step");
        });
    }

    @Test
    void aCheckWhoseAnswerDoesNotStandMakesTheFirstInstantFailAndTheFmuNamesIt() {
        // Without resultHold the check asks to be activated again in the instant it answered.
        CoSimulationException e = assertThrows(CoSimulationException.class, () -> Scenarios.flyVariant(
                "traffic-circuit-chattering",
                text -> text.replace("\"entryDuration\": 1,", "").replace("\"resultHold\": 1,", ""),
                "traffic-circuit-chattering-unsettled", PlantFmu.POINT_MASS_AIRCRAFT, 10, 1, dir));
        assertTrue(e.getMessage().contains("t=0.0") && e.getMessage().contains("did not settle")
                && e.getMessage().contains(CHECK), e.getMessage());
    }

    /** Number of samples at which the task is running after a sample at which it was not. */
    private static int activations(Status[] statuses) {
        int count = 0;
        for (int i = 0; i < statuses.length; i++) {
            if (statuses[i] == Status.RUNNING && (i == 0 || statuses[i - 1] != Status.RUNNING)) {
                count++;
            }
        }
        return count;
    }
}
