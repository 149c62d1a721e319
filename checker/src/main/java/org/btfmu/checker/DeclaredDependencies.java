package org.btfmu.checker;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.btfmu.checker.Description.Unknown;
import org.btfmu.checker.Description.Variable;

/**
 * What the empirical dependency checks observed, judged against one list of
 * {@code <ModelStructure>}: an unknown that changed although its {@code dependencies} do not
 * list the known is an error; a listed dependency that never showed is a note (a declaration
 * may be a superset, FMI 2.0 §2.2.8). The same rules and wording for Co-Simulation
 * ({@link DependencyProbe}) and Model Exchange ({@link ModelExchangeProbe}).
 */
final class DeclaredDependencies {

    private DeclaredDependencies() {
    }

    /** One known's effect: the unknowns it changed, with one example each, and the values tried. */
    record Effect(Map<Variable, String> changed, List<Object> tried) {
    }

    /** Reads the variables; null after a failed call (a finding). */
    static List<Object> read(Component c, List<Variable> variables) {
        List<Object> values = new ArrayList<>();
        for (Variable v : variables) {
            Object value = c.get(v);
            if (value == null) {
                return null;
            }
            values.add(value);
        }
        return values;
    }

    /** Adds to {@code changed} each unknown that differs from its baseline, the first time. */
    static void compare(List<Variable> unknowns, List<Object> baseline, List<Object> now, Variable known,
            Object original, Object value, Map<Variable, String> changed) {
        for (int i = 0; i < unknowns.size(); i++) {
            if (!Objects.equals(baseline.get(i), now.get(i)) && !changed.containsKey(unknowns.get(i))) {
                changed.put(unknowns.get(i), unknowns.get(i).name() + " went from " + baseline.get(i)
                        + " to " + now.get(i) + " when " + known.name() + " was set from " + original
                        + " to " + value);
            }
        }
    }

    /**
     * Errors per unknown and known, located "{@code place}, unknown <- known"; the declared but
     * unseen dependencies as one note per known (a tree's parameter may be declared for every
     * status and seldom shows at once), and in {@code missing} (unknown name → knowns).
     *
     * @param list the list judged: {@code <InitialUnknowns>}, {@code <Outputs>} or {@code <Derivatives>}
     */
    static void judge(String place, String list, List<Unknown> unknownList, Map<Variable, Effect> effects,
            Description d, List<Finding> findings, Map<String, Set<String>> missing) {
        Map<Variable, List<String>> unseen = new LinkedHashMap<>();
        for (Unknown u : unknownList) {
            Variable unknown = d.variable(u.index());
            if (unknown == null) {
                continue;
            }
            Set<Integer> declared = u.dependencies() == null ? null : new LinkedHashSet<>(u.dependencies());
            for (Map.Entry<Variable, Effect> e : effects.entrySet()) {
                Variable known = e.getKey();
                String change = e.getValue().changed().get(unknown);
                boolean listed = declared == null || declared.contains(known.index());
                String where = place + ", " + unknown.name() + " <- " + known.name();
                if (change != null && !listed) {
                    if (known.isParameter() && !list.equals("<InitialUnknowns>")) {
                        findings.add(Finding.note(where, change + " without a step, and " + list + " does not"
                                + " list it (FMI 2.0 §2.2.8 names only inputs as knowns there, so this is no"
                                + " error)"));
                    } else {
                        findings.add(Finding.error(where, change + " without a step, but its dependencies in "
                                + list + " do not list " + known.name()));
                    }
                } else if (change == null && listed && declared != null) {
                    unseen.computeIfAbsent(known, k -> new ArrayList<>()).add(unknown.name());
                    missing.computeIfAbsent(unknown.name(), k -> new TreeSet<>()).add(known.name());
                }
            }
        }
        unseen.forEach((known, unknowns) -> findings.add(Finding.note(place + ", " + known.name(),
                "declared in " + list + " for " + unknowns.size() + (unknowns.size() == 1 ? " unknown" : " unknowns")
                        + " but not seen: setting it to " + effects.get(known).tried() + " left "
                        + String.join(", ", unknowns) + " unchanged")));
    }
}
