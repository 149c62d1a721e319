package org.btfmu.btcpp;

import static org.btfmu.core.Status.ABORTED;
import static org.btfmu.core.Status.FAILURE;
import static org.btfmu.core.Status.FINISHED;
import static org.btfmu.core.Status.RUNNING;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.btfmu.core.ProcessingMode;
import org.btfmu.mission.MissionLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Nav2 library's time, distance and turn semantics, run in simulation time: each test imports
 * a tree with {@code --library nav2}, answers the leaves' handshakes as a plant would and asserts
 * statuses and requests at given instants.
 */
class Nav2SemanticsTest {

    @TempDir
    Path dir;

    private static final ImportOptions NAV2 = new ImportOptions(null, false, List.of(), List.of("nav2"));

    private Run run(String body, String bindings, ProcessingMode mode) throws IOException {
        Path f = dir.resolve("t.xml");
        Files.writeString(f, "<root BTCPP_format=\"4\"><BehaviorTree ID=\"M\">" + body + "</BehaviorTree></root>");
        Path b = null;
        if (bindings != null) {
            b = dir.resolve("b.json");
            Files.writeString(b, bindings);
        }
        var mission = TreeImporter.importTree(f, b, NAV2).mission();
        return Run.of(MissionLoader.load(TreeImporter.toText(mission), "t"), mode).start();
    }

    private static final String PIPELINE = "<PipelineSequence><%s><Plan/></%s><Follow/></PipelineSequence>";

    @Test
    void rateControllerRunsItsChildAgainOnceThePeriodHasPassedSinceItsSuccess() throws IOException {
        for (ProcessingMode mode : Run.modes()) {
            Run r = run(String.format(PIPELINE, "RateController hz=\"0.5\"", "RateController"), null, mode);
            assertEquals(1, r.integer("Plan.request"), mode + ": the child runs at the first activation");
            r.answer("Plan", Handshake.SUCCESS, 0.5);
            assertEquals(1, r.integer("Follow.request"), mode + ": the pipeline moves on");
            assertEquals(RUNNING, r.status("M/PipelineSequence/Follow"), mode.toString());
            r.at(2.0);
            assertEquals(1, r.integer("Plan.request"), mode + ": 1.5 s after the success: not yet");
            r.at(2.5);
            assertEquals(2, r.integer("Plan.request"), mode + ": 2 s (1/hz) after the success the child runs again");
            r.answer("Plan", Handshake.SUCCESS, 3.0);
            assertEquals(2, r.integer("Follow.request"), mode + ": the follower starts again after the new plan");
            r.at(4.5);
            assertEquals(2, r.integer("Plan.request"), mode.toString());
            r.at(5.0);
            assertEquals(3, r.integer("Plan.request"), mode + ": and again 2 s after the second success");
        }
    }

    @Test
    void rateControllerFailsWithItsChildAndTheRecoveryRetryRunsItAtOnce() throws IOException {
        Run r = run("<RecoveryNode number_of_retries=\"1\"><PipelineSequence><RateController hz=\"0.1\"><Plan/>"
                + "</RateController><Follow/></PipelineSequence><Fix/></RecoveryNode>", null, ProcessingMode.EVENT_DRIVEN);
        r.answer("Plan", Handshake.SUCCESS, 1).answer("Follow", Handshake.FAILURE, 2);
        assertEquals(1, r.integer("Fix.request"), "the follower's failure fails the pipeline: the recovery runs");
        r.answer("Fix", Handshake.SUCCESS, 3);
        assertEquals(2, r.integer("Plan.request"), "the retry resets the rate controller: it plans at once, 2 s"
                + " after the last plan although the period is 10 s");
    }

