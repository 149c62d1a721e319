package org.btfmu.checker;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.btfmu.checker.Description3.Dimension;
import org.btfmu.checker.Description3.Interface;
import org.btfmu.checker.Description3.TypeDefinition;
import org.btfmu.checker.Description3.Unknown;
import org.btfmu.checker.Description3.Variable;

/**
 * The rules of FMI 3.0 §2.4 that the XSD cannot express, each from the specification text:
 * the model (version, interfaces, modelIdentifier, instantiationToken, default experiment),
 * the variables (names, value references, causality / variability / initial, start values,
 * the independent variable, types, units, dimensions, derivatives, clocks) and the model
 * structure (which variables each list must hold, what their dependencies may name).
 */
final class Rules3 {

    /** FMI 3.0 §2.4.7.4, the table of allowed combinations of causality and variability. */
    private static final Set<String> ALLOWED = Set.of(
            "structuralParameter/fixed", "structuralParameter/tunable", "parameter/fixed", "parameter/tunable",
            "calculatedParameter/fixed", "calculatedParameter/tunable", "input/discrete", "input/continuous",
            "output/constant", "output/discrete", "output/continuous", "local/constant", "local/fixed",
            "local/tunable", "local/discrete", "local/continuous", "independent/continuous");

    /** FMI 3.0 §2.4.8, dependenciesKind: the values of Output, ContinuousStateDerivative... and of InitialUnknown. */
    private static final Set<String> KINDS = Set.of("dependent", "constant", "fixed", "tunable", "discrete");
    private static final Set<String> INITIAL_KINDS = Set.of("dependent", "constant");

    /** "Short class name according to C syntax". */
    private static final Pattern C_IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private final Description3 d;
    private final List<Finding> findings = new ArrayList<>();

    private Rules3(Description3 description) {
        this.d = description;
    }

    static List<Finding> check(Description3 description) {
        Rules3 rules = new Rules3(description);
        rules.checkModel();
        rules.checkVariables();
        rules.checkStructure();
        return rules.findings;
    }

    private void error(String where, String message) {
        findings.add(Finding.error(where, message));
    }

    private void checkModel() {
        String root = "fmiModelDescription";
        if (!d.fmiVersion.startsWith("3.")) {
            error(root, "fmiVersion is '" + d.fmiVersion + "', not 3.x");
        }
        if (d.instantiationToken.isBlank()) {
            error(root, "instantiationToken is empty: fmi3Instantiate* receives it to check that the binary"
                    + " belongs to this model description (FMI 3.0 §2.4.1)");
        }
        if (d.modelExchange == null && d.coSimulation == null && d.scheduledExecution == null) {
            error(root, "none of <ModelExchange>, <CoSimulation>, <ScheduledExecution>");
        }
        for (Interface i : new Interface[] {d.modelExchange, d.coSimulation, d.scheduledExecution}) {
            if (i != null && !C_IDENTIFIER.matcher(i.modelIdentifier()).matches()) {
                error("<" + i.element() + ">", "modelIdentifier '" + i.modelIdentifier() + "' is no C name (FMI 3.0"
                        + " §2.4.2: the functions and the binary are named after it)");
            }
        }
        if (d.coSimulation != null && d.coSimulation.flag("canReturnEarlyAfterIntermediateUpdate")
                && !d.coSimulation.flag("providesIntermediateUpdate")) {
            error("<CoSimulation>", "canReturnEarlyAfterIntermediateUpdate=\"true\" without"
                    + " providesIntermediateUpdate=\"true\": an early return is requested from the intermediate"
                    + " update callback (FMI 3.0 §4.4)");
        }
        if (d.startTime != null && d.stopTime != null && d.stopTime < d.startTime) {
            error("DefaultExperiment", "stopTime " + d.stopTime + " is before startTime " + d.startTime);
        }
        if (d.stepSize != null && !(d.stepSize > 0)) {
            error("DefaultExperiment", "stepSize " + d.stepSize + " is not positive");
        }
        d.units.forEach((unit, displayUnits) -> {
            if (new HashSet<>(displayUnits).size() != displayUnits.size()) {
                error("UnitDefinitions/Unit '" + unit + "'", "a DisplayUnit name is used twice");
            }
        });
        d.types.forEach((name, type) -> checkUnit("TypeDefinitions/" + type.element() + " '" + name + "'",
                type.unit(), type.displayUnit()));
    }

