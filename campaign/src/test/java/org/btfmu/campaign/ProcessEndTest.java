package org.btfmu.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** How a run worker's end reads in a run's message: the signal, the native frame, the run's own output. */
class ProcessEndTest {

    /** What a JVM prints on stderr when native code faults in it (then it aborts: exit value 134). */
    private static final List<String> JVM_REPORT = List.of(
            "Plant: about to fail",
            "#",
            "# A fatal error has been detected by the Java Runtime Environment:",
            "#",
            "#  SIGSEGV (0xb) at pc=0x00007f3c2d1e5139, pid=4242, tid=4250",
            "#",
            "# Problematic frame:",
            "# C  [Plant.so+0x1139]  step+0x19",
            "#",
            "# An error report file with more information is saved as:",
            "# /tmp/bt-fmu-run-worker-hs_err-4242.log",
            "");

    @Test
    void aSignalTheJvmCaughtIsNamedWithItsFrameAndNoAddresses() {
        assertEquals("the run's FMU process ended with signal 11 (SIGSEGV) in step (Plant.so); its output:"
                + " Plant: about to fail", ProcessEnd.describe(134, JVM_REPORT));
    }

    @Test
    void aSignalThatKilledTheProcessAndAnExitCode() {
        assertEquals("the run's FMU process ended with signal 6 (SIGABRT)", ProcessEnd.describe(134, List.of()));
        assertEquals("the run's FMU process ended with signal 9 (SIGKILL); its output: a | b",
                ProcessEnd.describe(137, List.of("a", " ", "b")));
        assertEquals("the run's FMU process ended with exit code 3", ProcessEnd.describe(3, List.of()));
    }

    @Test
    void onlyTheLastLinesOfTheRunsOutput() {
        List<String> many = java.util.stream.IntStream.range(0, 20).mapToObj(i -> "line " + i).toList();
        assertEquals("; its output: line 12 | line 13 | line 14 | line 15 | line 16 | line 17 | line 18 | line 19",
                ProcessEnd.output(many));
    }
}
