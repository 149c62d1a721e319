package org.btfmu.mission;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import org.btfmu.core.Assignment;
import org.btfmu.core.BlackboardDefinition;
import org.btfmu.core.FinalKind;
import org.btfmu.core.ParameterKind;
import org.btfmu.core.ParameterSpec;
import org.btfmu.core.StateSpec;
import org.btfmu.core.TaskNode;
import org.btfmu.core.TaskType;
import org.btfmu.core.TaskTypeRegistry;
import org.btfmu.core.TransitionSpec;
import org.btfmu.core.blackboard.SlotIndex;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.core.expr.Expression;
import org.btfmu.core.expr.ExpressionException;
import org.btfmu.core.expr.ExpressionParser;
import org.btfmu.core.expr.RangeCheck;
import org.btfmu.core.expr.NameScope;

/**
 * Reads the {@code tree} and {@code subtrees} of a mission file into task
 * definition nodes, validating every task generically against the registry's
 * manifest (child counts, parameter names, kinds and types) and expanding
 * sub-tree references. Problems are collected, never thrown; a task with a
 * problem anywhere below it is not built.
 *
 * <p>Sub-trees: defined once under {@code subtrees} with typed {@code ports}
 * and referenced by a task {@code {"type": "SubTree", "name": ..., "subtree":
 * ..., "arguments": {port: value}}}, like BehaviorTree.CPP's SubTree with port
 * remapping. Inside a sub-tree a name is first a port, then a mission
 * variable. An argument that is a variable's name makes the port an alias of
 * that variable (readable and writable); any other argument is an expression
 * of the caller's names (read-only). The instance's root task takes the
 * reference's name. Unused sub-trees are validated too.
 */
final class TreeReader {

    /** Deepest accepted task nesting, counted through sub-tree references. */
    static final int MAX_DEPTH = 100;
    /**
     * Most tasks a mission may expand to, counted through sub-tree references while
     * expanding (so that sub-trees referencing each other cannot multiply into millions).
     */
    static final int MAX_TASKS = 100_000;
    static final String SUBTREE = "SubTree";

    private static final List<String> RESERVED = List.of("type", "name", "description", "children");
    private static final List<String> SUBTREE_KEYS = List.of("type", "name", "description", "subtree", "arguments");

    private record SubtreeDefinition(String name, String pointer, JsonNode tree, Map<String, SlotType> ports) {
    }

    private final Problems problems;
    private final TaskTypeRegistry registry;
    private final BlackboardDefinition blackboard;
    private final NameScope variables;
    private final Map<String, SubtreeDefinition> subtrees = new LinkedHashMap<>();
    private final Set<String> instantiated = new HashSet<>();
    /** Pointers of the SubTree references being expanded, innermost first (for messages). */
    private final Deque<String> instances = new ArrayDeque<>();
    /** Where the domain warnings of {@link RangeCheck} go, and the slots' declared ranges; null: no check. */
    private Problems warnings;
    private IntFunction<RangeCheck.Interval> ranges;
    /** Tasks expanded so far; past {@link #MAX_TASKS} expansion stops (one problem reported). */
    private int expanded;

    TreeReader(Problems problems, TaskTypeRegistry registry, BlackboardDefinition blackboard) {
        this.problems = problems;
        this.registry = registry;
        this.blackboard = blackboard;
        this.variables = NameScope.of(blackboard);
    }

    /** Also reports, as warnings, operations that can reach their bad domain within the slots' ranges. */
    void warnAboutDomains(Problems warnings, IntFunction<RangeCheck.Interval> ranges) {
        this.warnings = warnings;
        this.ranges = ranges;
    }

