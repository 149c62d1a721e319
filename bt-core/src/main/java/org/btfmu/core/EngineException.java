package org.btfmu.core;

import java.util.List;

/** A run-time failure of the engine, e.g. an instant that does not settle. */
public class EngineException extends RuntimeException {

    private final List<String> tasks;

    public EngineException(String message, List<String> tasks) {
        super(message);
        this.tasks = List.copyOf(tasks);
    }

    /** Paths of the tasks (or names of the slots) involved. */
    public List<String> tasks() {
        return tasks;
    }
}
