package org.btfmu.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.btfmu.core.tasks.BuiltIns;

/** The manifest of task types a tree file may use, by name. Immutable. */
public final class TaskTypeRegistry {

    /** The built-ins, found by name one at a time ({@link BuiltIns#find}) until all are asked for. */
    private static final TaskTypeRegistry STANDARD = new TaskTypeRegistry();

    /** By name in registration order; null for the standard registry (see {@link #all()}). */
    private final Map<String, TaskType> types;

    private TaskTypeRegistry(List<TaskType> types) {
        this.types = byName(types);
    }

    private TaskTypeRegistry() {
        this.types = null;
    }

    private static Map<String, TaskType> byName(List<TaskType> types) {
        Map<String, TaskType> byName = new LinkedHashMap<>();
        for (TaskType type : types) {
            if (byName.putIfAbsent(type.name(), type) != null) {
                throw new IllegalArgumentException("task type '" + type.name() + "' is already registered");
            }
        }
        return Collections.unmodifiableMap(byName);
    }

    private Map<String, TaskType> all() {
        return types != null ? types : byName(BuiltIns.types());
    }

    /** All built-in task types. */
    public static TaskTypeRegistry standard() {
        return STANDARD;
    }

    /** A registry with no types, to build a custom manifest from. */
    public static TaskTypeRegistry empty() {
        return new TaskTypeRegistry(List.of());
    }

    /** A new registry with {@code type} added; its name must be new. */
    public TaskTypeRegistry with(TaskType type) {
        List<TaskType> all = new ArrayList<>(all().values());
        all.add(type);
        return new TaskTypeRegistry(all);
    }

    public Optional<TaskType> find(String name) {
        return Optional.ofNullable(types != null ? types.get(name) : BuiltIns.find(name));
    }

    /** In registration order. */
    public List<TaskType> types() {
        return List.copyOf(all().values());
    }
}