    private void checkVariables() {
        Set<String> names = new HashSet<>();
        Map<Long, Variable> references = new HashMap<>();
        Map<Long, Variable> previous = new HashMap<>();
        List<Variable> independents = new ArrayList<>();
        for (Variable v : d.variables) {
            String where = v.label();
            if (!names.add(v.name())) {
                error(where, "the name '" + v.name() + "' is used by an earlier variable or alias (FMI 3.0 §2.4.7)");
            }
            for (String alias : v.aliases()) {
                if (!names.add(alias)) {
                    error(where, "the alias name '" + alias + "' is used by an earlier variable or alias");
                }
            }
            Variable other = references.putIfAbsent(v.valueReference(), v);
            if (other != null) {
                error(where, "valueReference " + v.valueReference() + " is also that of " + other.label()
                        + ": it must be unique for all variables (FMI 3.0 §2.4.7.4; aliases are <Alias> elements)");
            }
            if (!ALLOWED.contains(v.causality() + "/" + v.variability())) {
                error(where, "causality " + v.causality() + " with variability " + v.variability()
                        + " is not allowed (FMI 3.0 §2.4.7.4)");
            }
            if (v.variability().equals("continuous") && !v.isFloat()) {
                error(where, "a " + v.type() + " variable cannot be continuous (only Float32 and Float64)");
            }
            if (v.isIndependent()) {
                independents.add(v);
            }
            checkInitial(v, where);
            checkType(v, where);
            checkDimensions(v, where);
            checkClocks(v, where, previous);
            if (v.derivative() != null) {
                Variable state = d.variable(v.derivative());
                if (state == null || !state.isFloat()) {
                    error(where, "derivative=\"" + v.derivative() + "\" is not the value reference of a Float32"
                            + " or Float64 variable");
                } else if (!v.isFloat()) {
                    error(where, "has derivative=\"" + v.derivative() + "\" but is a " + v.type());
                }
            }
        }
        if (independents.size() != 1) {
            error("ModelVariables", independents.size() + " variables are independent; exactly one must be"
                    + " (FMI 3.0 §2.4.7.4)");
        }
        for (Variable v : independents) {
            if (!v.isFloat()) {
                error(v.label(), "the independent variable must be Float32 or Float64");
            }
        }
    }

