package org.btfmu.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.btfmu.core.Status;
import org.junit.jupiter.api.Test;

class EventCausesTest {

    private static final double[] GRID = {0, 1, 2, 3};
    private static final List<ReportTask> TASKS = List.of(
            new ReportTask("root", "root", "Root", -1, "", Map.of()),
            new ReportTask("root.high", "high", "Condition", 0, "", Map.of("predicate", "altitude > limit")),
            new ReportTask("root.wait", "wait", "Wait", 0, "", Map.of("duration", "2.5")));

    private static StatusEvent event(double t, String task) {
        return new StatusEvent(t, task, Status.FAILURE, Status.SUCCESS, "");
    }

    @Test
    void readsAreTheInputsATasksExpressionsName() {
        Map<String, Set<String>> reads = EventCauses.reads(TASKS, Set.of("altitude", "speed"));
        assertEquals(Set.of("altitude"), reads.get("root.high"), "'limit' is no input, 'speed' is not named");
        assertEquals(Set.of(), reads.get("root.wait"));
    }

    @Test
    void startInputChangePassedOnAndTimeEvents() {
        Map<String, double[]> inputs = Map.of("altitude", new double[] {0, 0, 5, 5});
        List<StatusEvent> events = EventCauses.derive(List.of(event(0, "root.high"), event(2, "root.high"),
                event(2, "root"), event(2.5, "root.wait"), event(3, "root.wait")), GRID, inputs,
                EventCauses.reads(TASKS, inputs.keySet()), false);
        assertEquals(List.of("start", "input altitude: 0 → 5", "input altitude: 0 → 5 (via root.high)", "time event",
                "time event"), events.stream().map(StatusEvent::cause).toList());
    }

    @Test
    void withoutRecordedInputsAGridChangeIsEitherAndModelExchangeCrossingsAreStateEvents() {
        Map<String, Set<String>> reads = EventCauses.reads(TASKS, Set.of("altitude"));
        assertEquals("input change or time event", EventCauses.derive(List.of(event(2, "root.high")), GRID, Map.of(),
                reads, false).get(0).cause());
        assertEquals("state event (input crossing: altitude)", EventCauses.derive(List.of(event(1.7, "root.high")),
                GRID, Map.of(), reads, true).get(0).cause());
        assertEquals("time event", EventCauses.derive(List.of(event(1.7, "root.wait")), GRID, Map.of(), reads, true)
                .get(0).cause());
    }

    @Test
    void aLoggedTimeWithinRoundingOfAGridPointIsOnIt() {
        assertEquals(2, EventCauses.gridIndex(GRID, 2 + 1e-12, 1));
        assertEquals(-1, EventCauses.gridIndex(GRID, 2 + 1e-6, 1));
    }
}