    /** Reads the definitions of the {@code subtrees} object (before the tree that uses them). */
    void readSubtrees(JsonNode object, String pointer) {
        if (!object.isObject()) {
            problems.add(pointer, "'subtrees' must be an object of named sub-trees, got " + Problems.kind(object));
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> entries = object.fields(); entries.hasNext();) {
            Map.Entry<String, JsonNode> entry = entries.next();
            String name = entry.getKey();
            String at = JsonDocument.child(pointer, name);
            JsonNode definition = entry.getValue();
            String nameProblem = Names.identifierProblem(name, "sub-tree");
            if (nameProblem != null) {
                problems.add(at, nameProblem);
                continue;
            }
            if (!definition.isObject()) {
                problems.add(at, "a sub-tree must be an object with 'ports' and 'tree', got "
                        + Problems.kind(definition));
                continue;
            }
            problems.onlyKeys(definition, at, List.of("description", "ports", "tree"), "a sub-tree");
            problems.string(definition, at, "description", false);
            Map<String, SlotType> ports = ports(definition.get("ports"), JsonDocument.child(at, "ports"));
            JsonNode tree = definition.get("tree");
            if (tree == null) {
                problems.add(at, "missing required key 'tree'");
                continue;
            }
            subtrees.put(name, new SubtreeDefinition(name, at, tree, ports));
        }
    }

    private Map<String, SlotType> ports(JsonNode object, String pointer) {
        Map<String, SlotType> ports = new LinkedHashMap<>();
        if (object == null) {
            return ports;
        }
        if (!object.isObject()) {
            problems.add(pointer, "'ports' must be an object mapping port names to types, got "
                    + Problems.kind(object));
            return ports;
        }
        for (Iterator<Map.Entry<String, JsonNode>> entries = object.fields(); entries.hasNext();) {
            Map.Entry<String, JsonNode> entry = entries.next();
            String at = JsonDocument.child(pointer, entry.getKey());
            String nameProblem = Names.identifierProblem(entry.getKey(), "port");
            if (nameProblem != null) {
                problems.add(at, nameProblem);
                continue;
            }
            SlotType type = entry.getValue().isTextual() ? typeNamed(entry.getValue().textValue()) : null;
            if (type == null) {
                problems.add(at, "a port's type must be one of Real, Integer, Boolean, String; got "
                        + (entry.getValue().isTextual() ? "'" + entry.getValue().textValue() + "'"
                                : Problems.kind(entry.getValue())));
                continue;
            }
            ports.put(entry.getKey(), type);
        }
        return ports;
    }

    private static SlotType typeNamed(String name) {
        for (SlotType type : SlotType.values()) {
            if (ExpressionParser.typeName(type).equals(name)) {
                return type;
            }
        }
        return null;
    }

    /** Reads the root task; also validates the sub-trees nobody references. Null if anything is wrong. */
    TaskNode readTree(JsonNode tree, String pointer) {
        TaskNode root = task(tree, pointer, variables, 1, new ArrayDeque<>(), null);
        for (SubtreeDefinition definition : new ArrayList<>(subtrees.values())) {
            if (!instantiated.contains(definition.name()) && expanded <= MAX_TASKS) {
                Deque<String> stack = new ArrayDeque<>(List.of(definition.name()));
                instantiated.add(definition.name());
                task(definition.tree(), JsonDocument.child(definition.pointer(), "tree"),
                        portScope(definition.ports(), Map.of()), 1, stack, definition.name());
            }
        }
        return root;
    }

