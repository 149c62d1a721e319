package org.btfmu.mission;

import java.util.List;
import org.btfmu.core.ProcessingMode;
import org.btfmu.core.TreeDefinition;

/**
 * A loaded, validated mission: the FMU's interface (variables, in file order,
 * one blackboard slot each) and the behavior tree.
 *
 * @param statusOutputs whether every task's status is an FMU output {@code status.<path>} (default true)
 * @param processing    how the FMU processes the tree: event-driven (default) or ticked with a period
 * @param sourceText    the mission file's text, as it goes into the FMU's resources
 */
public record Mission(String name, String description, List<Variable> variables, TreeDefinition tree,
        boolean statusOutputs, ProcessingMode processing, String sourceText) {

    public Mission {
        variables = List.copyOf(variables);
        java.util.Objects.requireNonNull(processing, "processing");
    }
}
