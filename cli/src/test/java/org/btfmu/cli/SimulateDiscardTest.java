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

    @TempDir
    Path dir;

    @Test
    void aDiscardedStepEndsTheRunWithHowFarTheFmuGotAndNoRetry() throws Exception {
        Path mission = Files.writeString(dir.resolve("ticker.json"), TICKER);
        Path fmu = dir.resolve("ticker.fmu");
        PrintStream savedOut = System.out;
        PrintStream savedErr = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit;
        try {
            System.setOut(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            assertEquals(0, BtFmu.run("build", mission.toString(), "-o", fmu.toString()), err.toString());
            exit = BtFmu.run("simulate", "--fmu", "ticker=" + fmu, "--stop", "30", "--step", "10",
                    "-o", dir.resolve("out").toString());
        } finally {
            System.setOut(savedOut);
            System.setErr(savedErr);
        }
        String message = err.toString(StandardCharsets.UTF_8);
        assertEquals(BtFmu.EXIT_BAD_INPUT, exit, message);
        assertTrue(message.contains("fmi2DoStep returned fmi2Discard (it computed only up to t=5.0 of the step"
                + " to t=10.0; the run stops, no retry"), message);
        assertTrue(message.contains("maxEventsPerStep = 5"), "the FMU's own reason: " + message);
        assertEquals(1, message.lines().filter(l -> l.contains("fmi2Discard")).count(), "one report: " + message);
    }
}
