package org.btfmu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bt-fmu simulate} meets an FMU that answers a step with fmi2Discard. */
class SimulateDiscardTest {

    /** One time event per simulated second, at most five per step. */
    static final String TICKER = """
            {"name": "ticker", "maxEventsPerStep": 5,
             "variables": [{"name": "n", "causality": "output", "type": "Integer"}],
             "tree": {"type": "Root", "name": "ticker", "children": [
               {"type": "Loop", "name": "again", "children": [
                 {"type": "Wait", "name": "second", "duration": 1}]}]}}
            """;

    /** At t=2 a loop starts whose every iteration ends in the instant it started. */
    static final String CHATTER = """
            {"name": "chatter", "maxSweepsPerInstant": 30,
             "variables": [{"name": "flag", "causality": "output", "type": "Boolean"}],
             "tree": {"type": "Root", "name": "chatter", "children": [
               {"type": "Sequence", "name": "main", "children": [
                 {"type": "Wait", "name": "arm", "duration": 2},
                 {"type": "Loop", "name": "again", "continueOnFailure": true, "children": [
                   {"type": "Sequence", "name": "once", "children": [
                     {"type": "Condition", "name": "clear", "predicate": "not flag"},
                     {"type": "Action", "name": "toggle", "entry": {"flag": "true"},
                      "exit": {"flag": "false"}}]}]}]}]}}
            """;

    @TempDir
    Path dir;

    private record Run(int exit, String message) {
    }

    /** Builds the mission into an FMU and simulates it alone; the exit code and what went to stderr. */
    private Run simulate(String missionText, String name, String stop, String step) throws Exception {
        Path mission = Files.writeString(dir.resolve(name + ".json"), missionText);
        Path fmu = dir.resolve(name + ".fmu");
        PrintStream savedOut = System.out;
        PrintStream savedErr = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            assertEquals(0, BtFmu.run("build", mission.toString(), "-o", fmu.toString()), err.toString());
            int exit = BtFmu.run("simulate", "--fmu", name + "=" + fmu, "--stop", stop, "--step", step,
                    "-o", dir.resolve("out-" + name).toString());
            return new Run(exit, err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(savedOut);
            System.setErr(savedErr);
        }
    }

    /** Exit code 2 and one report of the discard: how far the FMU got, no retry, and the FMU's own reasons. */
    private static void assertStoppedOnce(Run run, String howFar, String... reasons) {
        String message = run.message();
        assertEquals(BtFmu.EXIT_BAD_INPUT, run.exit(), message);
        assertTrue(message.contains("fmi2DoStep returned fmi2Discard (it computed only up to " + howFar
                + "; the run stops, no retry"), message);
        for (String reason : reasons) {
            assertTrue(message.contains(reason), "the FMU's own reason: " + reason + " in " + message);
        }
        assertEquals(1, message.lines().filter(l -> l.contains("fmi2Discard")).count(), "one report: " + message);
    }

    @Test
    void aDiscardedStepEndsTheRunWithHowFarTheFmuGotAndNoRetry() throws Exception {
        assertStoppedOnce(simulate(TICKER, "ticker", "30", "10"), "t=5.0 of the step to t=10.0",
                "maxEventsPerStep = 5");
    }

    @Test
    void anInstantThatDoesNotSettleEndsTheRunThereWithTheSwitchingTasks() throws Exception {
        assertStoppedOnce(simulate(CHATTER, "chatter", "10", "1.5"), "t=2.0 of the step to t=3.0",
                "the instant t=2.0 did not settle within the mission's maxSweepsPerInstant = 30 event iterations;"
                        + " tasks still switching: [", "chatter/main/again/once/toggle");
    }
}