    private TaskNode task(JsonNode node, String pointer, NameScope scope, int depth, Deque<String> stack,
            String instanceName) {
        if (expanded > MAX_TASKS) {
            return null;
        }
        if (depth > MAX_DEPTH) {
            problems.add(pointer, "tree nested too deeply (limit " + MAX_DEPTH + " levels of tasks)");
            return null;
        }
        if (!node.isObject()) {
            problems.add(pointer, "a task must be an object, got " + Problems.kind(node));
            return null;
        }
        int before = problems.count();
        String typeName = problems.string(node, pointer, "type", true);
        String name = instanceName;
        if (instanceName == null) {
            name = problems.string(node, pointer, "name", true);
            if (name != null) {
                String nameProblem = Names.identifierProblem(name, "task");
                if (nameProblem != null) {
                    problems.add(JsonDocument.child(pointer, "name"), nameProblem);
                }
            }
        }
        problems.string(node, pointer, "description", false);
        if (SUBTREE.equals(typeName)) {
            return reference(node, pointer, scope, depth, stack, name);
        }
        if (++expanded > MAX_TASKS) {
            tooManyTasks(pointer, stack);
            return null;
        }
        TaskType type = null;
        if (typeName != null) {
            type = registry.find(typeName).orElse(null);
            if (type == null) {
                problems.add(JsonDocument.child(pointer, "type"), "unknown task type '" + typeName + "' (known: "
                        + registry.types().stream().map(TaskType::name).collect(Collectors.joining(", "))
                        + ", " + SUBTREE + ")");
            }
        }
        List<TaskNode> children = children(node, pointer, scope, depth, stack, type);
        Map<String, Object> arguments = type == null ? Map.of() : arguments(node, pointer, scope, type);
        if (problems.count() > before || type == null || children == null) {
            return null;
        }
        try {
            return type.build(name, arguments, children);
        } catch (IllegalArgumentException e) {
            problems.add(pointer, e.getMessage());
            return null;
        }
    }

    /** The one problem of a mission that expands past {@link #MAX_TASKS}, with the sub-tree path that did it. */
    private void tooManyTasks(String pointer, Deque<String> stack) {
        List<String> path = new ArrayList<>(stack);
        java.util.Collections.reverse(path);
        problems.add(instances.isEmpty() ? pointer : instances.getLast(), "the mission expands to more than "
                + MAX_TASKS + " tasks (the limit, counting every sub-tree instance)"
                + (path.isEmpty() ? "" : "; the limit was passed expanding sub-tree path "
                        + String.join(" -> ", path) + " at " + pointer));
    }

    /** The children, or null if one could not be read. */
    private List<TaskNode> children(JsonNode node, String pointer, NameScope scope, int depth,
            Deque<String> stack, TaskType type) {
        JsonNode array = node.get("children");
        String at = JsonDocument.child(pointer, "children");
        if (array != null && !array.isArray()) {
            problems.add(at, "'children' must be an array of tasks, got " + Problems.kind(array));
            return null;
        }
        int count = array == null ? 0 : array.size();
        if (type != null && (count < type.minChildren() || count > type.maxChildren())) {
            problems.add(array == null ? pointer : at, type.name() + " takes " + childCount(type)
                    + ", got " + count);
        }
        List<TaskNode> children = new ArrayList<>();
        boolean complete = true;
        Map<String, String> siblings = new HashMap<>();
        for (int i = 0; i < count; i++) {
            String childAt = JsonDocument.child(at, i);
            JsonNode child = array.get(i);
            JsonNode childName = child.get("name");
            if (childName != null && childName.isTextual()) {
                String first = siblings.putIfAbsent(childName.textValue(), childAt);
                if (first != null) {
                    problems.add(JsonDocument.child(childAt, "name"), "duplicate task name '"
                            + childName.textValue() + "' among the children of one task (first at " + first
                            + "); sibling names must differ so that task paths are unique");
                }
            }
            TaskNode built = task(child, childAt, scope, depth + 1, stack, null);
            complete &= built != null;
            children.add(built);
        }
        return complete ? children : null;
    }

    private static String childCount(TaskType type) {
        int min = type.minChildren();
        int max = type.maxChildren();
        if (max == 0) {
            return "no children";
        }
        if (max == TaskType.UNBOUNDED) {
            return "at least " + min + (min == 1 ? " child" : " children");
        }
        if (min == max) {
            return "exactly " + min + (min == 1 ? " child" : " children");
        }
        return min + " to " + max + " children";
    }

