package org.btfmu.core;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.core.expr.Expression;
import org.btfmu.core.expr.JavaExpression;

/**
 * The checked parameter values of one task, read by name with typed getters. An absent
 * optional parameter reads as its {@link ParameterSpec#defaultValue()}.
 */
public final class TaskArguments {

    private final String taskName;
    private final Map<String, ParameterSpec> specs = new HashMap<>();
    private final Map<String, Object> values;

    private TaskArguments(String taskName, List<ParameterSpec> specs, Map<String, Object> values) {
        this.taskName = taskName;
        for (ParameterSpec spec : specs) {
            this.specs.put(spec.name(), spec);
        }
        this.values = Map.copyOf(values);
    }

    /**
     * Checks {@code values} against the type's parameters: no unknown names, every required
     * one present, each value of its kind (EXPRESSION: an {@link Expression} of the declared
     * type; ASSIGNMENTS: {@code List<Assignment>}; REAL: a Number; INTEGER: Integer;
     * BOOLEAN: Boolean; STRING: String; STATES: {@code List<StateSpec>}; TRANSITIONS:
     * {@code List<TransitionSpec>}).
     *
     * @throws IllegalArgumentException naming the task and the parameter
     */
    public static TaskArguments of(TaskType type, String taskName, Map<String, Object> values) {
        Map<String, Object> checked = new HashMap<>();
        Map<String, ParameterSpec> byName = new HashMap<>();
        for (ParameterSpec spec : type.parameters()) {
            byName.put(spec.name(), spec);
        }
        for (Map.Entry<String, Object> e : values.entrySet()) {
            ParameterSpec spec = byName.get(e.getKey());
            String where = "task '" + taskName + "' (" + type.name() + "), parameter '" + e.getKey() + "'";
            if (spec == null) {
                throw new IllegalArgumentException(where + ": unknown parameter; " + type.name()
                        + " takes " + byName.keySet().stream().sorted().toList());
            }
            checked.put(e.getKey(), check(where, spec, e.getValue()));
        }
        for (ParameterSpec spec : type.parameters()) {
            if (spec.required() && !checked.containsKey(spec.name())) {
                throw new IllegalArgumentException("task '" + taskName + "' (" + type.name()
                        + "): required parameter '" + spec.name() + "' is missing");
            }
        }
        return new TaskArguments(taskName, type.parameters(), checked);
    }

    /**
     * Whether the value is a list of elements of the class only. A loop, not a stream: it runs
     * at every mission load on the importer's thread, interpreted (BENCHMARKS.md section 6).
     */
    private static boolean allOf(Object value, Class<?> element) {
        if (!(value instanceof List<?> list)) {
            return false;
        }
        for (Object e : list) {
            if (!element.isInstance(e)) {
                return false;
            }
        }
        return true;
    }

    private static Object check(String where, ParameterSpec spec, Object value) {
        if (value == null) {
            throw new IllegalArgumentException(where + ": value is null");
        }
        boolean ok = switch (spec.kind()) {
            case EXPRESSION -> value instanceof Expression x && fits(spec.exprType(), x.type());
            case ASSIGNMENTS -> allOf(value, Assignment.class);
            case REAL -> value instanceof Number;
            case INTEGER -> value instanceof Integer;
            case BOOLEAN -> value instanceof Boolean;
            case STRING -> value instanceof String;
            case STATES -> allOf(value, StateSpec.class);
            case TRANSITIONS -> allOf(value, TransitionSpec.class);
        };
        if (!ok) {
            String got = value instanceof Expression x ? "a " + x.type() + " expression"
                    : value.getClass().getSimpleName();
            throw new IllegalArgumentException(where + ": expected "
                    + (spec.kind() == ParameterKind.EXPRESSION ? "a " + spec.exprType() + " expression"
                            : spec.kind()) + ", got " + got);
        }
        if (spec.kind() == ParameterKind.REAL) {
            return ((Number) value).doubleValue();
        }
        return value;
    }

    private static boolean fits(SlotType wanted, SlotType actual) {
        return wanted == actual || (wanted == SlotType.REAL && actual == SlotType.INTEGER);
    }

    public String taskName() {
        return taskName;
    }

    /** True if the parameter was given (not defaulted). */
    public boolean has(String name) {
        spec(name);
        return values.containsKey(name);
    }

    public Expression expression(String name) {
        Object v = get(name, ParameterKind.EXPRESSION);
        return v instanceof Expression x ? x : v == null ? null : JavaExpression.constant(v);
    }

    @SuppressWarnings("unchecked")
    public List<Assignment> assignments(String name) {
        Object v = get(name, ParameterKind.ASSIGNMENTS);
        return v == null ? List.of() : (List<Assignment>) v;
    }

    public double real(String name) {
        return ((Number) get(name, ParameterKind.REAL)).doubleValue();
    }

    public int integer(String name) {
        return (Integer) get(name, ParameterKind.INTEGER);
    }

    public boolean bool(String name) {
        return (Boolean) get(name, ParameterKind.BOOLEAN);
    }

    public String string(String name) {
        return (String) get(name, ParameterKind.STRING);
    }

    @SuppressWarnings("unchecked")
    public List<StateSpec> states(String name) {
        Object v = get(name, ParameterKind.STATES);
        return v == null ? List.of() : (List<StateSpec>) v;
    }

    @SuppressWarnings("unchecked")
    public List<TransitionSpec> transitions(String name) {
        Object v = get(name, ParameterKind.TRANSITIONS);
        return v == null ? List.of() : (List<TransitionSpec>) v;
    }

    private ParameterSpec spec(String name) {
        ParameterSpec spec = specs.get(name);
        if (spec == null) {
            throw new IllegalArgumentException("task '" + taskName + "': no parameter '" + name + "'");
        }
        return spec;
    }

    private Object get(String name, ParameterKind kind) {
        ParameterSpec spec = spec(name);
        if (spec.kind() != kind) {
            throw new IllegalArgumentException("task '" + taskName + "': parameter '" + name + "' is "
                    + spec.kind() + ", not " + kind);
        }
        return values.containsKey(name) ? values.get(name) : spec.defaultValue();
    }
}
