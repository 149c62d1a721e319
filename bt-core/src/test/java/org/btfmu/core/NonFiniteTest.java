package org.btfmu.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.btfmu.mission.Mission;
import org.btfmu.mission.MissionLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The mission option {@code nonFinite}: every operation that can produce NaN or an
 * infinity, in every place the value can reach (a predicate, an output, a local), in
 * each mode; and the message that locates the operation.
 */
class NonFiniteTest {

    /** An expression of x, the value of x that makes it non-finite, and what the trace must say. */
    record Operation(String expression, double x, String says) {
    }

    static final List<Operation> OPERATIONS = List.of(
            new Operation("1 / x", 0, "1.0 / 0.0 = Infinity at column 3 of \"1 / x"),
            new Operation("x / x", 0, "0.0 / 0.0 = NaN at column 3 of \"x / x"),
            new Operation("sqrt(x - 5)", 0, "sqrt(-5.0) = NaN at column 1 of \"sqrt(x - 5)"),
            new Operation("log(x)", 0, "log(0.0) = -Infinity at column 1 of \"log(x)"),
            new Operation("log(x - 1)", 0, "log(-1.0) = NaN at column 1 of \"log(x - 1)"),
            new Operation("exp(x * 1000)", 1, "exp(1000.0) = Infinity at column 1 of \"exp(x * 1000)"),
            new Operation("x * 1e308 * 10", 1, "1.0E308 * 10.0 = Infinity at column 11 of \"x * 1e308 * 10"),
            new Operation("x + 1e308 + 1e308", 0, "1.0E308 + 1.0E308 = Infinity at column 11 of"),
            new Operation("x - 1e308 - 1e308", 0, "-1.0E308 - 1.0E308 = -Infinity at column 11 of"),
            new Operation("-x * 2", Double.NEGATIVE_INFINITY, "'x' is -Infinity at column 2 of \"-x * 2"),
            new Operation("x + 1", Double.NaN, "'x' is NaN at column 1 of \"x + 1"),
            // the slot itself: a Condition "x > 0" is tested from the engine's flat table
            new Operation("x", Double.NaN, "'x' is NaN at column 1 of \"x"),
            new Operation("x", Double.POSITIVE_INFINITY, "'x' is Infinity at column 1 of \"x"));

    /** Where the value goes: the task, and how the message names the place. */
    enum Place {
        PREDICATE("{\"type\": \"Condition\", \"name\": \"check\", \"predicate\": \"E > 0\"}",
                "task 'nf/check': a predicate compares a non-finite value: "),
        OUTPUT("{\"type\": \"Action\", \"name\": \"act\", \"outputs\": {\"y\": \"E\"}}",
                "task 'nf/act': output 'y' = "),
        LOCAL("{\"type\": \"Action\", \"name\": \"act\", \"entry\": {\"k\": \"E\"}}",
                "task 'nf/act': the assignment to local 'k' gives "),
        GUARD("{\"type\": \"StateMachine\", \"name\": \"sm\", \"states\": [{\"name\": \"a\"}, {\"name\": \"b\"}],"
                + " \"transitions\": [{\"from\": \"a\", \"to\": \"b\", \"guard\": \"E > 0\"}]}",
                "task 'nf/sm': a predicate compares a non-finite value: ");

        final String task;
        final String names;

        Place(String task, String names) {
            this.task = task;
            this.names = names;
        }
    }

    static Mission mission(String mode, Place place, String expression) {
        return MissionLoader.load("""
                {"name": "nf", "nonFinite": "%s", "variables": [
                  {"name": "x", "causality": "input", "type": "Real"},
                  {"name": "y", "causality": "output", "type": "Real"},
                  {"name": "k", "causality": "local", "type": "Real"}],
                 "tree": {"type": "Root", "name": "nf", "children": [%s]}}
                """.formatted(mode, place.task.replace("E", expression)), "nf.json");
    }

    static Stream<Arguments> cases() {
        return OPERATIONS.stream().flatMap(op -> Stream.of(Place.values()).map(place -> Arguments.of(op, place)));
    }

    record Run(TreeInstance tree, List<String> warnings) {
    }

    static Run start(String mode, Operation op, Place place) {
        Mission mission = mission(mode, place, op.expression());
        TreeInstance tree = new TreeInstance(mission.tree(), ProcessingMode.EVENT_DRIVEN);
        tree.setNonFinite(mission.nonFinite());
        List<String> warnings = new ArrayList<>();
        tree.addWarningListener(warnings::add);
        tree.setReal(0, op.x());
        return new Run(tree, warnings);
    }