    @Test
    void roundRobinStartsEachRunAfterTheChildThatSucceededLast() throws IOException {
        Run r = run("<Repeat num_cycles=\"-1\"><RoundRobin wrap_around=\"true\"><A/><B/><C/></RoundRobin></Repeat>",
                null, ProcessingMode.EVENT_DRIVEN);
        assertEquals(1, r.integer("A.request"));
        r.answer("A", Handshake.SUCCESS, 1);
        assertEquals(1, r.integer("B.request"), "the second run starts at B");
        assertEquals(1, r.integer("A.request"), "not at A again");
        r.answer("B", Handshake.FAILURE, 2);
        assertEquals(1, r.integer("C.request"), "B failed: the run goes on at C");
        r.answer("C", Handshake.SUCCESS, 3);
        assertEquals(2, r.integer("A.request"), "with wrap_around the turn goes past C to A");
        assertEquals(1, r.integer("B.request"));
    }

    @Test
    void roundRobinWithoutWrapAroundFailsARunThatWouldStartPastTheLastChild() throws IOException {
        Run r = run("<Repeat num_cycles=\"-1\"><RoundRobin><A/><B/></RoundRobin></Repeat>", null,
                ProcessingMode.EVENT_DRIVEN);
        r.answer("A", Handshake.SUCCESS, 1).answer("B", Handshake.SUCCESS, 2);
        assertEquals(1, r.integer("A.request"), "no wrap to A");
        assertEquals(ABORTED, r.status("M/Repeat"), "every child has had its turn: the run fails, so does the loop");
    }

    @Test
    void roundRobinGoesBackToTheFirstChildWhenEveryChildFailed() throws IOException {
        Run r = run("<Repeat num_cycles=\"-1\"><ForceSuccess><RoundRobin wrap_around=\"true\"><A/><B/></RoundRobin>"
                + "</ForceSuccess></Repeat>", null, ProcessingMode.EVENT_DRIVEN);
        r.answer("A", Handshake.SUCCESS, 1);
        assertEquals(1, r.integer("B.request"));
        r.answer("B", Handshake.FAILURE, 2).answer("A", Handshake.FAILURE, 3);
        assertEquals(3, r.integer("A.request"), "after B and A failed the next run starts at the first child again");
        assertEquals(1, r.integer("B.request"));
    }

    @Test
    void aHaltSendsTheRoundRobinsTurnBackToTheFirstChild() throws IOException {
        Run r = run("<Repeat num_cycles=\"-1\"><ReactiveFallback><ScriptCondition code=\"pause == 1\"/>"
                + "<RoundRobin wrap_around=\"true\"><A/><B/><C/></RoundRobin></ReactiveFallback></Repeat>", null,
                ProcessingMode.EVENT_DRIVEN);
        r.answer("A", Handshake.SUCCESS, 1);
        assertEquals(1, r.integer("B.request"), "the turn is at B");
        r.set("pause", 1.0).at(2);
        assertFalse(r.status("M/Repeat/ReactiveFallback/RoundRobin/B").isNonTransient(), "B was halted");
        r.set("pause", 0.0).at(3);
        assertEquals(2, r.integer("A.request"), "after the halt the run starts at A again (Nav2's halt() resets the"
                + " index)");
        assertEquals(1, r.integer("B.request"));
    }

    @Test
    void singleTriggerGivesItsChildsResultOnceThenFails() throws IOException {
        Run r = run("<ReactiveSequence><SingleTrigger><A/></SingleTrigger><B/></ReactiveSequence>", null,
                ProcessingMode.EVENT_DRIVEN);
        assertEquals(1, r.integer("A.request"));
        assertEquals(RUNNING, r.status("M/ReactiveSequence"));
        r.answer("A", Handshake.SUCCESS, 1);
        assertEquals(FAILURE, r.status("M/ReactiveSequence/SingleTrigger"),
                "re-checked after its success the trigger fails (Nav2: FAILURE on every later tick)");
        assertEquals(ABORTED, r.status("M/ReactiveSequence"), "so the reactive sequence fails");
        assertEquals(1, r.integer("A.request"), "the child ran once");
    }

