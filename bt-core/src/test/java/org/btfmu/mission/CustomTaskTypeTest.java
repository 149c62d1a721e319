package org.btfmu.mission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;
import org.btfmu.core.ParameterKind;
import org.btfmu.core.ParameterSpec;
import org.btfmu.core.TaskInfo;
import org.btfmu.core.TaskType;
import org.btfmu.core.TaskTypeRegistry;
import org.btfmu.core.Tasks;
import org.btfmu.core.blackboard.SlotType;
import org.junit.jupiter.api.Test;

/** A custom Java task type is used by its registered name and validated against its manifest. */
class CustomTaskTypeTest {

    /** A guard with a named band: a Condition under another name, as a user would register it. */
    static final TaskType GUARD = TaskType.of("Guard", 0, 0, List.of(
            ParameterSpec.expression("holds", SlotType.BOOLEAN, true, null, "what must hold"),
            ParameterSpec.optional("band", ParameterKind.REAL, 0.0, "hysteresis band"),
            ParameterSpec.optional("label", ParameterKind.STRING, "", "free text")),
            (name, args, children) -> Tasks.condition(name, args.expression("holds"), args.real("band")));

    static final TaskTypeRegistry REGISTRY = TaskTypeRegistry.standard().with(GUARD);

    static String mission(String task) {
        return MissionLoaderTest.withTask(task);
    }

    static List<String> problems(String json, TaskTypeRegistry registry) {
        MissionException e = assertThrows(MissionException.class, () -> MissionLoader.load(json, "t.json", registry));
        return e.problems().stream().map(p -> p.pointer() + ": " + p.message()).collect(Collectors.toList());
    }

    @Test
    void loadsWithTheRegistryThatKnowsIt() {
        Mission mission = MissionLoader.load(
                mission("{\"type\": \"Guard\", \"name\": \"g\", \"holds\": \"altitude > limit\", \"band\": 5,"
                        + " \"label\": \"safe\"}"), "t.json", REGISTRY);
        TaskInfo guard = mission.tree().tasks().get(1);
        assertEquals("root/g", guard.path());
        assertEquals("Condition", guard.typeName(), "the factory decides what it builds");
    }

    @Test
    void isUnknownToTheStandardRegistry() {
        List<String> problems = problems(mission("{\"type\": \"Guard\", \"name\": \"g\", \"holds\": \"reached\"}"),
                TaskTypeRegistry.standard());
        assertEquals(1, problems.size());
        assertTrue(problems.get(0).startsWith("/tree/children/0/type: unknown task type 'Guard'"));
    }

    @Test
    void parametersAreCheckedAgainstItsManifest() {
        assertEquals(List.of("/tree/children/0: missing required parameter 'holds' of Guard"),
                problems(mission("{\"type\": \"Guard\", \"name\": \"g\"}"), REGISTRY));
        assertEquals(List.of("/tree/children/0/hold: unknown parameter 'hold' of Guard (parameters: holds, band, label)"),
                problems(mission("{\"type\": \"Guard\", \"name\": \"g\", \"holds\": \"reached\", \"hold\": 1}"), REGISTRY));
        assertEquals(List.of("/tree/children/0/label: 'label' must be a string, got a number"),
                problems(mission("{\"type\": \"Guard\", \"name\": \"g\", \"holds\": \"reached\", \"label\": 1}"), REGISTRY));
        assertEquals(List.of("/tree/children/0/holds: expression column 1: expected Boolean, got Real"),
                problems(mission("{\"type\": \"Guard\", \"name\": \"g\", \"holds\": \"altitude\"}"), REGISTRY));
        assertEquals(List.of("/tree/children/0/children: Guard takes no children, got 1"),
                problems(mission("{\"type\": \"Guard\", \"name\": \"g\", \"holds\": \"reached\", \"children\": ["
                        + "{\"type\": \"Wait\", \"name\": \"w\", \"duration\": 1}]}"), REGISTRY));
    }

    @Test
    void aFactoryRefusalBecomesAProblemAtTheTask() {
        List<String> problems = problems(
                mission("{\"type\": \"Guard\", \"name\": \"g\", \"holds\": \"reached\", \"band\": 5}"), REGISTRY);
        assertEquals(List.of("/tree/children/0: condition 'g': hysteresis needs a comparison as predicate"
                + " (it has no crossing function)"), problems);
    }
}
