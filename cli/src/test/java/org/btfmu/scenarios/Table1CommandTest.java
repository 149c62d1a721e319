package org.btfmu.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.List;
import org.btfmu.cli.BtFmu;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** bt-fmu table1 on a coarse grid: the table's rows and the relations the paper's Table 1 shows. */
class Table1CommandTest {

    private static String[] row(String table, String configuration) {
        return Arrays.stream(table.split("\n")).filter(l -> l.startsWith("| " + configuration)).findFirst()
                .map(l -> Arrays.stream(l.split("\\|")).map(String::strip).skip(1).toArray(String[]::new))
                .orElseThrow(() -> new AssertionError("no row '" + configuration + "' in\n" + table));
    }

    @Test
    void eventDrivenReactsLikeTickingEveryStepWithFewerEvaluationsAndTheSlowTickReactsLate() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = BtFmu.commandLine("table1");
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        assertEquals(0, cli.execute("table1", "--step", "60", "--tick", "600", "--repeat", "1"), err.toString());
        String table = out.toString();
        assertFalse(table.contains("replay differs"), table);

        String[] slow = row(table, "tree, ticked every 600 s");
        String[] everyStep = row(table, "tree, ticked at every step (60 s)");
        String[] eventDriven = row(table, "tree, event-driven");
        String[] stateMachine = row(table, "finite-state machine, event-driven");
        row(table, "plant alone, recorded commands replayed");

        assertEquals("60, 60, 60, 60", eventDriven[4], "event-driven reacts within one communication step");
        assertEquals(eventDriven[4], everyStep[4], "as ticking at every step does");
        assertEquals(eventDriven[4], stateMachine[4]);
        List<Double> slowDelays = Arrays.stream(slow[4].split(", ")).map(Double::valueOf).toList();
        assertTrue(slowDelays.stream().allMatch(d -> d >= 60 && d <= 660), slow[4]);
        assertTrue(slowDelays.stream().anyMatch(d -> d > 60), "the slow tick reacts late at least once: " + slow[4]);

        assertEquals("144", slow[5], "ticks in a day");
        assertEquals("1440", everyStep[5]);
        assertEquals("0", eventDriven[5]);
        long ticked = Long.parseLong(everyStep[9]);
        long events = Long.parseLong(eventDriven[9]);
        assertTrue(events * 10 <= ticked, "task evaluations: event-driven " + events + ", ticked " + ticked);
        assertEquals("0", everyStep[10], "ticking evaluates every task, it checks no predicates");
        assertTrue(Long.parseLong(eventDriven[10]) > events, "event-driven checks predicates more often than it"
                + " evaluates: " + eventDriven[10] + " checks, " + events + " evaluations");
        assertEquals(everyStep[7], eventDriven[7], "the same status changes");

        String[] continuous = row(table, "tree, event-driven, Model Exchange (continuous, events located)");
        assertTrue(Arrays.stream(continuous[4].split(", ")).map(Double::valueOf).allMatch(d -> d < 1e-6),
                "located events: the reaction comes at the crossing, not at a step: " + continuous[4]);
        assertEquals("0", continuous[6], "no time events from the tree");
        assertTrue(Long.parseLong(continuous[11]) >= 4, "state events: " + continuous[11]);
        assertEquals(eventDriven[7], continuous[7], "the same status changes");
        assertTrue(Long.parseLong(continuous[9]) <= events, "no more task evaluations than event-driven CS: "
                + continuous[9] + " vs " + events);
    }
}