    @Test
    void singleTriggerRunsItsChildAgainInTheNextRunOfItsParent() throws IOException {
        Run r = run("<Repeat num_cycles=\"2\"><Sequence><SingleTrigger><A/></SingleTrigger><B/></Sequence></Repeat>",
                null, ProcessingMode.EVENT_DRIVEN);
        r.answer("A", Handshake.SUCCESS, 1);
        assertEquals(1, r.integer("B.request"), "a non-reactive sequence takes the result given once");
        r.answer("B", Handshake.SUCCESS, 2);
        assertEquals(2, r.integer("A.request"), "the next run of the sequence triggers the child again");
        r.answer("A", Handshake.SUCCESS, 3).answer("B", Handshake.SUCCESS, 4);
        assertEquals(FINISHED, r.status("M/Repeat"));
    }

    private static final String TRAVELLED = "{\"variables\": [{\"name\": \"distance_travelled\", \"causality\":"
            + " \"input\", \"type\": \"Real\", \"unit\": \"m\"}]}";

    @Test
    void distanceControllerRunsItsChildAgainAfterTheDistanceTravelledSinceItsSuccess() throws IOException {
        Run r = run(String.format(PIPELINE, "DistanceController distance=\"100\"", "DistanceController"), TRAVELLED,
                ProcessingMode.EVENT_DRIVEN);
        r.set("distance_travelled", 10.0).answer("Plan", Handshake.SUCCESS, 1);
        assertEquals(1, r.integer("Follow.request"));
        r.set("distance_travelled", 109.0).at(2);
        assertEquals(1, r.integer("Plan.request"), "99 m since the success: not yet");
        r.set("distance_travelled", 110.0).at(3);
        assertEquals(2, r.integer("Plan.request"), "100 m: the child runs again");
    }

    @Test
    void distanceAndSpeedControllersNeedTheirVariablesDeclared() {
        BtcppException e = assertThrows(BtcppException.class, () -> run(String.format(PIPELINE,
                "DistanceController distance=\"2\"", "DistanceController"), null, ProcessingMode.EVENT_DRIVEN));
        assertTrue(e.getMessage().contains("t.xml:1:96: /root/BehaviorTree[1]/PipelineSequence[1]/DistanceController[1]:"
                + " DistanceController needs the variable 'distance_travelled' (the distance the robot has travelled"),
                e.getMessage());
        e = assertThrows(BtcppException.class, () -> run(String.format(PIPELINE, "SpeedController", "SpeedController"),
                null, ProcessingMode.EVENT_DRIVEN));
        assertTrue(e.getMessage().contains("SpeedController needs the variable 'speed'"), e.getMessage());
    }

    @Test
    void speedControllerScalesTheIntervalWithTheSpeed() throws IOException {
        String speed = "{\"variables\": [{\"name\": \"speed\", \"causality\": \"input\", \"type\": \"Real\"}]}";
        Run r = run(String.format(PIPELINE, "SpeedController min_rate=\"0.1\" max_rate=\"1\" min_speed=\"0\""
                + " max_speed=\"10\"", "SpeedController"), speed, ProcessingMode.EVENT_DRIVEN);
        // At 5 m/s the rate is 0.1 + 0.9 * 0.5 = 0.55 Hz: the child runs again 1/0.55 = 1.818 s after its success.
        r.set("speed", 5.0).answer("Plan", Handshake.SUCCESS, 1);
        r.at(2.8);
        assertEquals(1, r.integer("Plan.request"));
        r.at(2.82);
        assertEquals(2, r.integer("Plan.request"));
        // At 20 m/s (above max_speed) the rate is clamped to max_rate: 1 s.
        r.set("speed", 20.0).answer("Plan", Handshake.SUCCESS, 3);
        r.at(3.99);
        assertEquals(2, r.integer("Plan.request"));
        r.at(4.0);
        assertEquals(3, r.integer("Plan.request"));
    }

    @Test
    void pathLongerOnApproachIsRefusedWithItsReason() {
        BtcppException e = assertThrows(BtcppException.class, () -> run("<PathLongerOnApproach path=\"{p}\">"
                + "<A/></PathLongerOnApproach>", null, ProcessingMode.EVENT_DRIVEN));
        assertTrue(e.getMessage().contains("PathLongerOnApproach has no bt-fmu counterpart: it compares the lengths of"
                + " the old and the new path"), e.getMessage());
    }
}
