package org.btfmu.mission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.btfmu.core.ProcessingMode;
import org.btfmu.core.SlotKind;
import org.btfmu.core.TaskInfo;
import org.btfmu.core.TaskType;
import org.btfmu.core.TaskTypeRegistry;
import org.btfmu.core.blackboard.SlotType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Loading valid missions, and one test per kind of problem with its exact message and JSON pointer. */
class MissionLoaderTest {

    static final String VARIABLES = """
            [
              {"name": "altitude", "causality": "input", "type": "Real", "unit": "m"},
              {"name": "reached", "causality": "input", "type": "Boolean"},
              {"name": "mode", "causality": "output", "type": "Integer", "min": 0, "max": 3},
              {"name": "limit", "causality": "parameter", "type": "Real", "start": 100},
              {"name": "gain", "causality": "parameter", "type": "Real", "variability": "tunable", "start": 2},
              {"name": "count", "causality": "local", "type": "Integer", "holdLast": true}
            ]""";

    static final String TREE = """
            {"type": "Root", "name": "root", "children": [
              {"type": "Sequence", "name": "main", "children": [
                {"type": "Condition", "name": "high", "predicate": "altitude > limit", "hysteresis": 10},
                {"type": "Action", "name": "act", "entry": {"mode": "1", "count": "count + 1"}, "done": "reached"}
              ]}
            ]}""";

    static String mission(String variables, String tree) {
        return "{\"name\": \"m\", \"variables\": " + variables + ",\n\"tree\": " + tree + "}";
    }

    static String mission(String tree) {
        return mission(VARIABLES, tree);
    }

    /** A tree whose only task under the root is {@code task}. */
    static String withTask(String task) {
        return mission("{\"type\": \"Root\", \"name\": \"root\", \"children\": [" + task + "]}");
    }

    static List<Problem> problems(String json) {
        MissionException e = assertThrows(MissionException.class, () -> MissionLoader.load(json, "test.json"));
        assertFalse(e.problems().isEmpty());
        return e.problems();
    }

    /** The file has exactly this one problem. */
    static void assertProblem(String json, String pointer, String message) {
        List<Problem> problems = problems(json);
        assertEquals(List.of(pointer + ": " + message),
                problems.stream().map(p -> p.pointer() + ": " + p.message()).collect(Collectors.toList()));
    }

    @Test
    void loadsVariablesInFileOrderWithTheirSlots() {
        Mission mission = MissionLoader.load(mission(TREE), "test.json");
        assertEquals("m", mission.name());
        assertTrue(mission.statusOutputs(), "status outputs are on by default");
        List<Variable> variables = mission.variables();
        assertEquals(List.of("altitude", "reached", "mode", "limit", "gain", "count"),
                variables.stream().map(Variable::name).collect(Collectors.toList()));
        Variable altitude = variables.get(0);
        assertEquals(new Variable("altitude", SlotType.REAL, Causality.INPUT, Variability.CONTINUOUS, 0.0, "m",
                null, null, null, 0), altitude);
        assertEquals(Variability.DISCRETE, variables.get(1).variability());
        assertEquals(new Variable("mode", SlotType.INTEGER, Causality.OUTPUT, Variability.DISCRETE, 0, null,
                null, 0.0, 3.0, 2), variables.get(2));
        assertEquals(Variability.FIXED, variables.get(3).variability());
        assertEquals(100.0, variables.get(3).start());
        assertEquals(Variability.TUNABLE, variables.get(4).variability());
        for (int i = 0; i < variables.size(); i++) {
            assertEquals(i, variables.get(i).slot());
            assertEquals(variables.get(i).name(), mission.tree().blackboard().slot(i).name());
        }
        assertEquals(SlotKind.LOCAL, mission.tree().blackboard().slot(5).kind());
        assertTrue(mission.tree().blackboard().slot(5).holdLast());
        assertEquals(mission(TREE), mission.sourceText());
    }

    @Test
    void buildsTheTreeInDepthFirstOrder() {
        Mission mission = MissionLoader.load(mission(TREE), "test.json");
        assertEquals(List.of("root", "root/main", "root/main/high", "root/main/act"),
                mission.tree().tasks().stream().map(TaskInfo::path).collect(Collectors.toList()));
        assertEquals(List.of("Root", "Sequence", "Condition", "Action"),
                mission.tree().tasks().stream().map(TaskInfo::typeName).collect(Collectors.toList()));
    }

    @Test
    void statusOutputsCanBeSwitchedOff() {
        String json = mission(TREE).replace("{\"name\": \"m\",", "{\"name\": \"m\", \"statusOutputs\": false,");
        assertFalse(MissionLoader.load(json, "test.json").statusOutputs());
    }