    private Map<String, Object> arguments(JsonNode node, String pointer, NameScope scope, TaskType type) {
        Map<String, ParameterSpec> specs = new LinkedHashMap<>();
        for (ParameterSpec spec : type.parameters()) {
            specs.put(spec.name(), spec);
        }
        Map<String, Object> arguments = new HashMap<>();
        // Plain loops here and in assignments: every task is read at fmi2Instantiate on the
        // importer's thread, interpreted, where a lambda's first use costs (BENCHMARKS.md section 6).
        for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext();) {
            Map.Entry<String, JsonNode> field = fields.next();
            String key = field.getKey();
            if (RESERVED.contains(key)) {
                continue;
            }
            String at = JsonDocument.child(pointer, key);
            ParameterSpec spec = specs.get(key);
            if (spec == null) {
                problems.add(at, "unknown parameter '" + key + "' of " + type.name()
                        + (specs.isEmpty() ? " (it takes none)" : " (parameters: " + String.join(", ", specs.keySet()) + ")"));
                continue;
            }
            Object value = parameter(spec, field.getValue(), at, scope);
            if (value != null) {
                arguments.put(key, value);
            }
        }
        for (ParameterSpec spec : type.parameters()) {
            if (spec.required() && !node.has(spec.name())) {
                problems.add(pointer, "missing required parameter '" + spec.name() + "' of " + type.name());
            }
        }
        checkTransitionStates(node, pointer, type);
        return arguments;
    }

    private Object parameter(ParameterSpec spec, JsonNode value, String at, NameScope scope) {
        switch (spec.kind()) {
            case EXPRESSION:
                return expression(value, at, scope, spec.exprType());
            case ASSIGNMENTS:
                return assignments(value, at, scope);
            case REAL:
                if (value.isNumber() && Double.isFinite(value.doubleValue())) {
                    return value.doubleValue();
                }
                problems.add(at, "'" + spec.name() + "' must be a " + (value.isNumber() ? "finite number, got " + value.asText()
                        : "number, got " + Problems.kind(value)));
                return null;
            case INTEGER:
                if (value.isIntegralNumber() && value.canConvertToInt()) {
                    return value.intValue();
                }
                problems.add(at, "'" + spec.name() + "' must be a whole number (32-bit), got "
                        + (value.isNumber() ? value.asText() : Problems.kind(value)));
                return null;
            case BOOLEAN:
                if (value.isBoolean()) {
                    return value.booleanValue();
                }
                problems.add(at, "'" + spec.name() + "' must be true or false, got " + Problems.kind(value));
                return null;
            case STRING:
                if (value.isTextual()) {
                    return value.textValue();
                }
                problems.add(at, "'" + spec.name() + "' must be a string, got " + Problems.kind(value));
                return null;
            case STATES:
                return states(value, at, scope);
            default:
                return transitions(value, at, scope);
        }
    }

    /** An expression from a JSON string, number or boolean, of type {@code type} (null: any). */
    private Expression expression(JsonNode value, String at, NameScope scope, SlotType type) {
        if (!value.isTextual() && !value.isNumber() && !value.isBoolean()) {
            problems.add(at, "expected an expression (a string, number or boolean), got " + Problems.kind(value));
            return null;
        }
        try {
            Expression compiled = ExpressionParser.parse(value.asText(), scope, type);
            if (warnings != null) {
                for (String warning : RangeCheck.warnings(compiled, ranges)) {
                    warnings.add(at, "expression " + warning + ": the result can be NaN or infinite");
                }
            }
            return compiled;
        } catch (ExpressionException e) {
            problems.add(at, "expression column " + e.column() + ": " + e.problem());
            return null;
        }
    }

    private List<Assignment> assignments(JsonNode object, String pointer, NameScope scope) {
        if (!object.isObject()) {
            problems.add(pointer, "assignments must be an object mapping variable names to expressions, got "
                    + Problems.kind(object));
            return null;
        }
        List<Assignment> assignments = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> fields = object.fields(); fields.hasNext();) {
            Map.Entry<String, JsonNode> field = fields.next();
            String target = field.getKey();
            String at = JsonDocument.child(pointer, target);
            int slot = writableSlot(target, at, scope);
            if (slot >= 0) {
                Expression value = expression(field.getValue(), at, scope, scope.resolve(target).type());
                if (value != null) {
                    assignments.add(new Assignment(slot, value));
                }
            }
        }
        return assignments;
    }

    /** The slot {@code target} names if tasks may write it; -1 after reporting why not. */
    private int writableSlot(String target, String at, NameScope scope) {
        Expression resolved = scope.resolve(target);
        if (resolved == null) {
            problems.add(at, "unknown variable '" + target + "'");
            return -1;
        }
        int slot = NameScope.slotOf(resolved);
        if (slot < 0) {
            problems.add(at, "cannot write '" + target + "': the port is bound to an expression, not a variable"
                    + instance());
            return -1;
        }
        if (slot < blackboard.size() && !blackboard.slot(slot).kind().writableByTasks()) {
            String kind = blackboard.slot(slot).kind().name().toLowerCase(Locale.ROOT);
            String variable = blackboard.slot(slot).name();
            problems.add(at, "cannot write " + kind + " '" + variable + "'"
                    + (variable.equals(target) ? "" : " (through port '" + target + "')")
                    + ": tasks write outputs and locals only" + (variable.equals(target) ? "" : instance()));
            return -1;
        }
        return slot;
    }

    /** Names the sub-tree instance being expanded, for problems that depend on its arguments. */
    private String instance() {
        return instances.isEmpty() ? "" : " (in the instance at " + instances.peek() + ")";
    }

    private List<StateSpec> states(JsonNode array, String pointer, NameScope scope) {
        if (!array.isArray() || array.isEmpty()) {
            problems.add(pointer, "states must be a non-empty array of states, got "
                    + (array.isArray() ? "an empty array" : Problems.kind(array)));
            return null;
        }
        List<StateSpec> states = new ArrayList<>();
        Map<String, String> seen = new HashMap<>();
        int before = problems.count();
        for (int i = 0; i < array.size(); i++) {
            String at = JsonDocument.child(pointer, i);
            JsonNode state = array.get(i);
            if (!state.isObject()) {
                problems.add(at, "a state must be an object, got " + Problems.kind(state));
                continue;
            }
            problems.onlyKeys(state, at, List.of("name", "description", "entry", "exit", "outputs", "final"),
                    "a state");
            problems.string(state, at, "description", false);
            String name = problems.string(state, at, "name", true);
            if (name != null) {
                String nameProblem = Names.identifierProblem(name, "state");
                String first = seen.putIfAbsent(name, at);
                if (nameProblem != null) {
                    problems.add(JsonDocument.child(at, "name"), nameProblem);
                } else if (first != null) {
                    problems.add(JsonDocument.child(at, "name"), "duplicate state name '" + name
                            + "' (first at " + first + ")");
                }
            }
            List<Assignment> entry = optionalAssignments(state, at, "entry", scope);
            List<Assignment> exit = optionalAssignments(state, at, "exit", scope);
            List<Assignment> outputs = optionalAssignments(state, at, "outputs", scope);
            FinalKind finalKind = FinalKind.NONE;
            String finalName = problems.string(state, at, "final", false);
            if (finalName != null) {
                if (finalName.equals("finished") || finalName.equals("aborted")) {
                    finalKind = FinalKind.valueOf(finalName.toUpperCase(Locale.ROOT));
                } else {
                    problems.add(JsonDocument.child(at, "final"),
                            "'final' must be 'finished' or 'aborted'; got '" + finalName + "'");
                }
            }
            states.add(new StateSpec(name == null ? "?" : name, entry, exit, outputs, finalKind));
        }
        return problems.count() > before ? null : states;
    }

    private List<Assignment> optionalAssignments(JsonNode object, String pointer, String key, NameScope scope) {
        JsonNode value = object.get(key);
        if (value == null) {
            return List.of();
        }
        List<Assignment> assignments = assignments(value, JsonDocument.child(pointer, key), scope);
        return assignments == null ? List.of() : assignments;
    }

    private List<TransitionSpec> transitions(JsonNode array, String pointer, NameScope scope) {
        if (!array.isArray()) {
            problems.add(pointer, "transitions must be an array, got " + Problems.kind(array));
            return null;
        }
        List<TransitionSpec> transitions = new ArrayList<>();
        int before = problems.count();
        for (int i = 0; i < array.size(); i++) {
            String at = JsonDocument.child(pointer, i);
            JsonNode transition = array.get(i);
            if (!transition.isObject()) {
                problems.add(at, "a transition must be an object, got " + Problems.kind(transition));
                continue;
            }
            problems.onlyKeys(transition, at, List.of("from", "to", "guard", "delay", "description"), "a transition");
            problems.string(transition, at, "description", false);
            String from = problems.string(transition, at, "from", true);
            String to = problems.string(transition, at, "to", true);
            JsonNode guardNode = transition.get("guard");
            Expression guard = guardNode == null
                    ? ExpressionParser.parse("true", scope, SlotType.BOOLEAN)
                    : expression(guardNode, JsonDocument.child(at, "guard"), scope, SlotType.BOOLEAN);
            double delay = 0;
            JsonNode delayNode = transition.get("delay");
            if (delayNode != null) {
                if (delayNode.isNumber() && delayNode.doubleValue() >= 0 && Double.isFinite(delayNode.doubleValue())) {
                    delay = delayNode.doubleValue();
                } else {
                    problems.add(JsonDocument.child(at, "delay"), "'delay' must be a number >= 0 (seconds), got "
                            + (delayNode.isNumber() ? delayNode.asText() : Problems.kind(delayNode)));
                }
            }
            if (from != null && to != null && guard != null) {
                transitions.add(new TransitionSpec(from, to, guard, delay));
            }
        }
        return problems.count() > before ? null : transitions;
    }

    /** Every transition's from/to must name a state of the same task. */
    private void checkTransitionStates(JsonNode node, String pointer, TaskType type) {
        String statesKey = null;
        String transitionsKey = null;
        for (ParameterSpec spec : type.parameters()) {
            if (spec.kind() == ParameterKind.STATES) {
                statesKey = spec.name();
            } else if (spec.kind() == ParameterKind.TRANSITIONS) {
                transitionsKey = spec.name();
            }
        }
        if (statesKey == null || transitionsKey == null || !node.path(statesKey).isArray()
                || !node.path(transitionsKey).isArray()) {
            return;
        }
        List<String> names = new ArrayList<>();
        for (JsonNode state : node.get(statesKey)) {
            if (state.path("name").isTextual()) {
                names.add(state.path("name").textValue());
            }
        }
        JsonNode transitions = node.get(transitionsKey);
        for (int i = 0; i < transitions.size(); i++) {
            for (String end : List.of("from", "to")) {
                JsonNode state = transitions.get(i).path(end);
                if (state.isTextual() && !names.contains(state.textValue())) {
                    problems.add(JsonDocument.child(JsonDocument.child(JsonDocument.child(pointer, transitionsKey), i), end),
                            "unknown state '" + state.textValue() + "' (states: " + String.join(", ", names) + ")");
                }
            }
        }
    }

    private TaskNode reference(JsonNode node, String pointer, NameScope scope, int depth, Deque<String> stack,
            String name) {
        problems.onlyKeys(node, pointer, SUBTREE_KEYS, "a SubTree reference");
        String subtree = problems.string(node, pointer, "subtree", true);
        if (subtree == null) {
            return null;
        }
        String subtreeAt = JsonDocument.child(pointer, "subtree");
        SubtreeDefinition definition = subtrees.get(subtree);
        if (definition == null) {
            problems.add(subtreeAt, "unknown sub-tree '" + subtree + "'"
                    + (subtrees.isEmpty() ? " (none is defined under 'subtrees')"
                            : " (defined: " + String.join(", ", subtrees.keySet()) + ")"));
            return null;
        }
        if (stack.contains(subtree)) {
            List<String> cycle = new ArrayList<>(stack);
            java.util.Collections.reverse(cycle);
            cycle = cycle.subList(cycle.indexOf(subtree), cycle.size());
            problems.add(subtreeAt, "recursive sub-tree reference: " + String.join(" -> ", cycle) + " -> " + subtree);
            return null;
        }
        Map<String, Expression> bound = arguments(node.get("arguments"), JsonDocument.child(pointer, "arguments"),
                pointer, scope, definition);
        instantiated.add(subtree);
        stack.push(subtree);
        instances.push(pointer);
        try {
            return task(definition.tree(), JsonDocument.child(definition.pointer(), "tree"),
                    portScope(definition.ports(), bound), depth, stack, name);
        } finally {
            stack.pop();
            instances.pop();
        }
    }

    /** Arguments of a reference compiled in the caller's scope, one per port. */
    private Map<String, Expression> arguments(JsonNode object, String pointer, String referenceAt, NameScope scope,
            SubtreeDefinition definition) {
        Map<String, Expression> bound = new HashMap<>();
        if (object != null && !object.isObject()) {
            problems.add(pointer, "'arguments' must be an object mapping ports to values, got "
                    + Problems.kind(object));
            return bound;
        }
        if (object != null) {
            for (Iterator<String> ports = object.fieldNames(); ports.hasNext();) {
                String port = ports.next();
                if (!definition.ports().containsKey(port)) {
                    problems.add(JsonDocument.child(pointer, port), "unknown argument '" + port + "': sub-tree '"
                            + definition.name() + "' has " + (definition.ports().isEmpty() ? "no ports"
                                    : "ports " + String.join(", ", definition.ports().keySet())));
                }
            }
        }
        for (Map.Entry<String, SlotType> entry : definition.ports().entrySet()) {
            String port = entry.getKey();
            JsonNode value = object == null ? null : object.get(port);
            if (value == null) {
                problems.add(referenceAt, "missing argument for port '" + port + "' of sub-tree '"
                        + definition.name() + "'");
                continue;
            }
            Expression expression = expression(value, JsonDocument.child(pointer, port), scope, entry.getValue());
            if (expression != null) {
                bound.put(port, expression);
            }
        }
        return bound;
    }

    /**
     * Ports first, then mission variables. Ports without a bound argument (an
     * unused sub-tree, or an argument with a problem) become stand-in slots
     * after the real ones, so the body is still checked without false alarms.
     */
    private NameScope portScope(Map<String, SlotType> ports, Map<String, Expression> bound) {
        List<String> names = new ArrayList<>(ports.keySet());
        SlotIndex standIns = new SlotIndex() {
            @Override
            public int indexOf(String name) {
                int i = names.indexOf(name);
                return i < 0 ? -1 : blackboard.size() + i;
            }

            @Override
            public SlotType typeOf(int slot) {
                return ports.get(names.get(slot - blackboard.size()));
            }
        };
        NameScope standInScope = NameScope.of(standIns);
        return new NameScope() { // not a lambda: no java.lang.invoke bootstrap at an FMU's first instantiate
            @Override
            public Expression resolve(String name) {
                if (!ports.containsKey(name)) {
                    return variables.resolve(name);
                }
                Expression argument = bound.get(name);
                return argument != null ? argument : standInScope.resolve(name);
            }
        };
    }
}
