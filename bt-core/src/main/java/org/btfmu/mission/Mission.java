package org.btfmu.mission;

import java.util.List;
import org.btfmu.core.NonFinite;
import org.btfmu.core.ProcessingMode;
import org.btfmu.core.TreeDefinition;
import org.btfmu.core.TreeInstance;

/**
 * A loaded, validated mission: the FMU's interface (variables, in file order,
 * one blackboard slot each) and the behavior tree.
 *
 * @param statusOutputs whether every task's status is an FMU output {@code status.<path>} (default true)
 * @param processing    how the FMU processes the tree: event-driven (default) or ticked with a period
 * @param sourceText    the mission file's text, as it goes into the FMU's resources
 * @param nonFinite     what a NaN or infinity reaching a result does (default {@link NonFinite#ERROR})
 * @param maxEventsPerStep bound on the time events (ticked: ticks) one FMU step processes
 *                      (default {@value #DEFAULT_MAX_EVENTS_PER_STEP})
 * @param maxSweepsPerInstant bound on the event iterations (sweeps) of one instant (default
 *                      {@link TreeInstance#DEFAULT_MAX_ITERATIONS})
 * @param warnings      what validation found suspicious but not wrong, e.g. a division whose divisor's
 *                      declared range contains 0
 */
public record Mission(String name, String description, List<Variable> variables, TreeDefinition tree,
        boolean statusOutputs, ProcessingMode processing, String sourceText, NonFinite nonFinite,
        long maxEventsPerStep, int maxSweepsPerInstant, List<Problem> warnings) {

    /**
     * Default of {@code maxEventsPerStep}: about a tenth of a second of engine work for a
     * small mission, far more events than a sensible communication step holds.
     */
    public static final long DEFAULT_MAX_EVENTS_PER_STEP = 100_000;

    public Mission {
        variables = List.copyOf(variables);
        warnings = List.copyOf(warnings);
        java.util.Objects.requireNonNull(processing, "processing");
        java.util.Objects.requireNonNull(nonFinite, "nonFinite");
        if (maxEventsPerStep < 1) {
            throw new IllegalArgumentException("maxEventsPerStep must be at least 1, got " + maxEventsPerStep);
        }
        if (maxSweepsPerInstant < 1) {
            throw new IllegalArgumentException("maxSweepsPerInstant must be at least 1, got " + maxSweepsPerInstant);
        }
    }

    /** A mission with the default safeguards ({@code nonFinite} error, the default event and sweep bounds). */
    public Mission(String name, String description, List<Variable> variables, TreeDefinition tree,
            boolean statusOutputs, ProcessingMode processing, String sourceText) {
        this(name, description, variables, tree, statusOutputs, processing, sourceText, NonFinite.ERROR,
                DEFAULT_MAX_EVENTS_PER_STEP, TreeInstance.DEFAULT_MAX_ITERATIONS, List.of());
    }
}