    /** The mission with a top-level {@code "processing": value}. */
    static String withProcessing(String value) {
        return mission(TREE).replace("{\"name\": \"m\",", "{\"name\": \"m\", \"processing\": " + value + ",");
    }

    @Test
    void processingIsEventDrivenUnlessTheFileSaysTicked() {
        assertFalse(MissionLoader.load(mission(TREE), "test.json").processing().isTicked(), "default");
        assertFalse(MissionLoader.load(withProcessing("\"event-driven\""), "test.json").processing().isTicked());
        assertFalse(MissionLoader.load(withProcessing("{\"mode\": \"event-driven\"}"), "test.json")
                .processing().isTicked());
        ProcessingMode ticked = MissionLoader.load(withProcessing("{\"mode\": \"ticked\", \"period\": 0.5}"),
                "test.json").processing();
        assertTrue(ticked.isTicked());
        assertEquals(0.5, ticked.period());
    }

    @Test
    void processingOfTheWrongJsonType() {
        assertProblem(withProcessing("true"), "/processing",
                "'processing' must be \"event-driven\" or {\"mode\": \"ticked\", \"period\": <seconds>}, got a boolean");
    }

    @Test
    void unknownProcessingString() {
        assertProblem(withProcessing("\"ticked\""), "/processing",
                "unknown processing 'ticked' (expected \"event-driven\" or {\"mode\": \"ticked\", \"period\": <seconds>})");
    }

    @Test
    void unknownProcessingMode() {
        List<Problem> problems = problems(withProcessing("{\"mode\": \"tick\", \"period\": 1}"));
        assertEquals(List.of("/processing/mode: unknown processing mode 'tick' (allowed: event-driven, ticked)"),
                problems.stream().map(p -> p.pointer() + ": " + p.message()).collect(Collectors.toList()));
        assertEquals(1, problems.get(0).line());
        assertEquals(38, problems.get(0).column(), "at the quote opening the mode's value");
    }

    @Test
    void processingModeIsRequired() {
        assertProblem(withProcessing("{\"period\": 1}"), "/processing", "missing required key 'mode'");
    }

    @Test
    void unknownProcessingKey() {
        assertProblem(withProcessing("{\"mode\": \"ticked\", \"period\": 1, \"phase\": 0}"), "/processing/phase",
                "unknown key 'phase' in 'processing' (allowed: mode, period)");
    }

    @Test
    void tickedProcessingNeedsAPeriod() {
        assertProblem(withProcessing("{\"mode\": \"ticked\"}"), "/processing",
                "missing required key 'period' (the tick period in seconds)");
    }

    @Test
    void tickPeriodMustBePositive() {
        assertProblem(withProcessing("{\"mode\": \"ticked\", \"period\": 0}"), "/processing/period",
                "'period' must be positive and finite, got 0");
        assertProblem(withProcessing("{\"mode\": \"ticked\", \"period\": -2.5}"), "/processing/period",
                "'period' must be positive and finite, got -2.5");
    }

    @Test
    void tickPeriodMustBeANumber() {
        assertProblem(withProcessing("{\"mode\": \"ticked\", \"period\": \"1\"}"), "/processing/period",
                "'period' must be a number of seconds, got a string");
    }

    @Test
    void eventDrivenProcessingTakesNoPeriod() {
        assertProblem(withProcessing("{\"mode\": \"event-driven\", \"period\": 1}"), "/processing/period",
                "'period' applies only to mode 'ticked'");
    }

    @Test
    void subTreesExpandWithPortsAsAliasesOrExpressions() {
        String json = """
            {"name": "m",
             "variables": [
               {"name": "x", "causality": "input", "type": "Real"},
               {"name": "mode", "causality": "output", "type": "Integer"},
               {"name": "target", "causality": "output", "type": "Real"}],
             "subtrees": {
               "go": {"ports": {"goal": "Real", "command": "Real"},
                      "tree": {"type": "Action", "outputs": {"command": "goal"}, "done": "x >= goal"}}},
             "tree": {"type": "Root", "name": "root", "children": [
               {"type": "Sequence", "name": "legs", "children": [
                 {"type": "SubTree", "name": "first", "subtree": "go", "arguments": {"goal": 10, "command": "target"}},
                 {"type": "SubTree", "name": "second", "subtree": "go",
                  "arguments": {"goal": "2 * x + mode", "command": "target"}}]}]}}""";
        Mission mission = MissionLoader.load(json, "test.json");
        assertEquals(List.of("root", "root/legs", "root/legs/first", "root/legs/second"),
                mission.tree().tasks().stream().map(TaskInfo::path).collect(Collectors.toList()));
        assertEquals("Action", mission.tree().tasks().get(2).typeName());
    }

