package org.btfmu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/** Start, stop and step are checked before anything is written; runs are bounded in communication points. */
class SimulateRunLengthTest {

    @TempDir
    Path dir;

    private Console simulate(String... times) {
        Path fmu = PlantFmu.EXPONENTIAL_DECAY.copyTo(dir);
        String[] args = new String[times.length + 5];
        args[0] = "simulate";
        args[1] = "--fmu";
        args[2] = fmu.toString();
        args[3] = "-o";
        args[4] = dir.resolve("out").toString();
        System.arraycopy(times, 0, args, 5, times.length);
        return assertTimeoutPreemptively(Duration.ofSeconds(60), () -> Console.run(args));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--stop -1 --step 1           | --stop -1 must be after --start 0",
        "--stop Infinity --step 1     | --stop Infinity: must be a finite number of seconds",
        "--stop 1 --step 0            | --step 0: must be a positive, finite number of seconds",
        "--stop 1 --step -1           | --step -1: must be a positive, finite number of seconds",
        "--stop 1 --step NaN          | --step is required",
        "--start 10 --stop 5 --step 1 | --stop 5 must be after --start 10",
        "--start -Infinity --stop 5 --step 1 | --start -Infinity: must be a finite number of seconds",
        "--stop 1 --step 1 --max-steps 0 | --max-steps 0: must be at least 1",
    })
    void badTimesAreRefusedBeforeAnyOutputIsCreated(String options, String message) {
        Console console = simulate(options.trim().split(" +"));
        assertEquals(BtFmu.EXIT_BAD_INPUT, console.exit(), console.err());
        assertEquals("bt-fmu simulate: " + message + "\n", console.err());
        assertFalse(Files.exists(dir.resolve("out")), "nothing is created");
        assertEquals("", console.out());
    }

    @Test
    void aRunOfMoreCommunicationPointsThanTheLimitIsRefusedWithItsCount() {
        Console console = simulate("--stop", "1e9", "--step", "1e-6");
        assertEquals(BtFmu.EXIT_BAD_INPUT, console.exit(), console.err());
        assertEquals("bt-fmu simulate: from 0 s to 1000000000 s in steps of 1.0E-6 s is 1000000000000000"
                + " communication points, more than the limit of 1000000: give a larger --step, or --max-steps"
                + " 1000000000000000 to run them all\n", console.err());
        assertFalse(Files.exists(dir.resolve("out")));
    }

    @Test
    void aStepBelowTheResolutionOfTimeIsRefused() {
        Console console = simulate("--stop", "1", "--step", "4.9e-324");
        assertEquals(BtFmu.EXIT_BAD_INPUT, console.exit(), console.err());
        assertEquals("bt-fmu simulate: --step 4.9E-324 is below the resolution of times near 1 s:"
                + " time would not advance\n", console.err());
        assertFalse(Files.exists(dir.resolve("out")));
    }

    @Test
    void maxStepsAllowsALongerRunAndTheCountIsShownBeforeItStarts() throws Exception {
        Console refused = simulate("--stop", "10", "--step", "0.5", "--max-steps", "19");
        assertEquals(BtFmu.EXIT_BAD_INPUT, refused.exit(), refused.err());
        assertTrue(refused.err().contains("is 20 communication points, more than the limit of 19"), refused.err());

        Console allowed = simulate("--stop", "10", "--step", "0.5", "--max-steps", "20");
        assertEquals(0, allowed.exit(), allowed.err());
        String[] lines = allowed.out().split("\n");
        assertEquals("simulating 20 communication points of 0.5 s from 0 s to 10 s (--max-steps 20)", lines[0]);
        assertTrue(lines[1].startsWith("simulated 0 s to 10 s"), allowed.out());
        assertEquals(22, Files.readAllLines(dir.resolve("out/result.csv")).size(), "header, t=0 and 20 steps");
    }
}
