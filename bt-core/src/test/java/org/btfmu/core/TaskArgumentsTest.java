package org.btfmu.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.core.expr.JavaExpression;
import org.junit.jupiter.api.Test;

/** The checks of a task's arguments and their messages (searched in the type's list of parameters). */
class TaskArgumentsTest {

    private static final TaskType TYPE = TaskType.of("Probe", 0, 0, List.of(
            ParameterSpec.expression("when", SlotType.BOOLEAN, true, null, "required"),
            ParameterSpec.optional("gain", ParameterKind.REAL, 2.0, "optional Real"),
            ParameterSpec.optional("count", ParameterKind.INTEGER, 1, "optional Integer"),
            ParameterSpec.optional("label", ParameterKind.STRING, "none", "optional String")),
            (name, args, children) -> null);

    @Test
    void givenValuesAndDefaults() {
        Map<String, Object> values = new HashMap<>();
        values.put("when", JavaExpression.constant(true));
        values.put("gain", 3); // a Number for a Real: kept as a double
        TaskArguments args = TaskArguments.of(TYPE, "p", values);
        assertTrue(args.expression("when").evalBoolean(null));
        assertEquals(3.0, args.real("gain"));
        assertEquals(1, args.integer("count"));
        assertEquals("none", args.string("label"));
        assertTrue(args.has("gain"));
        assertFalse(args.has("label"));
        values.put("label", "changed after"); // the arguments are the checked values at creation
        assertEquals("none", args.string("label"));
        assertFalse(args.has("label"));
    }

    @Test
    void messagesNameTheTaskTheTypeAndTheParameter() {
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> TaskArguments.of(
                TYPE, "p", Map.of("when", JavaExpression.constant(true), "gian", 1.0)));
        assertEquals("task 'p' (Probe), parameter 'gian': unknown parameter; Probe takes [count, gain, label, when]",
                unknown.getMessage());
        IllegalArgumentException kind = assertThrows(IllegalArgumentException.class, () -> TaskArguments.of(
                TYPE, "p", Map.of("when", JavaExpression.constant(true), "count", 1.5)));
        assertEquals("task 'p' (Probe), parameter 'count': expected INTEGER, got Double", kind.getMessage());
        IllegalArgumentException type = assertThrows(IllegalArgumentException.class, () -> TaskArguments.of(
                TYPE, "p", Map.of("when", JavaExpression.constant(1.0))));
        assertEquals("task 'p' (Probe), parameter 'when': expected a BOOLEAN expression, got a REAL expression",
                type.getMessage());
        Map<String, Object> nullValue = new HashMap<>();
        nullValue.put("when", null);
        assertEquals("task 'p' (Probe), parameter 'when': value is null", assertThrows(
                IllegalArgumentException.class, () -> TaskArguments.of(TYPE, "p", nullValue)).getMessage());
        assertEquals("task 'p' (Probe): required parameter 'when' is missing", assertThrows(
                IllegalArgumentException.class, () -> TaskArguments.of(TYPE, "p", Map.of())).getMessage());
        TaskArguments args = TaskArguments.of(TYPE, "p", Map.of("when", JavaExpression.constant(true)));
        assertEquals("task 'p': no parameter 'other'", assertThrows(IllegalArgumentException.class,
                () -> args.real("other")).getMessage());
        assertEquals("task 'p': parameter 'gain' is REAL, not INTEGER", assertThrows(IllegalArgumentException.class,
                () -> args.integer("gain")).getMessage());
    }
}
