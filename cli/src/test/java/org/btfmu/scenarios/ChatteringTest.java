package org.btfmu.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.btfmu.core.ProcessingMode;
import org.btfmu.core.Status;
import org.btfmu.core.TreeInstance;
import org.btfmu.cosim.CoSimulationException;
import org.btfmu.demo.Recording;
import org.btfmu.mission.Causality;
import org.btfmu.mission.Mission;
import org.btfmu.mission.MissionLoader;
import org.btfmu.mission.Variable;
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
    void aCheckThatNeedsOneStepToAnswerIsActivatedAgainInEveryStepAndTheTakeOffNeverRuns() throws Exception {
        // Like the paper's ticked pre-condition: activated, it answers one step later (failure: too
        // low); deactivated, it asks to be activated again at once, so the selector re-activates it
        // in every step (Fig. 3) and never gets to the take-off.
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

        // The FMU's outputs are sampled at communication points only; the same engine driven by the
        // recorded plant outputs as the slave drives it shows what happens within each step.
        Mission mission = MissionLoader.load(dir.resolve("traffic-circuit-chattering-one-step.json"));
        TreeInstance tree = new TreeInstance(mission.tree(), ProcessingMode.EVENT_DRIVEN);
        double[] t = r.times();
        int[] activations = new int[t.length];
        int[] step = {0};
        int[] takeOffActivations = {0};
        tree.addStatusListener((time, task, path, old, now) -> {
            if (path.equals(SELECTOR + "altitude_reached") && now == Status.ACTIVATING) {
                activations[step[0]]++;
            }
            if (path.equals(SELECTOR + "take_off") && now == Status.ACTIVATING) {
                takeOffActivations[0]++;
            }
        });
        int modeSlot = mission.variables().stream().filter(v -> v.name().equals("mode")).findFirst().orElseThrow().slot();
        for (int i = 0; i < t.length; i++) {
            step[0] = i;
            if (i == 0) {
                setInputs(tree, mission, r, 0);
                tree.start(0);
            } else {
                tree.settle();
                tree.advanceTo(t[i]);
                setInputs(tree, mission, r, i);
            }
            assertEquals(mode[i], tree.getInteger(modeSlot), "the replay matches the FMU at sample " + i);
        }
        for (int i = 1; i < t.length; i++) {
            assertEquals(1, activations[i], "check activations in the step to t=" + t[i]);
        }
        assertEquals(0, takeOffActivations[0], "the re-activated check always wins the selector");

        Recording transientCheck = Scenarios.fly("traffic-circuit", PlantFmu.POINT_MASS_AIRCRAFT, 120, 1, dir);
        double[] climbing = transientCheck.values("plant.altitude");
        assertTrue(climbing[climbing.length - 1] >= 300, "with a transient condition the take-off climbs");
    }

    private static void setInputs(TreeInstance tree, Mission mission, Recording r, int row) {
        for (Variable v : mission.variables()) {
            if (v.causality() != Causality.INPUT) {
                continue;
            }
            double value = r.values("plant." + v.name())[row];
            switch (v.type()) {
                case REAL -> tree.setReal(v.slot(), value);
                case INTEGER -> tree.setInteger(v.slot(), (int) value);
                case BOOLEAN -> tree.setBoolean(v.slot(), value != 0);
                case STRING -> throw new IllegalStateException("no String inputs in this mission");
            }
        }
    }
}