    @Test
    void loadsFromAFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("mission.json");
        Files.writeString(file, mission(TREE));
        assertEquals("m", MissionLoader.load(file).name());
    }

    @Test
    void everyBuiltInTaskTypeLoads() {
        String tree = """
            {"type": "Root", "name": "root", "children": [
              {"type": "Parallel", "name": "all", "successThreshold": 1, "failureThreshold": 2, "children": [
                {"type": "Selector", "name": "choose", "children": [
                  {"type": "Inverter", "name": "not_high", "children": [
                    {"type": "Condition", "name": "high", "predicate": "altitude > limit"}]},
                  {"type": "ForceSuccess", "name": "always", "children": [
                    {"type": "Wait", "name": "pause", "duration": 2.5}]},
                  {"type": "ForceFailure", "name": "never", "children": [
                    {"type": "Timeout", "name": "limited", "duration": 10, "children": [
                      {"type": "Action", "name": "act", "done": true, "fail": "false", "entry": {"mode": 1},
                       "exit": {"mode": "0"}, "outputs": {"count": "if reached then 1 else 2"},
                       "entryDuration": 1, "exitDuration": 0.5}]}]}]},
                {"type": "Loop", "name": "again", "count": 3, "continueOnFailure": true, "children": [
                  {"type": "Reset", "name": "restart", "children": [
                    {"type": "Memory", "name": "remember", "successOnly": true, "children": [
                      {"type": "StateMachine", "name": "machine", "maxTransitionsPerInstant": 10,
                       "states": [
                         {"name": "low", "entry": {"mode": "1"}, "outputs": {"count": "1"}},
                         {"name": "high", "exit": {"mode": "0"}},
                         {"name": "done", "final": "finished"}],
                       "transitions": [
                         {"from": "low", "to": "high", "guard": "altitude > limit"},
                         {"from": "high", "to": "done", "delay": 5}]}]}]}]}]}]}""";
        Mission mission = MissionLoader.load(mission(tree), "test.json");
        assertEquals(14, mission.tree().tasks().size());
    }


    @Test
    void stateMachineProblems() {
        assertProblem(withTask("{\"type\": \"StateMachine\", \"name\": \"sm\", \"states\": [{\"name\": \"a\"}],"
                + " \"transitions\": [{\"from\": \"a\", \"to\": \"b\", \"guard\": \"reached\"}]}"),
                "/tree/children/0/transitions/0/to", "unknown state 'b' (states: a)");
        assertProblem(withTask("{\"type\": \"StateMachine\", \"name\": \"sm\", \"states\": [{\"name\": \"a\"}, {\"name\": \"a\"}]}"),
                "/tree/children/0/states/1/name", "duplicate state name 'a' (first at /tree/children/0/states/0)");
        assertProblem(withTask("{\"type\": \"StateMachine\", \"name\": \"sm\", \"states\": [{\"name\": \"a\", \"final\": \"done\"}]}"),
                "/tree/children/0/states/0/final", "'final' must be 'finished' or 'aborted'; got 'done'");
        assertProblem(withTask("{\"type\": \"StateMachine\", \"name\": \"sm\", \"states\": [{\"name\": \"a\"}],"
                + " \"transitions\": [{\"from\": \"a\", \"to\": \"a\", \"delay\": -1}]}"),
                "/tree/children/0/transitions/0/delay", "'delay' must be a number >= 0 (seconds), got -1");
    }

    // ---- one test per kind of problem ----

    @Test
    void malformedJsonGivesLineAndColumn() {
        List<Problem> problems = problems("{\n  \"name\": \"m\",\n  \"tree\": {\"type\": \"Root\",, }\n}");
        assertEquals(1, problems.size());
        Problem p = problems.get(0);
        assertEquals("/tree/type", p.pointer());
        assertEquals("malformed JSON: Unexpected character (',' (code 44)): was expecting double-quote to start"
                + " field name", p.message());
        assertEquals(3, p.line());
        assertEquals(27, p.column());
    }

    @Test
    void unclosedObjectNamesWhereItWasOpened() {
        List<Problem> problems = problems("{\"name\": \"x\", \"tree\": {\"type\": \"Root\"\n");
        assertEquals(1, problems.size());
        assertEquals("malformed JSON: Unexpected end-of-input: expected close marker for Object"
                + " (start marker at [line: 1, column: 23])", problems.get(0).message());
    }

    @Test
    void emptyAndTrailingContent() {
        assertProblem("", "", "the file is empty; expected a JSON object");
        assertProblem("  \n ", "", "the file is empty; expected a JSON object");
        assertProblem(mission(TREE) + " {}", "", "unexpected content after the end of the JSON document");
        assertProblem("[1, 2]", "", "a mission must be a JSON object, got an array");
    }

    @Test
    void duplicateJsonKey() {
        List<Problem> problems = problems("{\"name\": \"m\", \"name\": \"n\", \"tree\": " + TREE + "}");
        assertEquals("/name: duplicate key 'name'", problems.get(0).pointer() + ": " + problems.get(0).message());
        assertEquals(1, problems.get(0).line());
        assertEquals(15, problems.get(0).column());
    }

    @Test
    void unknownTopLevelKeyAndMissingTree() {
        List<Problem> problems = problems("{\"name\": \"m\", \"tre\": {}}");
        assertEquals(2, problems.size());
        assertEquals("missing required key 'tree'", problems.get(1).message());
        assertEquals("unknown key 'tre' in a mission (allowed: $schema, name, description, statusOutputs,"
                + " processing, nonFinite, maxEventsPerStep, maxSweepsPerInstant, variables, subtrees,"
                + " tree)", problems.get(0).message());
    }

    @Test
    void unknownTaskType() {
        String known = TaskTypeRegistry.standard().types().stream().map(TaskType::name)
                .collect(Collectors.joining(", "));
        assertProblem(withTask("{\"type\": \"Sequense\", \"name\": \"s\", \"children\": []}"),
                "/tree/children/0/type", "unknown task type 'Sequense' (known: " + known + ", SubTree)");
        assertTrue(known.startsWith("Root, Condition, Action, Sequence, Selector"), known);
    }

    @Test
    void wrongChildCount() {
        assertProblem(mission("{\"type\": \"Root\", \"name\": \"root\", \"children\": ["
                + "{\"type\": \"Condition\", \"name\": \"a\", \"predicate\": \"reached\"},"
                + "{\"type\": \"Condition\", \"name\": \"b\", \"predicate\": \"reached\"}]}"),
                "/tree/children", "Root takes exactly 1 child, got 2");
        assertProblem(withTask("{\"type\": \"Sequence\", \"name\": \"s\"}"),
                "/tree/children/0", "Sequence takes at least 1 child, got 0");
        assertProblem(withTask("{\"type\": \"Condition\", \"name\": \"c\", \"predicate\": \"reached\", \"children\": ["
                + "{\"type\": \"Condition\", \"name\": \"d\", \"predicate\": \"reached\"}]}"),
                "/tree/children/0/children", "Condition takes no children, got 1");
    }

    @Test
    void missingRequiredParameter() {
        assertProblem(withTask("{\"type\": \"Condition\", \"name\": \"c\"}"),
                "/tree/children/0", "missing required parameter 'predicate' of Condition");
        assertProblem(withTask("{\"type\": \"Wait\", \"name\": \"w\"}"),
                "/tree/children/0", "missing required parameter 'duration' of Wait");
    }

    @Test
    void unknownParameter() {
        assertProblem(withTask(
                "{\"type\": \"Condition\", \"name\": \"c\", \"predicat\": \"reached\", \"predicate\": \"reached\"}"),
                "/tree/children/0/predicat", "unknown parameter 'predicat' of Condition (parameters: predicate, hysteresis)");
        assertProblem(withTask("{\"type\": \"Sequence\", \"name\": \"s\", \"count\": 2, \"children\": ["
                + "{\"type\": \"Condition\", \"name\": \"c\", \"predicate\": \"reached\"}]}"),
                "/tree/children/0/count", "unknown parameter 'count' of Sequence (it takes none)");
    }

    @Test
    void wrongParameterValueKind() {
        assertProblem(withTask("{\"type\": \"Condition\", \"name\": \"c\", \"predicate\": \"reached\", \"hysteresis\": \"10\"}"),
                "/tree/children/0/hysteresis", "'hysteresis' must be a number, got a string");
        assertProblem(withTask("{\"type\": \"Condition\", \"name\": \"c\", \"predicate\": \"reached\", \"hysteresis\": -1e999}"),
                "/tree/children/0/hysteresis", "'hysteresis' must be a finite number, got -Infinity");
        assertProblem(withTask("{\"type\": \"Parallel\", \"name\": \"l\", \"successThreshold\": 2.5, \"children\": ["
                + "{\"type\": \"Condition\", \"name\": \"c\", \"predicate\": \"reached\"}]}"),
                "/tree/children/0/successThreshold", "'successThreshold' must be a whole number (32-bit), got 2.5");
        assertProblem(withTask("{\"type\": \"Memory\", \"name\": \"m\", \"successOnly\": 1, \"children\": ["
                + "{\"type\": \"Condition\", \"name\": \"c\", \"predicate\": \"reached\"}]}"),
                "/tree/children/0/successOnly", "'successOnly' must be true or false, got a number");
        assertProblem(withTask("{\"type\": \"Condition\", \"name\": \"c\", \"predicate\": [\"reached\"]}"),
                "/tree/children/0/predicate",
                "expected an expression (a string, number or boolean), got an array");
        assertProblem(withTask("{\"type\": \"Action\", \"name\": \"a\", \"entry\": [\"mode\"]}"),
                "/tree/children/0/entry",
                "assignments must be an object mapping variable names to expressions, got an array");
    }

    @Test
    void unknownSlot() {
        assertProblem(withTask("{\"type\": \"Condition\", \"name\": \"c\", \"predicate\": \"altitude > limt\"}"),
                "/tree/children/0/predicate", "expression column 12: unknown name 'limt'");
        assertProblem(withTask("{\"type\": \"Action\", \"name\": \"a\", \"entry\": {\"mod\": \"1\"}}"),
                "/tree/children/0/entry/mod", "unknown variable 'mod'");
    }

    @Test
    void typeMismatch() {
        assertProblem(withTask("{\"type\": \"Condition\", \"name\": \"c\", \"predicate\": \"altitude + 1\"}"),
                "/tree/children/0/predicate", "expression column 1: expected Boolean, got Real");
        assertProblem(withTask("{\"type\": \"Action\", \"name\": \"a\", \"entry\": {\"mode\": \"altitude / 2\"}}"),
                "/tree/children/0/entry/mode", "expression column 1: expected Integer, got Real");
        assertProblem(withTask("{\"type\": \"Condition\", \"name\": \"c\", \"predicate\": \"reached + 1 > 0\"}"),
                "/tree/children/0/predicate", "expression column 9: '+' needs numbers, got Boolean");
    }

    @Test
    void taskWritingAnInputOrParameter() {
        assertProblem(withTask("{\"type\": \"Action\", \"name\": \"a\", \"exit\": {\"altitude\": \"0\"}}"),
                "/tree/children/0/exit/altitude", "cannot write input 'altitude': tasks write outputs and locals only");
        assertProblem(withTask("{\"type\": \"Action\", \"name\": \"a\", \"outputs\": {\"limit\": \"0\"}}"),
                "/tree/children/0/outputs/limit",
                "cannot write parameter 'limit': tasks write outputs and locals only");
    }

    @Test
    void duplicateVariableName() {
        assertProblem(mission("[{\"name\": \"x\", \"causality\": \"input\", \"type\": \"Real\"},"
                + "{\"name\": \"x\", \"causality\": \"output\", \"type\": \"Real\"}]",
                "{\"type\": \"Root\", \"name\": \"root\", \"children\": [{\"type\": \"Condition\", \"name\": \"w\", \"predicate\": \"true\"}]}"),
                "/variables/1/name", "duplicate variable name 'x' (first declared at /variables/0)");
    }

    @Test
    void duplicateTaskName() {
        assertProblem(withTask("{\"type\": \"Sequence\", \"name\": \"s\", \"children\": ["
                + "{\"type\": \"Condition\", \"name\": \"c\", \"predicate\": \"reached\"},"
                + "{\"type\": \"Condition\", \"name\": \"c\", \"predicate\": \"true\"}]}"),
                "/tree/children/0/children/1/name", "duplicate task name 'c' among the children of one task"
                        + " (first at /tree/children/0/children/0); sibling names must differ so that task paths"
                        + " are unique");
    }

    @Test
    void invalidFmiVariableNames() {
        String tree = "{\"type\": \"Root\", \"name\": \"root\", \"children\": [{\"type\": \"Condition\", \"name\": \"w\", \"predicate\": \"true\"}]}";
        for (String name : List.of("1abc", "a..b", "a b", "a-b", "", "x.")) {
            assertProblem(mission("[{\"name\": \"" + name + "\", \"causality\": \"input\", \"type\": \"Real\"}]", tree),
                    "/variables/0/name", "'" + name + "' is not a valid FMI variable name: use letters, digits and"
                            + " '_' (not first), optionally in parts joined by '.'");
        }
        assertProblem(mission("[{\"name\": \"not\", \"causality\": \"input\", \"type\": \"Real\"}]", tree),
                "/variables/0/name", "'not' is not a valid variable name: 'not' is a keyword of the expression language");
        assertProblem(mission("[{\"name\": \"status.root\", \"causality\": \"output\", \"type\": \"Integer\"}]", tree),
                "/variables/0/name", "'status.root': names starting with 'status.' are reserved for the task status"
                        + " outputs (set \"statusOutputs\": false to use them)");
        assertProblem(withTask("{\"type\": \"Condition\", \"name\": \"a.b\", \"predicate\": \"true\"}"),
                "/tree/children/0/name", "'a.b' is not a valid task name: use letters, digits and '_' (not first)");
        assertProblem("{\"name\": \"my mission\", \"tree\": " + tree + "}",
                "/name", "'my mission' is not a valid mission name: use letters, digits and '_' (not first)"
                        + " (it names the FMU's model and files)");
    }

    @Test
    void variableDeclarationProblems() {
        String tree = "{\"type\": \"Root\", \"name\": \"root\", \"children\": [{\"type\": \"Condition\", \"name\": \"w\", \"predicate\": \"true\"}]}";
        assertProblem(mission("[{\"name\": \"x\", \"causality\": \"inout\", \"type\": \"Real\"}]", tree),
                "/variables/0/causality", "'causality' must be one of input, output, parameter, local; got 'inout'");
        assertProblem(mission("[{\"name\": \"x\", \"causality\": \"input\", \"type\": \"Double\"}]", tree),
                "/variables/0/type", "'type' must be one of Real, Integer, Boolean, String; got 'Double'");
        assertProblem(mission("[{\"name\": \"x\", \"causality\": \"input\", \"type\": \"Integer\", \"start\": 1.5}]", tree),
                "/variables/0/start", "start of an Integer variable must be a whole number in 32-bit range, got 1.5");
        assertProblem(mission("[{\"name\": \"x\", \"causality\": \"input\", \"type\": \"Boolean\", \"start\": 0}]", tree),
                "/variables/0/start", "start of a Boolean variable must be a boolean, got a number");
        assertProblem(mission("[{\"name\": \"x\", \"causality\": \"input\", \"type\": \"Real\", \"variability\": \"fixed\"}]", tree),
                "/variables/0/variability", "'variability' applies to parameters only (inputs, outputs and locals"
                        + " are continuous if Real, else discrete)");
        assertProblem(mission("[{\"name\": \"x\", \"causality\": \"input\", \"type\": \"Real\", \"min\": 5, \"max\": 1}]", tree),
                "/variables/0/max", "max 1 is less than min 5");
        assertProblem(mission("[{\"name\": \"x\", \"causality\": \"parameter\", \"type\": \"Real\", \"start\": 7, \"max\": 5}]", tree),
                "/variables/0/start", "start 7.0 is outside [-inf, 5]");
        assertProblem(mission("[{\"name\": \"x\", \"causality\": \"input\", \"type\": \"Real\", \"start\": 1e400}]", tree),
                "/variables/0/start", "start of a Real variable must be a finite number, got Infinity");
        assertProblem(mission("[{\"name\": \"x\", \"causality\": \"input\", \"type\": \"Real\", \"min\": \"0\"}]", tree),
                "/variables/0/min", "'min' must be a finite number, got a string");
        assertProblem(mission("[{\"name\": \"x\", \"causality\": \"input\", \"type\": \"Boolean\", \"unit\": \"m\"}]", tree),
                "/variables/0/unit", "'unit' applies to Real variables only");
        assertProblem(mission("[{\"name\": \"x\", \"causality\": \"input\", \"type\": \"Real\", \"holdLast\": true}]", tree),
                "/variables/0/holdLast", "'holdLast' applies to outputs and locals only (tasks do not write inputs)");
        assertProblem(mission("[{\"name\": \"x\", \"causality\": \"input\", \"type\": \"Real\", \"default\": 1}]", tree),
                "/variables/0/default", "unknown key 'default' in a variable (allowed: name, causality, type,"
                        + " variability, start, unit, description, min, max, holdLast)");
        assertProblem(mission("[{\"causality\": \"input\", \"type\": \"Real\"}]", tree),
                "/variables/0", "missing required key 'name'");
    }

    @Test
    void recursiveSubTrees() {
        String json = """
            {"name": "m",
             "subtrees": {
               "a": {"tree": {"type": "Sequence", "children": [{"type": "SubTree", "name": "to_b", "subtree": "b"}]}},
               "b": {"tree": {"type": "Selector", "children": [{"type": "SubTree", "name": "to_a", "subtree": "a"}]}}},
             "tree": {"type": "Root", "name": "root", "children": [{"type": "SubTree", "name": "start", "subtree": "a"}]}}""";
        assertProblem(json, "/subtrees/b/tree/children/0/subtree", "recursive sub-tree reference: a -> b -> a");
        String self = """
            {"name": "m",
             "subtrees": {"a": {"tree": {"type": "Sequence", "children": [{"type": "SubTree", "name": "again", "subtree": "a"}]}}},
             "tree": {"type": "Root", "name": "root", "children": [{"type": "Condition", "name": "w", "predicate": "true"}]}}""";
        assertProblem(self, "/subtrees/a/tree/children/0/subtree", "recursive sub-tree reference: a -> a");
    }

    @Test
    void subTreeReferenceProblems() {
        String head = """
            {"name": "m",
             "variables": [{"name": "x", "causality": "input", "type": "Real"},
                           {"name": "y", "causality": "output", "type": "Real"}],
             "subtrees": {"go": {"ports": {"goal": "Real", "out": "Real"},
                                 "tree": {"type": "Action", "outputs": {"out": "goal"}, "done": "x >= goal"}}},
             "tree": {"type": "Root", "name": "root", "children": [""";
        assertProblem(head + "{\"type\": \"SubTree\", \"name\": \"s\", \"subtree\": \"goo\"}]}}",
                "/tree/children/0/subtree", "unknown sub-tree 'goo' (defined: go)");
        assertProblem(head + "{\"type\": \"SubTree\", \"name\": \"s\", \"subtree\": \"go\", \"arguments\": {\"out\": \"y\"}}]}}",
                "/tree/children/0", "missing argument for port 'goal' of sub-tree 'go'");
        assertProblem(head + "{\"type\": \"SubTree\", \"name\": \"s\", \"subtree\": \"go\", "
                + "\"arguments\": {\"goal\": 1, \"out\": \"y\", \"speed\": 2}}]}}",
                "/tree/children/0/arguments/speed", "unknown argument 'speed': sub-tree 'go' has ports goal, out");
        assertProblem(head + "{\"type\": \"SubTree\", \"name\": \"s\", \"subtree\": \"go\", "
                + "\"arguments\": {\"goal\": 1, \"out\": \"y + 1\"}}]}}",
                "/subtrees/go/tree/outputs/out", "cannot write 'out': the port is bound to an expression, not a variable (in the instance at"
                        + " /tree/children/0)");
        assertProblem(head + "{\"type\": \"SubTree\", \"name\": \"s\", \"subtree\": \"go\", "
                + "\"arguments\": {\"goal\": 1, \"out\": \"x\"}}]}}",
                "/subtrees/go/tree/outputs/out",
                "cannot write input 'x' (through port 'out'): tasks write outputs and locals only (in the instance at"
                        + " /tree/children/0)");
        assertProblem(head + "{\"type\": \"SubTree\", \"name\": \"s\", \"subtree\": \"go\", "
                + "\"arguments\": {\"goal\": \"x > 1\", \"out\": \"y\"}}]}}",
                "/tree/children/0/arguments/goal", "expression column 1: expected Real, got Boolean");
    }

    @Test
    void unusedSubTreesAreValidatedToo() {
        String json = """
            {"name": "m",
             "subtrees": {"spare": {"ports": {"p": "Real"},
                                    "tree": {"type": "Condition", "predicate": "p > q"}}},
             "tree": {"type": "Root", "name": "root", "children": [{"type": "Condition", "name": "w", "predicate": "true"}]}}""";
        assertProblem(json, "/subtrees/spare/tree/predicate", "expression column 5: unknown name 'q'");
    }

    @Test
    void expressionSyntaxErrorHasTheColumn() {
        List<Problem> problems = problems(withTask(
                "{\"type\": \"Condition\", \"name\": \"c\", \"predicate\": \"altitude > (limit\"}"));
        assertEquals(1, problems.size());
        Problem p = problems.get(0);
        assertEquals("/tree/children/0/predicate", p.pointer());
        assertEquals("expression column 18: expected ')', found end of expression", p.message());
        assertEquals(mission(VARIABLES, "").split("\n").length, p.line(), "line of the predicate's value");
    }

    @Test
    void allProblemsAreReportedAtOnce() {
        String json = mission("""
            [{"name": "x", "causality": "input", "type": "Real"},
             {"name": "x", "causality": "input", "type": "Real"}]""", """
            {"type": "Root", "name": "root", "children": [
              {"type": "Sequence", "name": "s", "children": [
                {"type": "Condition", "name": "a", "predicate": "y > 1"},
                {"type": "Conditio", "name": "b"},
                {"type": "Action", "name": "c", "entry": {"x": "1"}, "done": "x"},
                {"type": "Condition", "name": "d"}]}]}""");
        List<Problem> problems = problems(json);
        assertEquals(List.of(
                "/variables/1/name: duplicate variable name 'x' (first declared at /variables/0)",
                "/tree/children/0/children/0/predicate: expression column 1: unknown name 'y'",
                "/tree/children/0/children/2/entry/x: cannot write input 'x': tasks write outputs and locals only",
                "/tree/children/0/children/2/done: expression column 1: expected Boolean, got Real",
                "/tree/children/0/children/3: missing required parameter 'predicate' of Condition"),
                problems.stream().filter(p -> !p.message().startsWith("unknown task type"))
                        .map(p -> p.pointer() + ": " + p.message()).collect(Collectors.toList()));
        assertEquals(6, problems.size());
        MissionException e = assertThrows(MissionException.class, () -> MissionLoader.load(json, "plan.json"));
        assertTrue(e.getMessage().startsWith("plan.json: 6 problems"), e.getMessage());
        assertTrue(e.getMessage().contains("\nplan.json:2:11: /variables/1/name: duplicate variable name"), e.getMessage());
    }

    @Test
    void jsonNestingLimit() {
        String deep = "{\"name\": \"m\", \"description\": " + "[".repeat(400) + "]".repeat(400) + ", \"tree\": " + TREE + "}";
        List<Problem> problems = problems(deep);
        assertEquals(1, problems.size());
        assertEquals("JSON nested too deeply (limit 256 levels)", problems.get(0).message());
        assertTrue(problems.get(0).pointer().startsWith("/description/0/0/0"));
    }

    @Test
    void treeNestingLimit() {
        StringBuilder tree = new StringBuilder();
        int levels = 110;
        for (int i = 0; i < levels; i++) {
            tree.append("{\"type\": \"Sequence\", \"name\": \"s").append(i).append("\", \"children\": [");
        }
        tree.append("{\"type\": \"Condition\", \"name\": \"w\", \"predicate\": \"true\"}");
        tree.append("]}".repeat(levels));
        List<Problem> problems = problems(withTask(tree.toString()));
        assertEquals(1, problems.size());
        assertEquals("tree nested too deeply (limit 100 levels of tasks)", problems.get(0).message());
        assertEquals("/tree" + "/children/0".repeat(100), problems.get(0).pointer());
    }

    @Test
    void fileSizeLimit(@TempDir Path dir) throws Exception {
        String big = "{\"name\": \"m\", \"description\": \"" + "x".repeat((int) MissionLoader.MAX_FILE_SIZE) + "\"}";
        assertProblem(big, "", "file too large: " + big.length() + " bytes (limit 4194304)");
        Path file = dir.resolve("big.json");
        Files.writeString(file, big);
        MissionException e = assertThrows(MissionException.class, () -> MissionLoader.load(file));
        assertEquals("file too large: " + Files.size(file) + " bytes (limit 4194304)", e.problems().get(0).message());
    }

    @Test
    void unreadableFiles(@TempDir Path dir) throws Exception {
        MissionException e = assertThrows(MissionException.class, () -> MissionLoader.load(dir.resolve("none.json")));
        assertEquals(List.of(new Problem("", "no such file", 0, 0)), e.problems());
        Path binary = dir.resolve("binary.json");
        Files.write(binary, new byte[] {'{', (byte) 0xC3, (byte) 0x28, '}'});
        e = assertThrows(MissionException.class, () -> MissionLoader.load(binary));
        assertEquals("the file is not UTF-8 text", e.problems().get(0).message());
        e = assertThrows(MissionException.class, () -> MissionLoader.load(dir));
        assertNotNull(e.problems().get(0).message());
    }

    @Test
    void theReplacementCharacterItselfIsTextButAMalformedByteNot(@TempDir Path dir) throws Exception {
        // readText decodes leniently first and strictly only where a U+FFFD appears
        Path file = dir.resolve("m.json");
        String text = "{\"name\": \"m\", \"description\": \"\uFFFD \u00e9\u4e2d\"}";
        Files.writeString(file, text);
        assertEquals(text, MissionLoader.readText(file, "m.json"));
        byte[] bytes = Files.readAllBytes(file);
        byte[] truncated = java.util.Arrays.copyOf(bytes, bytes.length + 1);
        truncated[bytes.length] = (byte) 0xE4; // the first byte of a three-byte sequence, alone
        Files.write(file, truncated);
        MissionException e = assertThrows(MissionException.class, () -> MissionLoader.readText(file, "m.json"));
        assertEquals("the file is not UTF-8 text", e.problems().get(0).message());
    }

    @Test
    void keysWithASlashOrATildeAreEscapedInPointers() {
        // JsonDocument.child escapes only where needed (RFC 6901: '~' as ~0, '/' as ~1)
        for (String[] key : new String[][] {{"a/b~c", "a~1b~0c"}, {"~/", "~0~1"}, {"plain", "plain"}}) {
            List<Problem> problems = problems("{\"name\": \"m\", \"" + key[0] + "\": 1, \"tree\": 2}");
            assertTrue(problems.stream().anyMatch(p -> p.pointer().equals("/" + key[1])
                    && p.message().startsWith("unknown key '" + key[0] + "'")), problems.toString());
        }
    }
}
