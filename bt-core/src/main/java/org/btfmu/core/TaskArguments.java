package org.btfmu.core;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.core.expr.Expression;
import org.btfmu.core.expr.JavaExpression;

/**
 * The checked parameter values of one task, read by name with typed getters. An absent
 * optional parameter reads as its {@link ParameterSpec#defaultValue()}.
 */
public final class TaskArguments {

    private final String taskName;
    private final List<ParameterSpec> specs;
    /** Checked, and never changed after (not copied: it is ours alone). */
    private final Map<String, Object> values;

    /*
     * Every task of a mission is made at an FMU's first fmi2Instantiate, on the importer's thread,
     * interpreted: the type's few parameters are searched in their list, not hashed into a map per
     * task, and the messages are written only when a check fails.
     */
    private TaskArguments(String taskName, List<ParameterSpec> specs, Map<String, Object> values) {
        this.taskName = taskName;
        this.specs = specs;
        this.values = values;
    }

    /** The parameter named so (the last, as a map by name would keep), or null. */
    private static ParameterSpec find(List<ParameterSpec> specs, String name) {
        for (int i = specs.size() - 1; i >= 0; i--) {
            if (specs.get(i).name().equals(name)) {
                return specs.get(i);
            }
        }
        return null;
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
        List<ParameterSpec> specs = List.copyOf(type.parameters()); // the same list when immutable
        for (Map.Entry<String, Object> e : values.entrySet()) {
            ParameterSpec spec = find(specs, e.getKey());
            if (spec == null) {
                Set<String> names = new TreeSet<>();
                for (ParameterSpec known : specs) {
                    names.add(known.name());
                }
                throw new IllegalArgumentException(where(type, taskName, e.getKey()) + ": unknown parameter; "
                        + type.name() + " takes " + names);
            }
            checked.put(e.getKey(), check(type, taskName, e.getKey(), spec, e.getValue()));
        }
        for (ParameterSpec spec : type.parameters()) {
            if (spec.required() && !checked.containsKey(spec.name())) {
                throw new IllegalArgumentException("task '" + taskName + "' (" + type.name()
                        + "): required parameter '" + spec.name() + "' is missing");
            }
        }
        return new TaskArguments(taskName, specs, checked);
    }

    private static String where(TaskType type, String taskName, String parameter) {
        return "task '" + taskName + "' (" + type.name() + "), parameter '" + parameter + "'";
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

    private static Object check(TaskType type, String taskName, String parameter, ParameterSpec spec,
            Object value) {
        if (value == null) {
            throw new IllegalArgumentException(where(type, taskName, parameter) + ": value is null");
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
            throw new IllegalArgumentException(where(type, taskName, parameter) + ": expected "
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
        ParameterSpec spec = find(specs, name);
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
