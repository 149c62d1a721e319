package org.btfmu.checker;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.btfmu.checker.Description.Unknown;
import org.btfmu.checker.Description.Variable;

/**
 * The rules of FMI 2.0 §2.2 that the XSD cannot express: causality / variability /
 * initial combinations, start values, names, value references, and the model structure
 * (which unknowns each list must hold, and what their dependencies may name).
 */
final class Rules {

    /** FMI 2.0 §2.2.7: the combinations of causality and variability that are allowed. */
    private static final Set<String> ALLOWED = Set.of(
            "parameter/fixed", "parameter/tunable", "calculatedParameter/fixed",
            "calculatedParameter/tunable", "input/discrete", "input/continuous",
            "output/constant", "output/discrete", "output/continuous", "local/constant",
            "local/fixed", "local/tunable", "local/discrete", "local/continuous",
            "independent/continuous");

    private static final Set<String> KINDS = Set.of("dependent", "constant", "fixed", "tunable", "discrete");
    private static final Set<String> INITIAL_KINDS = Set.of("dependent", "constant");

    private final Description d;
    private final List<Finding> findings = new ArrayList<>();

    private Rules(Description description) {
        this.d = description;
    }

    static List<Finding> check(Description description) {
        Rules rules = new Rules(description);
        rules.checkModel();
        rules.checkVariables();
        rules.checkStructure();
        return rules.findings;
    }

    private void error(String where, String message) {
        findings.add(Finding.error(where, message));
    }

    private void checkModel() {
        if (!"2.0".equals(d.fmiVersion)) {
            error("fmiModelDescription", "fmiVersion is '" + d.fmiVersion + "', not 2.0");
        }
        if (d.coSimulationIdentifier == null && d.modelExchangeIdentifier == null) {
            error("fmiModelDescription", "neither <CoSimulation> nor <ModelExchange>");
        }
    }

    private void checkVariables() {
        Set<String> names = new HashSet<>();
        Map<String, Variable> references = new HashMap<>();
        int independents = 0;
        for (Variable v : d.variables) {
            String where = v.label();
            if (!names.add(v.name())) {
                error(where, "the name is used by an earlier variable");
            }
            if (d.typeNames.contains(v.name())) {
                error(where, "the name is also a type name (FMI 2.0 §2.2.3)");
            }
            if (!ALLOWED.contains(v.causality() + "/" + v.variability())) {
                error(where, "causality " + v.causality() + " with variability " + v.variability()
                        + " is not allowed (FMI 2.0 §2.2.7)");
            }
            if (v.variability().equals("continuous") && !v.type().equals("Real")) {
                error(where, "a " + v.type() + " variable cannot be continuous");
            }
            Variable alias = references.putIfAbsent(v.baseType() + "/" + v.valueReference(), v);
            if (alias != null) {
                findings.add(Finding.note(where, "has the value reference " + v.valueReference()
                        + " of " + alias.label() + ": an alias"));
            }
            checkInitial(v, where);
            if (v.causality().equals("independent")) {
                independents++;
                if (!v.type().equals("Real")) {
                    error(where, "the independent variable must be Real");
                }
            }
            if (v.declaredType() != null && !d.typeNames.contains(v.declaredType())) {
                error(where, "declaredType '" + v.declaredType() + "' is not defined in <TypeDefinitions>");
            }
            if (v.type().equals("Enumeration") && v.declaredType() == null) {
                error(where, "an Enumeration needs a declaredType");
            }
            if (v.derivative() != null) {
                Variable state = d.variable(v.derivative());
                if (state == null || !state.type().equals("Real")) {
                    error(where, "derivative=\"" + v.derivative() + "\" is not the index of a Real variable");
                }
            }
            checkStart(v, where);
        }
        if (independents > 1) {
            error("ModelVariables", independents + " variables are independent; at most one may be");
        }
    }

    /** FMI 2.0 §2.2.7: the initial attribute allowed per causality and variability, and the start value it needs. */
    private void checkInitial(Variable v, String where) {
        Set<String> allowed = switch (v.causality()) {
            case "parameter" -> Set.of("exact");
            case "calculatedParameter" -> Set.of("approx", "calculated");
            case "input", "independent" -> Set.of();
            default -> v.variability().equals("constant") ? Set.of("exact")
                    : v.variability().equals("fixed") || v.variability().equals("tunable")
                            ? Set.of("approx", "calculated") : Set.of("exact", "approx", "calculated");
        };
        if (v.initialGiven() && !allowed.contains(v.initial())) {
            error(where, "initial=\"" + v.initial() + "\" is not allowed for causality " + v.causality()
                    + " and variability " + v.variability()
                    + (allowed.isEmpty() ? " (no initial at all)" : " (allowed: " + new TreeSet<>(allowed) + ")"));
        }
        boolean hasStart = v.start() != null;
        if (v.isInput() && !hasStart) {
            error(where, "an input needs a start value");
        } else if (v.causality().equals("independent") && hasStart) {
            error(where, "the independent variable must not have a start value");
        } else if ("calculated".equals(v.initial()) && hasStart) {
            error(where, "initial=\"calculated\" must not have a start value");
        } else if (("exact".equals(v.initial()) || "approx".equals(v.initial())) && !hasStart) {
            error(where, "initial=\"" + v.initial() + "\" needs a start value");
        }
    }

