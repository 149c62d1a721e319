package org.btfmu.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.core.expr.JavaExpression;
import org.junit.jupiter.api.Test;

class TaskTypeRegistryTest {

    @Test
    void standardRegistryBuildsTasksFromCheckedArguments() {
        TaskType action = TaskTypeRegistry.standard().find("Action").orElseThrow();
        TaskNode node = action.build("fly", Map.of("entryDuration", 2, "done", JavaExpression.constant(true)),
                List.of());
        assertEquals("Action", node.typeName());
        TaskType sequence = TaskTypeRegistry.standard().find("Sequence").orElseThrow();
        TaskNode seq = sequence.build("s", Map.of(), List.of(node));
        TreeInstance t = new TreeInstance(TreeDefinition.of(BlackboardDefinition.of(List.of()),
                TaskTypeRegistry.standard().find("Root").orElseThrow().build("r", Map.of(), List.of(seq))),
                ProcessingMode.EVENT_DRIVEN);
        t.start(0);
        assertEquals(Status.SUCCESS, t.status(1), "done at once: transient success");
    }

    /** The standard registry finds the built-ins one by one (BuiltIns.find) as the full list has them. */
    @Test
    void theStandardRegistryFindsEveryBuiltInByNameAndNothingElse() {
        List<TaskType> all = TaskTypeRegistry.standard().types();
        assertEquals(org.btfmu.core.tasks.BuiltIns.types(), all);
        assertEquals(all.size(), all.stream().map(TaskType::name).distinct().count(), "no name twice");
        for (TaskType type : all) {
            assertTrue(TaskTypeRegistry.standard().find(type.name()).orElseThrow() == type, type.name());
        }
        assertFalse(TaskTypeRegistry.standard().find("sequence").isPresent(), "names are case-sensitive");
        assertFalse(TaskTypeRegistry.standard().find("SubTree").isPresent());
        assertFalse(TaskTypeRegistry.standard().find("").isPresent());
        assertEquals(all.size() + 1, TaskTypeRegistry.standard().with(TaskType.of("Extra", 0, 0, List.of(),
                (name, args, children) -> null)).types().size());
    }

    @Test
    void badArgumentsAreRejectedWithTaskAndParameterNamed() {
        TaskType condition = TaskTypeRegistry.standard().find("Condition").orElseThrow();
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> condition.build("c", Map.of(), List.of()));
        assertTrue(missing.getMessage().contains("'c'") && missing.getMessage().contains("predicate"));
        IllegalArgumentException wrongType = assertThrows(IllegalArgumentException.class,
                () -> condition.build("c", Map.of("predicate", JavaExpression.constant(1.0)), List.of()));
        assertTrue(wrongType.getMessage().contains("BOOLEAN"), wrongType.getMessage());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> condition.build("c", Map.of("predicat", JavaExpression.constant(true)), List.of()));
        assertTrue(unknown.getMessage().contains("predicat"), unknown.getMessage());
        IllegalArgumentException children = assertThrows(IllegalArgumentException.class,
                () -> TaskTypeRegistry.standard().find("Sequence").orElseThrow().build("s", Map.of(), List.of()));
        assertTrue(children.getMessage().contains("at least 1"), children.getMessage());
    }

    @Test
    void customTypeIsOneClassAndOneRegistration() {
        TaskType always = TaskType.of("Always", 0, 0, List.of(), (name, args, children) -> new TaskNode(name,
                "Always", children) {
            @Override
            protected void evaluate(TaskContext ctx) {
                ctx.returns(true, true);
            }
        });
        TaskTypeRegistry registry = TaskTypeRegistry.standard().with(always);
        assertTrue(registry.find("Always").isPresent());
        assertFalse(TaskTypeRegistry.standard().find("Always").isPresent(), "with() returns a new registry");
        assertThrows(IllegalArgumentException.class, () -> registry.with(always));
    }

    @Test
    void manifestSpellsTheContractNames() {
        List<String> names = TaskTypeRegistry.standard().types().stream().map(TaskType::name).toList();
        assertTrue(names.containsAll(List.of("Root", "Condition", "Action", "Sequence", "Selector")), names.toString());
        ParameterSpec predicate = TaskTypeRegistry.standard().find("Condition").orElseThrow().parameters().get(0);
        assertEquals(new ParameterSpec("predicate", ParameterKind.EXPRESSION, SlotType.BOOLEAN, true, null,
                predicate.description()), predicate);
    }
}
