package org.btfmu.core;

import java.util.List;
import java.util.Objects;

/**
 * A kind of task in the manifest: its name as mission files spell it, how many children
 * it takes, its parameters, and the factory that builds a definition node. A new task
 * type is a {@link TaskNode} subclass plus one {@link #of} line registered with
 * {@link TaskTypeRegistry#with}.
 */
public interface TaskType {

    /** Unbounded {@link #maxChildren()}. */
    int UNBOUNDED = Integer.MAX_VALUE;

    String name();

    int minChildren();

    int maxChildren();

    List<ParameterSpec> parameters();

    /**
     * Builds the node. {@code args} have been checked against {@link #parameters()}
     * already; the factory checks what only it knows (e.g. state names) and throws
     * IllegalArgumentException with a message naming the task.
     */
    TaskNode create(String taskName, TaskArguments args, List<TaskNode> children);

    /** Creates the node after checking the child count and the arguments' names and kinds. */
    default TaskNode build(String taskName, java.util.Map<String, Object> args, List<TaskNode> children) {
        int n = children.size();
        if (n < minChildren() || n > maxChildren()) {
            throw new IllegalArgumentException("task '" + taskName + "' of type " + name() + " needs "
                    + (maxChildren() == UNBOUNDED ? "at least " + minChildren()
                            : minChildren() == maxChildren() ? "exactly " + minChildren()
                                    : minChildren() + " to " + maxChildren())
                    + " children, got " + n);
        }
        return create(taskName, TaskArguments.of(this, taskName, args), children);
    }

    /**
     * Factory of {@link #create}. The built-in types implement it with anonymous classes, not
     * lambdas: the registry initialises every built-in type at an FMU's first fmi2Instantiate, on
     * the importer's thread, and each lambda's first use runs its bootstrap there, interpreted
     * (BENCHMARKS.md section 6, "The start without lambdas").
     */
    @FunctionalInterface
    interface Factory {
        TaskNode create(String taskName, TaskArguments args, List<TaskNode> children);
    }

    /** A task type from its manifest entries and a factory. */
    static TaskType of(String name, int minChildren, int maxChildren, List<ParameterSpec> parameters,
            Factory factory) {
        Objects.requireNonNull(factory, "factory");
        List<ParameterSpec> params = List.copyOf(parameters);
        return new TaskType() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public int minChildren() {
                return minChildren;
            }

            @Override
            public int maxChildren() {
                return maxChildren;
            }

            @Override
            public List<ParameterSpec> parameters() {
                return params;
            }

            @Override
            public TaskNode create(String taskName, TaskArguments args, List<TaskNode> children) {
                return factory.create(taskName, args, children);
            }

            @Override
            public String toString() {
                return "TaskType " + name;
            }
        };
    }
}