    private void checkStart(Variable v, String where) {
        if (v.start() == null || !(v.type().equals("Real") || v.type().equals("Integer"))) {
            return;
        }
        double start;
        try {
            start = Double.parseDouble(v.start().trim());
        } catch (NumberFormatException e) {
            return; // the XSD reports it
        }
        if (v.min() != null && start < v.min() || v.max() != null && start > v.max()) {
            error(where, "start " + v.start() + " is outside [" + v.min() + ", " + v.max() + "]");
        }
        if (v.min() != null && v.max() != null && v.min() > v.max()) {
            error(where, "min " + v.min() + " is greater than max " + v.max());
        }
    }

    private void checkStructure() {
        Set<Integer> states = new TreeSet<>();
        for (Unknown u : d.derivatives) {
            Variable derivative = d.variable(u.index());
            if (derivative == null || derivative.derivative() == null) {
                error("ModelStructure/Derivatives", "Unknown index=\"" + u.index()
                        + "\" is not a variable with a derivative attribute");
            } else {
                states.add(derivative.derivative());
            }
        }
        List<Integer> outputs = new ArrayList<>();
        List<Integer> initial = new ArrayList<>();
        for (Variable v : d.variables) {
            if (v.isOutput()) {
                outputs.add(v.index());
            }
            boolean calculated = "approx".equals(v.initial()) || "calculated".equals(v.initial());
            boolean stateOrDerivative = states.contains(v.index()) || isDerivative(v.index());
            if (v.isOutput() && calculated || v.causality().equals("calculatedParameter")
                    || stateOrDerivative && calculated) {
                initial.add(v.index());
            }
        }
        List<Integer> declaredOutputs = indices(d.outputs);
        if (!new TreeSet<>(declaredOutputs).equals(new TreeSet<>(outputs))
                || declaredOutputs.size() != outputs.size()) {
            error("ModelStructure/Outputs", "lists " + declaredOutputs + ", but the outputs are " + outputs
                    + " (each exactly once)");
        }
        List<Integer> declaredInitial = indices(d.initialUnknowns);
        if (!declaredInitial.equals(initial)) {
            error("ModelStructure/InitialUnknowns", "lists " + declaredInitial + ", but FMI 2.0 §2.2.8"
                    + " requires " + initial + " (outputs and states with initial approx or calculated,"
                    + " calculated parameters, in index order)");
        }
        for (Unknown u : d.outputs) {
            checkDependencies("Outputs", u, v -> v.isInput() || states.contains(v.index())
                    || v.causality().equals("independent"), KINDS);
        }
        for (Unknown u : d.derivatives) {
            checkDependencies("Derivatives", u, v -> v.isInput() || states.contains(v.index())
                    || v.causality().equals("independent"), KINDS);
        }
        for (Unknown u : d.initialUnknowns) {
            checkDependencies("InitialUnknowns", u, v -> v.isInput() || v.isExact()
                    || v.causality().equals("independent"), INITIAL_KINDS);
        }
    }

    private boolean isDerivative(int index) {
        for (Unknown u : d.derivatives) {
            if (u.index() == index) {
                return true;
            }
        }
        return false;
    }

    private void checkDependencies(String list, Unknown u, java.util.function.Predicate<Variable> known,
            Set<String> kinds) {
        Variable unknown = d.variable(u.index());
        String where = "ModelStructure/" + list + "/Unknown index=\"" + u.index() + "\""
                + (unknown == null ? "" : " ('" + unknown.name() + "')");
        if (unknown == null) {
            error(where, "no variable has this index (1.." + d.variables.size() + ")");
            return;
        }
        if (u.problem() != null) {
            error(where, u.problem());
        }
        List<Integer> deps = u.dependencies();
        if (deps != null) {
            for (int k = 0; k < deps.size(); k++) {
                int index = deps.get(k);
                Variable v = d.variable(index);
                if (v == null) {
                    error(where, "dependency " + index + " is not a variable index (1.." + d.variables.size() + ")");
                } else if (!known.test(v) && v.causality().endsWith("arameter") && !list.equals("InitialUnknowns")) {
                    // Harmless to a master (parameters are never connected); the Reference FMUs do it.
                    findings.add(Finding.note(where, "dependency " + index + " ('" + v.name() + "') is a "
                            + v.causality() + "; FMI 2.0 §2.2.8 lists only inputs, states and the"
                            + " independent variable as knowns of " + list));
                } else if (!known.test(v)) {
                    error(where, "dependency " + index + " ('" + v.name() + "', " + v.causality()
                            + ") is not a known of " + list + " (FMI 2.0 §2.2.8)");
                }
                if (k > 0 && deps.get(k - 1) >= index) {
                    error(where, "dependencies are not in ascending order without repeats: " + deps);
                    break;
                }
            }
        }
        List<String> given = u.kinds();
        if (given != null) {
            if (deps == null) {
                error(where, "dependenciesKind without dependencies");
            } else if (given.size() != deps.size()) {
                error(where, "dependenciesKind has " + given.size() + " entries, dependencies " + deps.size());
            }
            for (String kind : given) {
                if (!kinds.contains(kind)) {
                    error(where, "dependenciesKind '" + kind + "' is not allowed in " + list + " (allowed: "
                            + new TreeSet<>(kinds) + ")");
                } else if (!kind.equals("dependent") && !unknown.type().equals("Real")) {
                    error(where, "dependenciesKind '" + kind + "' is only for Real unknowns");
                }
            }
        }
    }

    private static List<Integer> indices(List<Unknown> unknowns) {
        List<Integer> result = new ArrayList<>();
        for (Unknown u : unknowns) {
            result.add(u.index());
        }
        return result;
    }
}