    @ParameterizedTest(name = "{0} in {1}")
    @MethodSource("cases")
    void errorStopsTheCallWithTheTaskTheOperationItsOperandsAndTheTime(Operation op, Place place) {
        Run run = start("error", op, place);
        NonFiniteException e = assertThrows(NonFiniteException.class, () -> run.tree().start(2.5));
        assertTrue(e.getMessage().startsWith("t=2.5: " + place.names), e.getMessage());
        assertTrue(e.getMessage().contains(op.says()), e.getMessage());
        assertThrows(IllegalStateException.class, () -> run.tree().settle(), "the instance needs restore()");
    }

    @ParameterizedTest(name = "{0} in {1}")
    @MethodSource("cases")
    void warnReportsOnceAndTheValueStands(Operation op, Place place) {
        Run run = start("warn", op, place);
        run.tree().start(0);
        run.tree().advanceTo(3); // the same non-finite value again: not reported twice
        assertEquals(1, run.warnings().size(), run.warnings().toString());
        String warning = run.warnings().get(0);
        assertTrue(warning.startsWith("t=0.0: " + place.names) && warning.contains(op.says()), warning);
        if (place == Place.OUTPUT) {
            assertFalse(Double.isFinite(run.tree().getReal(1)), "the output keeps the value");
        }
    }

    @ParameterizedTest(name = "{0} in {1}")
    @MethodSource("cases")
    void allowIsIeeeBehaviourWithoutAWord(Operation op, Place place) {
        Run run = start("allow", op, place);
        run.tree().start(0);
        run.tree().advanceTo(3);
        assertEquals(List.of(), run.warnings());
        if (place == Place.LOCAL) {
            assertFalse(Double.isFinite(run.tree().getReal(2)));
        }
    }

    @Test
    void aValueThatTurnsNonFiniteLaterFailsAtItsInstant() {
        Run run = start("error", OPERATIONS.get(0), Place.OUTPUT);
        run.tree().setReal(0, 4);
        run.tree().start(0);
        assertEquals(0.25, run.tree().getReal(1));
        run.tree().setReal(0, 0);
        NonFiniteException e = assertThrows(NonFiniteException.class, () -> run.tree().advanceTo(7));
        assertTrue(e.getMessage().startsWith("t=7.0: task 'nf/act': output 'y' = Infinity: 1.0 / 0.0"),
                e.getMessage());
    }

    @Test
    void aPredicateSkippedByTheInputCheckIsStillReportedForItsOwnTask() {
        // The Condition answers the cheap input check first; NaN must not slip through it.
        Run run = start("error", OPERATIONS.get(10), Place.PREDICATE);
        run.tree().setReal(0, 1);
        run.tree().start(0);
        run.tree().setReal(0, Double.NaN);
        NonFiniteException e = assertThrows(NonFiniteException.class, () -> run.tree().settle());
        assertTrue(e.getMessage().startsWith("t=0.0: task 'nf/check': a predicate"), e.getMessage());
        assertEquals(List.of("nf/check"), e.tasks());
    }

    @Test
    void theFirstOffendingOperationInEvaluationOrderIsNamed() {
        // The example: x = 0 makes 1/x infinite before sqrt and log are reached.
        Mission mission = mission("error", Place.OUTPUT, "1 / x + sqrt(x - 5) + log(x)");
        TreeInstance tree = new TreeInstance(mission.tree(), ProcessingMode.EVENT_DRIVEN);
        tree.setNonFinite(mission.nonFinite());
        NonFiniteException e = assertThrows(NonFiniteException.class, () -> tree.start(0));
        assertEquals("t=0.0: task 'nf/act': output 'y' = NaN: 1.0 / 0.0 = Infinity at column 3 of"
                + " \"1 / x + sqrt(x - 5) + log(x)\"", e.getMessage());
    }

    @Test
    void tickedProcessingChecksTheSameWay() {
        Mission mission = mission("error", Place.PREDICATE, "sqrt(x - 5)");
        TreeInstance tree = new TreeInstance(mission.tree(), ProcessingMode.ticked(1));
        tree.setNonFinite(mission.nonFinite());
        tree.setReal(0, 9);
        tree.start(0);
        tree.setReal(0, 1);
        NonFiniteException e = assertThrows(NonFiniteException.class, () -> tree.advanceTo(2));
        assertTrue(e.getMessage().startsWith("t=1.0: task 'nf/check'") && e.getMessage().contains("sqrt(-4.0) = NaN"),
                e.getMessage());
    }
}
