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

    private static final TaskTypeRegistry STANDARD = new TaskTypeRegistry(BuiltIns.types());

    private final Map<String, TaskType> types;

    private TaskTypeRegistry(List<TaskType> types) {
        Map<String, TaskType> byName = new LinkedHashMap<>();
        for (TaskType type : types) {
            if (byName.putIfAbsent(type.name(), type) != null) {
                throw new IllegalArgumentException("task type '" + type.name() + "' is already registered");
            }
        }
        this.types = Collections.unmodifiableMap(byName);
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
        List<TaskType> all = new ArrayList<>(types.values());
        all.add(type);
        return new TaskTypeRegistry(all);
    }

    public Optional<TaskType> find(String name) {
        return Optional.ofNullable(types.get(name));
    }

    /** In registration order. */
    public List<TaskType> types() {
        return List.copyOf(types.values());
    }
}
