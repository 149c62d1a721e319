package org.btfmu.packager;

import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.btfmu.core.TreeDefinition;
import org.btfmu.fmu.ModelVariables;
import org.btfmu.fmu.ModelVariables.Entry;
import org.btfmu.fmu.ModelVariables.Initial;
import org.btfmu.mission.Causality;

/**
 * The {@code <ModelStructure>} of a mission FMU: every output under {@code <Outputs>} and
 * {@code <InitialUnknowns>} with its exact {@code dependencies}, derived from the engine's
 * dependency index ({@link TreeDefinition#expressionSources}, {@link TreeDefinition#statusSources},
 * {@link TreeDefinition#valueSources}) and the slave's rule (see {@code FmuSlave}):
 * <ul>
 * <li>{@code <Outputs>}: the inputs an output's writer expressions read, through locals
 * too (the slave re-evaluates those expressions as soon as one is set). Statuses change
 * only at fmi2DoStep, so a status output and an output decided by statuses alone has
 * {@code dependencies=""}. FMI 2.0 §2.2.8 names only inputs, states and the independent
 * variable as knowns here, so a tunable parameter read by an output expression is not
 * listed (a master never connects a parameter, so it cannot close a loop).
 * <li>{@code <InitialUnknowns>} (knowns: the inputs and the {@code initial="exact"}
 * parameters): the same inputs (statuses are settled with the inputs' start values in
 * Initialization Mode), and the parameters that can reach the output through the tree.
 * </ul>
 * Every listed dependency has {@code dependenciesKind="dependent"} (allowed in both lists).
 */
final class ModelStructure {

    private final ModelVariables variables;
    private final TreeDefinition tree;
    private final Map<Integer, Entry> bySlot;
    private TreeSet<Integer> statusParameters;

    ModelStructure(ModelVariables variables, TreeDefinition tree) {
        this.variables = variables;
        this.tree = tree;
        this.bySlot = variables.entries().stream().filter(e -> !e.isTaskStatus())
                .collect(Collectors.toMap(Entry::slot, Function.identity()));
    }

    String outputs() {
        return unknowns("Outputs", false);
    }

    /** FMI 2.0 §2.2.8: outputs with initial approx or calculated (ours: all of them). */
    String initialUnknowns() {
        return unknowns("InitialUnknowns", true);
    }

    private String unknowns(String element, boolean initial) {
        StringBuilder xml = new StringBuilder();
        for (Entry entry : variables.entries()) {
            if (entry.causality() == Causality.OUTPUT
                    && (!initial || entry.initial() == Initial.CALCULATED)) {
                TreeSet<Integer> knowns = initial ? initialDependencies(entry) : dependencies(entry);
                xml.append("      <Unknown index=\"").append(index(entry)).append('"')
                        .append(attributes(knowns)).append("/>\n");
            }
        }
        return xml.isEmpty() ? ""
                : "    <" + element + ">\n" + xml + "    </" + element + ">\n";
    }

    /** Indices of the inputs whose change shows in the output at once. */
    TreeSet<Integer> dependencies(Entry output) {
        TreeSet<Integer> knowns = new TreeSet<>();
        if (!output.isTaskStatus() && inTree(output)) {
            add(tree.expressionSources(output.slot()), Causality.INPUT, knowns);
        }
        return knowns;
    }

    /** Indices of the inputs and parameters the output is computed from in Initialization Mode. */
    TreeSet<Integer> initialDependencies(Entry output) {
        TreeSet<Integer> knowns = dependencies(output);
        if (output.isTaskStatus()) {
            knowns.addAll(statusParameters());
        } else if (inTree(output)) {
            add(tree.valueSources(output.slot()), Causality.PARAMETER, knowns);
        }
        return knowns;
    }

    /** The parameters that can reach any status: the same for every status output, found once. */
    private TreeSet<Integer> statusParameters() {
        if (statusParameters == null) {
            statusParameters = new TreeSet<>();
            add(tree.statusSources(), Causality.PARAMETER, statusParameters);
        }
        return statusParameters;
    }

    /** A variable beyond the tree's blackboard is written by no task (it keeps its start value). */
    private boolean inTree(Entry variable) {
        return variable.slot() < tree.blackboard().size();
    }

    private void add(int[] slots, Causality causality, TreeSet<Integer> into) {
        for (int s : slots) {
            Entry known = bySlot.get(s);
            if (known != null && known.causality() == causality) {
                into.add(index(known));
            }
        }
    }

    private static int index(Entry entry) {
        return entry.valueReference() + 1;
    }

    private static String attributes(TreeSet<Integer> knowns) {
        StringJoiner indices = new StringJoiner(" ");
        StringJoiner kinds = new StringJoiner(" ");
        for (int k : knowns) {
            indices.add(Integer.toString(k));
            kinds.add("dependent");
        }
        return " dependencies=\"" + indices + "\""
                + (knowns.isEmpty() ? "" : " dependenciesKind=\"" + kinds + "\"");
    }
}