    /** FMI 3.0 §2.4.7.5: the initial attribute allowed per causality and variability, and the start it needs. */
    private void checkInitial(Variable v, String where) {
        Set<String> allowed = switch (v.causality()) {
            case "structuralParameter", "parameter", "input" -> Set.of("exact");
            case "calculatedParameter" -> Set.of("approx", "calculated");
            case "independent" -> Set.of();
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
        boolean clock = v.type().equals("Clock");
        if (v.isIndependent() && hasStart) {
            error(where, "the independent variable must not have a start value (FMI 3.0 §2.4.7.4)");
        } else if (!hasStart && !clock && (v.isInput() || v.isParameter()
                || v.causality().equals("structuralParameter") || v.variability().equals("constant"))) {
            error(where, "a" + (v.variability().equals("constant") ? " constant" : "n " + v.causality())
                    + " needs a start value (FMI 3.0 §2.4.7.5)");
        } else if ("calculated".equals(v.initial()) && hasStart) {
            error(where, "initial=\"calculated\" must not have a start value");
        } else if (("exact".equals(v.initial()) || "approx".equals(v.initial())) && !hasStart && !clock) {
            error(where, "initial=\"" + v.initial() + "\" needs a start value");
        }
        if (hasStart) {
            checkStart(v, where);
        }
    }

    /** The start values: as many as the array has (or one for all), inside min/max, an item of the enumeration. */
    private void checkStart(Variable v, String where) {
        int size = d.size(v);
        if (size >= 0 && v.start().size() != 1 && v.start().size() != size) {
            error(where, v.start().size() + " start values for " + size + " elements");
        }
        if (!(v.isFloat() || Description3.INTEGERS.contains(v.type()) || v.type().equals("Enumeration"))) {
            return;
        }
        BigDecimal min = decimal(d.min(v));
        BigDecimal max = decimal(d.max(v));
        if (min != null && max != null && min.compareTo(max) > 0) {
            error(where, "min " + d.min(v) + " is greater than max " + d.max(v));
        }
        for (String text : v.start()) {
            BigDecimal start = decimal(text);
            if (start == null) {
                continue; // the XSD reports what is no number
            }
            if (min != null && start.compareTo(min) < 0 || max != null && start.compareTo(max) > 0) {
                error(where, "start " + text + " is outside [" + d.min(v) + ", " + d.max(v) + "]");
            }
            if (v.type().equals("Enumeration") && d.types.containsKey(v.declaredType())
                    && !d.types.get(v.declaredType()).items().contains(Description3.integer(text))) {
                error(where, "start " + text + " is no item of " + v.declaredType() + " "
                        + d.types.get(v.declaredType()).items());
            }
        }
    }

    /** declaredType names a type definition of the variable's type; unit and displayUnit exist. */
    private void checkType(Variable v, String where) {
        if (v.declaredType() != null) {
            TypeDefinition type = d.types.get(v.declaredType());
            if (type == null) {
                error(where, "declaredType '" + v.declaredType() + "' is not defined in <TypeDefinitions>");
            } else if (!type.element().equals(v.type() + "Type")) {
                error(where, "declaredType '" + v.declaredType() + "' is a " + type.element() + ", not a "
                        + v.type() + "Type");
            }
        } else if (v.type().equals("Enumeration")) {
            error(where, "an Enumeration needs a declaredType (FMI 3.0 §2.4.7.5)");
        }
        checkUnit(where, v.unit(), v.displayUnit());
        if (v.displayUnit() == null || v.unit() != null) {
            return;
        }
        String unit = d.unit(v);
        if (unit == null) {
            error(where, "displayUnit '" + v.displayUnit() + "' without a unit");
        } else if (d.units.containsKey(unit) && !d.units.get(unit).contains(v.displayUnit())) {
            error(where, "displayUnit '" + v.displayUnit() + "' is no <DisplayUnit> of unit '" + unit + "'");
        }
    }

    /** FMI 3.0 §2.4.7.5: a unit must exist in <UnitDefinitions>, a display unit under it. */
    private void checkUnit(String where, String unit, String displayUnit) {
        if (unit != null && !d.units.containsKey(unit)) {
            error(where, "unit '" + unit + "' is not defined in <UnitDefinitions>");
        } else if (unit != null && displayUnit != null && !d.units.get(unit).contains(displayUnit)) {
            error(where, "displayUnit '" + displayUnit + "' is no <DisplayUnit> of unit '" + unit + "'");
        }
    }

    /** FMI 3.0 §2.4.7.2: each Dimension has a positive start or names a UInt64 constant or structural parameter. */
    private void checkDimensions(Variable v, String where) {
        if (v.causality().equals("structuralParameter") && !v.dimensions().isEmpty()) {
            error(where, "a structural parameter must not have a <Dimension>");
        }
        for (Dimension dimension : v.dimensions()) {
            if ((dimension.start() == null) == (dimension.valueReference() == null)) {
                error(where, "a <Dimension> needs either start or valueReference, not both or neither");
            } else if (dimension.start() != null && dimension.start() <= 0) {
                error(where, "<Dimension start=\"" + dimension.start() + "\"> is not positive");
            } else if (dimension.valueReference() != null) {
                Variable size = d.variable(dimension.valueReference());
                if (size == null || !size.type().equals("UInt64") || !(size.variability().equals("constant")
                        || size.causality().equals("structuralParameter"))) {
                    error(where, "<Dimension valueReference=\"" + dimension.valueReference() + "\"> is not a"
                            + " UInt64 constant or structural parameter");
                } else if (size.start() == null || Description3.integer(size.start().get(0)) == null
                        || Description3.integer(size.start().get(0)) <= 0) {
                    error(where, "<Dimension valueReference=\"" + dimension.valueReference() + "\"> names "
                            + size.name() + ", whose start is not positive");
                }
            }
        }
    }

    /** FMI 3.0 §2.4.7.4: clocks name Clocks; previous only on discrete clocked non-Clock variables. */
    private void checkClocks(Variable v, String where, Map<Long, Variable> previous) {
        for (long clock : v.clocks()) {
            Variable c = d.variable(clock);
            if (c == null || !c.type().equals("Clock")) {
                error(where, "clocks lists " + clock + ", which is no Clock");
            }
        }
        if (v.isClocked() && !(v.variability().equals("discrete") || v.variability().equals("tunable"))) {
            error(where, "a clocked variable must be discrete or tunable, not " + v.variability());
        }
        if (v.type().equals("Clock") && !v.variability().equals("discrete")) {
            error(where, "a Clock must be discrete");
        }
        if (v.previous() == null) {
            return;
        }
        Variable p = d.variable(v.previous());
        if (!v.isClocked() || !v.variability().equals("discrete") || v.type().equals("Clock")) {
            error(where, "previous is only for discrete clocked variables that are no Clock");
        }
        if (p == null || p == v || !p.type().equals(v.type()) || !p.variability().equals("discrete")
                || p.isInput()) {
            error(where, "previous=\"" + v.previous() + "\" must name another discrete " + v.type()
                    + " variable that is no input");
        }
        Variable twice = previous.putIfAbsent(v.previous(), v);
        if (twice != null) {
            error(where, "previous=\"" + v.previous() + "\" is also that of " + twice.label());
        }
    }

    private void checkStructure() {
        Set<Variable> states = new LinkedHashSet<>();
        Set<Variable> derivatives = new LinkedHashSet<>();
        for (Unknown u : d.derivatives) {
            Variable derivative = d.variable(u.valueReference());
            if (derivative == null) {
                continue; // checkDependencies reports it
            }
            Variable state = derivative.derivative() == null ? null : d.variable(derivative.derivative());
            if (state == null || !derivative.isFloat() || !derivative.variability().equals("continuous")) {
                error(u.label(), "'" + derivative.name() + "' is no continuous Float32 or Float64 variable with a"
                        + " derivative attribute (FMI 3.0 §2.4.8)");
            } else if (!(state.isOutput() || state.causality().equals("local"))) {
                error(u.label(), "the state '" + state.name() + "' is " + state.causality()
                        + "; a continuous state must be local or output");
            } else {
                states.add(state);
                derivatives.add(derivative);
            }
        }
        if (d.modelExchange != null) {
            for (Variable v : d.variables) {
                Variable state = v.derivative() == null ? null : d.variable(v.derivative());
                if (state != null && v.causality().equals("local") && state.variability().equals("continuous")
                        && !derivatives.contains(v)) {
                    error("ModelStructure", "lists no <ContinuousStateDerivative> for '" + v.name() + "', the"
                            + " derivative of '" + state.name() + "': a Model Exchange FMU must list every one");
                }
            }
        }
        for (Unknown u : d.clockedStates) {
            Variable v = d.variable(u.valueReference());
            if (v != null && (v.previous() == null || !v.variability().equals("discrete") || !v.isClocked()
                    || v.type().equals("Clock"))) {
                error(u.label(), "'" + v.name() + "' is no clocked state: it needs previous, clocks and variability"
                        + " discrete, and must be no Clock (FMI 3.0 §2.4.8)");
            }
        }
        Set<Variable> indicators = new LinkedHashSet<>();
        for (Unknown u : d.eventIndicators) {
            Variable v = d.variable(u.valueReference());
            if (v != null && !(v.isFloat() && v.variability().equals("continuous")
                    && (v.causality().equals("local") || v.isOutput()))) {
                error(u.label(), "'" + v.name() + "' is no event indicator: only continuous Float32 or Float64"
                        + " variables with causality local or output (FMI 3.0 §2.4.8)");
            }
            indicators.add(v);
        }
        checkList("Output", d.outputs, d.variables.stream().filter(Variable::isOutput).toList());
        List<Variable> initial = new ArrayList<>();
        for (Variable v : d.variables) {
            boolean computed = "approx".equals(v.initial()) || "calculated".equals(v.initial());
            if (v.isOutput() && !v.isClocked() && computed || v.causality().equals("calculatedParameter")
                    || (states.contains(v) || derivatives.contains(v)) && computed) {
                initial.add(v);
            }
        }
        Set<Variable> declaredInitial = new LinkedHashSet<>();
        for (Unknown u : d.initialUnknowns) {
            Variable v = d.variable(u.valueReference());
            if (v != null && !declaredInitial.add(v)) {
                error(u.label(), "'" + v.name() + "' is listed twice");
            } else if (v != null && !initial.contains(v) && !v.isClocked()) {
                error(u.label(), "'" + v.name() + "' is no initial unknown: only outputs, continuous states and"
                        + " their derivatives with initial approx or calculated, calculated parameters and clocked"
                        + " variables (FMI 3.0 §2.4.8)"
                        + (indicators.contains(v) ? "; an event indicator must not be listed" : ""));
            }
        }
        for (Variable v : initial) {
            if (!declaredInitial.contains(v)) {
                error("ModelStructure/InitialUnknown", "misses '" + v.name() + "' (valueReference "
                        + v.valueReference() + ", " + v.causality() + ", initial " + v.initial() + ")");
            }
        }
        // Knowns of the lists but InitialUnknown: inputs, continuous and discrete-time states, parameters,
        // the independent variable. A state is any variable a derivative names (Co-Simulation may omit
        // <ContinuousStateDerivative>); nothing marks a discrete-time state but ClockedState, so a
        // discrete local may be one; a clocked unknown also lists its clocks.
        Set<Variable> named = new HashSet<>(states);
        d.variables.stream().filter(v -> v.derivative() != null && d.variable(v.derivative()) != null)
                .forEach(v -> named.add(d.variable(v.derivative())));
        Predicate<Variable> known = v -> v.isInput() || v.isParameter() || v.isIndependent()
                || v.causality().equals("structuralParameter") || named.contains(v) || v.type().equals("Clock")
                || v.causality().equals("local") && v.variability().equals("discrete")
                || d.clockedStates.stream().anyMatch(u -> u.valueReference() == v.valueReference());
        Predicate<Variable> initialKnown = v -> v.isInput() || v.isIndependent() || "exact".equals(v.initial());
        for (List<Unknown> list : List.of(d.outputs, d.derivatives, d.clockedStates, d.eventIndicators)) {
            for (Unknown u : list) {
                checkDependencies(u, known, "inputs, parameters, states, clocks and the independent variable",
                        KINDS);
            }
        }
        for (Unknown u : d.initialUnknowns) {
            checkDependencies(u, initialKnown, "inputs, variables with initial exact and the independent variable",
                    INITIAL_KINDS);
        }
    }

    /** The list holds exactly the variables, each once. */
    private void checkList(String element, List<Unknown> declared, List<Variable> required) {
        List<Long> listed = declared.stream().map(Unknown::valueReference).toList();
        List<Long> expected = required.stream().map(Variable::valueReference).toList();
        if (!new TreeSet<>(listed).equals(new TreeSet<>(expected)) || listed.size() != expected.size()) {
            error("ModelStructure/" + element, "lists the value references " + listed + ", but the variables with"
                    + " causality output are " + expected + " (each exactly once, FMI 3.0 §2.4.8)");
        }
    }

    private void checkDependencies(Unknown u, Predicate<Variable> known, String knowns, Set<String> kinds) {
        Variable unknown = d.variable(u.valueReference());
        String where = u.label() + (unknown == null ? "" : " ('" + unknown.name() + "')");
        if (unknown == null) {
            error(where, "no variable has this value reference");
            return;
        }
        if (u.problem() != null) {
            error(where, u.problem());
        }
        List<Long> deps = u.dependencies();
        if (deps != null) {
            Set<Long> seen = new HashSet<>();
            for (long vr : deps) {
                Variable v = d.variable(vr);
                if (v == null) {
                    error(where, "dependency " + vr + " is the value reference of no variable");
                } else if (!known.test(v)) {
                    error(where, "dependency " + vr + " ('" + v.name() + "', " + v.causality() + ") is not a known"
                            + " of " + u.element() + " (FMI 3.0 §2.4.8: " + knowns + ")");
                }
                if (!seen.add(vr)) {
                    error(where, "dependency " + vr + " is listed twice");
                }
            }
        }
        List<String> given = u.kinds();
        if (given == null) {
            return;
        }
        if (deps == null) {
            error(where, "dependenciesKind without dependencies");
        } else if (given.size() != deps.size()) {
            error(where, "dependenciesKind has " + given.size() + " entries, dependencies " + deps.size());
        }
        for (String kind : given) {
            if (!kinds.contains(kind)) {
                error(where, "dependenciesKind '" + kind + "' is not allowed in " + u.element() + " (allowed: "
                        + new TreeSet<>(kinds) + ")");
            } else if (!kind.equals("dependent") && !unknown.isFloat()) {
                error(where, "dependenciesKind '" + kind + "' is only for Float32 and Float64 unknowns, not "
                        + unknown.type() + " (FMI 3.0 §2.4.8)");
            }
        }
    }

    private static BigDecimal decimal(String text) {
        if (text == null) {
            return null;
        }
        try {
            return new BigDecimal(text.trim());
        } catch (NumberFormatException e) {
            return null; // INF, NaN or no number: the XSD judges the form
        }
    }
}
