package org.btfmu.mission;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Validation warns about divisions, sqrt, log and atan2 whose operands can reach their bad
 * domain given the variables' declared min/max (interval evaluation; no declared bound
 * means unbounded), and only about those.
 */
class DomainWarningTest {

    /** pos in [1, 10], any unbounded, neg in [-3, -1], n an Integer in [0, 4]. */
    static String mission(String expression) {
        return """
                {"name": "m", "variables": [
                  {"name": "pos", "causality": "input", "type": "Real", "start": 1, "min": 1, "max": 10},
                  {"name": "any", "causality": "input", "type": "Real"},
                  {"name": "neg", "causality": "parameter", "type": "Real", "start": -2, "min": -3, "max": -1},
                  {"name": "n", "causality": "input", "type": "Integer", "min": 0, "max": 4},
                  {"name": "y", "causality": "output", "type": "Real"}],
                 "tree": {"type": "Root", "name": "m", "children": [
                   {"type": "Action", "name": "act", "outputs": {"y": "%s"}}]}}
                """.formatted(expression);
    }

    static List<String> warnings(String expression) {
        return MissionLoader.load(mission(expression), "m.json").warnings().stream()
                .map(p -> p.pointer() + ": " + p.message()).toList();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "1 / pos",
        "any / (pos + 1)",
        "1 / neg",
        "1 / (n + 1)",
        "sqrt(pos - 1)",
        "sqrt(neg * neg)",
        "sqrt(abs(any))",
        "log(pos)",
        "log(exp(neg))",
        "atan2(any, pos)",
        "atan2(neg, any)",
        "if any > 0 then 1 else 2",
        "1 / clamp(any, 1, 2)",
        "sqrt(max(any, 0))",
    })
    void noWarningWhereTheDeclaredRangesExcludeTheBadDomain(String expression) {
        assertEquals(List.of(), warnings(expression));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "1 / any | '/' at column 3: the divisor can be 0 (its range is [-Infinity, Infinity])",
        "1 / (pos - 5) | '/' at column 3: the divisor can be 0 (its range is [-4.0, 5.0])",
        "2 / n | '/' at column 3: the divisor can be 0 (its range is [0.0, 4.0])",
        "pos / (neg + 2) | '/' at column 5: the divisor can be 0 (its range is [-1.0, 1.0])",
        "sqrt(pos - 5) | 'sqrt' at column 1: the argument can be negative (its range is [-4.0, 5.0])",
        "sqrt(any) | 'sqrt' at column 1: the argument can be negative (its range is [-Infinity, Infinity])",
        "log(exp(any)) | 'log' at column 1: the argument can be 0 or negative (its range is [0.0, Infinity])",
        "log(pos - 1) | 'log' at column 1: the argument can be 0 or negative (its range is [0.0, 9.0])",
        "1 + log(-neg - 2) | 'log' at column 5: the argument can be 0 or negative (its range is [-1.0, 1.0])",
        "atan2(any, pos - 1) | 'atan2' at column 1: both arguments can be 0 at once, where the angle is undefined"
                + " (their ranges are [-Infinity, Infinity] and [0.0, 9.0])",
    })
    void warnsWithTheOperationItsColumnAndTheOperandRange(String expression, String warning) {
        assertEquals(List.of("/tree/children/0/outputs/y: expression " + warning
                + ": the result can be NaN or infinite"), warnings(expression));
    }

    @Test
    void everyOffendingOperationOfAnExpressionIsListed() {
        // the example with x unbounded
        assertEquals(3, warnings("1 / any + sqrt(any - 5) + log(any)").size());
    }

    @Test
    void predicatesAndHooksAreCheckedToo() {
        String json = mission("1").replace("\"outputs\": {\"y\": \"1\"}",
                "\"done\": \"sqrt(any) > 2\", \"entry\": {\"y\": \"1 / any\"}");
        List<String> pointers = MissionLoader.load(json, "m.json").warnings().stream().map(Problem::pointer).toList();
        assertEquals(List.of("/tree/children/0/done", "/tree/children/0/entry/y"), pointers);
    }

    @Test
    void skippedWarningsLeaveTheMissionAndItsChecksAsTheyAre() {
        String json = mission("1 / any + sqrt(any - 5)");
        Mission computed = MissionLoader.load(json, "m.json");
        Mission skipped = MissionLoader.load(json, "m.json", org.btfmu.core.TaskTypeRegistry.standard(),
                MissionLoader.Warnings.SKIPPED);
        assertEquals(2, computed.warnings().size());
        assertEquals(List.of(), skipped.warnings());
        assertEquals(computed.variables(), skipped.variables());
        assertEquals(computed.tree().tasks().size(), skipped.tree().tasks().size());
        assertEquals(computed.tree().path(1), skipped.tree().path(1));
        // an error is an error either way, with the same message
        String broken = mission("1 / nothing");
        MissionException withWarnings = org.junit.jupiter.api.Assertions.assertThrows(MissionException.class,
                () -> MissionLoader.load(broken, "m.json"));
        MissionException without = org.junit.jupiter.api.Assertions.assertThrows(MissionException.class,
                () -> MissionLoader.load(broken, "m.json", org.btfmu.core.TaskTypeRegistry.standard(),
                        MissionLoader.Warnings.SKIPPED));
        assertEquals(withWarnings.getMessage(), without.getMessage());
    }
}
