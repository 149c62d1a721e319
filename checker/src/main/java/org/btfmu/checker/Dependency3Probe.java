package org.btfmu.checker;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.btfmu.checker.Description3.Unknown;
import org.btfmu.checker.Description3.Variable;

/**
 * The empirical dependency check of an FMI 3.0 FMU, as {@link DependencyProbe} and
 * {@link ModelExchangeProbe} do for FMI 2.0. Each known is set alone to a few other values on
 * a new instance, and every unknown is read without a step:
 * <ul>
 * <li>Co-Simulation, Initialization Mode: knowns the inputs and the parameters with initial
 * exact; unknowns {@code <InitialUnknown>};</li>
 * <li>Co-Simulation, Step Mode (after fmi3ExitInitializationMode and one step): knowns the inputs
 * and the tunable parameters; unknowns {@code <Output>};</li>
 * <li>Model Exchange, Continuous-Time Mode: knowns the continuous states (fmi3SetContinuousStates)
 * and the continuous inputs; unknowns {@code <ContinuousStateDerivative>}, the continuous outputs
 * that are no state, and {@code <EventIndicator>}.</li>
 * </ul>
 * An unknown that changed although its {@code dependencies} do not list the known is an error
 * (FMI 3.0 §2.4.8 counts inputs, parameters, states and time as knowns, so there is no exception
 * for parameters as in FMI 2.0); a listed dependency never seen is a note. A value the FMU
 * refuses with fmi3Discard or as not finite is skipped with a note quoting the refusal; any
 * other refusal is an error.
 */
final class Dependency3Probe {

    static final String INITIALIZATION = Report.INITIALIZATION_MODE;
    static final String STEP = Report.STEP_MODE;
    static final String CONTINUOUS_TIME = Report.CONTINUOUS_TIME_MODE;

    record Result(List<Finding> findings, Map<String, Map<String, Set<String>>> observed,
            Map<String, Map<String, Set<String>>> unobserved) {
    }

    /** A known: how it is read and written on an instance. */
    private interface Known {
        Variable variable();

        List<Object> read(Instance3 c);

        boolean write(Instance3 c, List<Object> values);
    }

    private record Settable(Variable variable) implements Known {
        public List<Object> read(Instance3 c) {
            return c.get(variable);
        }

        public boolean write(Instance3 c, List<Object> values) {
            return c.set(variable, values);
        }
    }

    /** A continuous state: its elements at {@code offset} of the state vector of length nx. */
    private record State(Variable variable, int offset, int nx) implements Known {
        public List<Object> read(Instance3 c) {
            double[] x = c.getFloat64s("fmi3GetContinuousStates", nx, ModelExchange3Sequence.STATE_COUNT);
            if (x == null) {
                return null;
            }
            List<Object> values = new ArrayList<>();
            for (int i = 0; i < nx; i++) {
                values.add(x[i]);
            }
            return values.subList(offset, offset + c.size(variable));
        }

        public boolean write(Instance3 c, List<Object> values) {
            double[] x = c.getFloat64s("fmi3GetContinuousStates", nx, ModelExchange3Sequence.STATE_COUNT);
            if (x == null) {
                return false;
            }
            for (int i = 0; i < values.size(); i++) {
                x[offset + i] = (Double) values.get(i);
            }
            return c.setContinuousStates(x);
        }
    }

    private final Description3 d;
    private final List<Finding> findings = new ArrayList<>();
    private final Map<String, Map<String, Set<String>>> observed = new LinkedHashMap<>();
    private final Map<String, Map<String, Set<String>>> unobserved = new LinkedHashMap<>();

    private Dependency3Probe(Description3 d) {
        this.d = d;
    }

    static Result coSimulation(NativeFmu3 fmu, Description3 d, String resourcePath) {
        Dependency3Probe probe = new Dependency3Probe(d);
        double h = CoSimulation3Sequence.stepSize(d);
        double start = CoSimulation3Sequence.startTime(d);
        Supplier<Instance3> initializing = () -> {
            Instance3 c = Instance3.coSimulation(fmu, d, resourcePath, false, false,
                    "dependency check, " + INITIALIZATION, probe.findings);
            if (c != null && !c.enterInitializationMode(start)) {
                c.close();
                return null;
            }
            return c;
        };
        Supplier<Instance3> stepping = () -> {
            Instance3 c = Instance3.coSimulation(fmu, d, resourcePath, false, false,
                    "dependency check, " + STEP, probe.findings);
            if (c != null && !(c.enterInitializationMode(start) && c.exitInitializationMode()
                    && c.doStep(start, h) != null)) {
                c.close();
                return null;
            }
            return c;
        };
        probe.probe(INITIALIZATION, initializing, settable(d.variables.stream().filter(v -> v.isInput()
                || v.isParameter() && "exact".equals(v.initial())).toList()), Map.of("<InitialUnknown>",
                        d.initialUnknowns));
        probe.probe(STEP, stepping, settable(d.variables.stream().filter(v -> v.isInput()
                || v.isParameter() && v.variability().equals("tunable")).toList()), Map.of("<Output>", d.outputs));
        return new Result(probe.findings, probe.observed, probe.unobserved);
    }

    static Result modelExchange(NativeFmu3 fmu, Description3 d, String resourcePath) {
        Dependency3Probe probe = new Dependency3Probe(d);
        List<Variable> states = d.continuousStates();
        List<Known> knowns = new ArrayList<>();
        int nx = d.count(d.derivatives);
        int offset = 0;
        for (Variable state : states) {
            if (state == null || nx < 0) {
                return new Result(probe.findings, probe.observed, probe.unobserved); // Rules3 reports it
            }
            knowns.add(new State(state, offset, nx));
            offset += d.size(state);
        }
        knowns.addAll(settable(d.variables.stream().filter(v -> v.isInput() && continuous(v)).toList()));
        Map<String, List<Unknown>> lists = new LinkedHashMap<>();
        lists.put("<ContinuousStateDerivative>", d.derivatives);
        lists.put("<Output>", d.outputs.stream().filter(u -> continuous(d.variable(u.valueReference()))
                && !states.contains(d.variable(u.valueReference()))).toList());
        // An event indicator that is itself a state is a known here, set rather than computed.
        lists.put("<EventIndicator>", d.eventIndicators.stream()
                .filter(u -> !states.contains(d.variable(u.valueReference()))).toList());
        probe.probe(CONTINUOUS_TIME, () -> ModelExchange3Sequence.reachContinuousTime(fmu, d, resourcePath,
                "Model Exchange dependency check", Map.of(), probe.findings), knowns, lists);
        return new Result(probe.findings, probe.observed, probe.unobserved);
    }

    private static boolean continuous(Variable v) {
        return v != null && v.isFloat() && v.variability().equals("continuous");
    }

    private static List<Known> settable(List<Variable> variables) {
        return variables.stream().filter(v -> !v.type().equals("Clock") && !v.isClocked())
                .map(v -> (Known) new Settable(v)).toList();
    }

    /** The place named in findings: the mode, with "Model Exchange, " before Continuous-Time Mode. */
    private static String place(String mode) {
        return mode.equals(CONTINUOUS_TIME) ? "Model Exchange, " + mode : mode;
    }

    private void probe(String mode, Supplier<Instance3> fresh, List<Known> knowns, Map<String, List<Unknown>> lists) {
        List<Variable> unknowns = new ArrayList<>();
        for (List<Unknown> list : lists.values()) {
            for (Unknown u : list) {
                Variable v = d.variable(u.valueReference());
                if (v != null && !v.type().equals("Clock") && !unknowns.contains(v)) {
                    unknowns.add(v);
                }
            }
        }
        Map<String, Set<String>> seen = new TreeMap<>();
        unknowns.forEach(u -> seen.put(u.name(), new TreeSet<>()));
        observed.put(mode, seen);
        if (unknowns.isEmpty() || knowns.isEmpty()) {
            return;
        }
        Map<Variable, Map<Variable, String>> changes = new LinkedHashMap<>();
        Map<Variable, List<Object>> tried = new LinkedHashMap<>();
        for (Known known : knowns) {
            Map<Variable, String> changed = perturb(mode, fresh, known, unknowns, tried);
            if (changed == null) {
                return; // the finding says why
            }
            changes.put(known.variable(), changed);
            changed.keySet().forEach(u -> seen.get(u.name()).add(known.variable().name()));
        }
        Map<String, Set<String>> missing = new TreeMap<>();
        unobserved.put(mode, missing);
        lists.forEach((list, entries) -> judge(place(mode), list, entries, changes, tried, missing));
    }

    /** The unknowns the known changed (with one example each); null after a failed call (a finding). */
    private Map<Variable, String> perturb(String mode, Supplier<Instance3> fresh, Known known, List<Variable> unknowns,
            Map<Variable, List<Object>> tried) {
        Instance3 c = fresh.get();
        if (c == null) {
            return null;
        }
        Map<Variable, String> changed = new LinkedHashMap<>();
        List<Object> values = new ArrayList<>();
        tried.put(known.variable(), values);
        try {
            List<List<Object>> baseline = read(c, unknowns);
            List<Object> original = known.read(c);
            if (baseline == null || original == null) {
                return null;
            }
            for (List<Object> value : Perturbation3.alternatives(known.variable(), original, d)) {
                if (c == null) {
                    c = fresh.get();
                    if (c == null) {
                        return null;
                    }
                }
                c.quiet(true);
                List<List<Object>> now = known.write(c, value) ? read(c, unknowns) : null;
                String refusal = c.refusal();
                boolean explained = c.refusalExplained();
                c.quiet(false);
                Object shown = value.size() == 1 ? value.get(0) : value;
                if (now == null) {
                    String where = place(mode) + ", " + known.variable().name();
                    if (!explained) {
                        findings.add(Finding.error(where, "setting " + known.variable().name() + " to " + shown
                                + ": " + refusal));
                        return null;
                    }
                    findings.add(Finding.note(where, "skipped the value " + shown + " for " + known.variable().name()
                            + ": the FMU refused it (" + refusal + ")"));
                    c.close();
                    c = null; // the state after a refusal is undefined: the next value starts afresh
                    continue;
                }
                values.add(shown);
                for (int i = 0; i < unknowns.size(); i++) {
                    Variable u = unknowns.get(i);
                    if (!Objects.equals(baseline.get(i), now.get(i)) && !changed.containsKey(u)) {
                        changed.put(u, u.name() + " went from " + show(baseline.get(i)) + " to " + show(now.get(i))
                                + " when " + known.variable().name() + " was set from " + show(original) + " to "
                                + shown);
                    }
                }
            }
            return changed;
        } finally {
            if (c != null) {
                c.close();
            }
        }
    }

    private static Object show(List<Object> values) {
        return values.size() == 1 ? values.get(0) : values;
    }

    private static List<List<Object>> read(Instance3 c, List<Variable> variables) {
        List<List<Object>> values = new ArrayList<>();
        for (Variable v : variables) {
            List<Object> value = c.get(v);
            if (value == null) {
                return null;
            }
            values.add(value);
        }
        return values;
    }

    /** Errors per unknown and known; the declared but unseen dependencies as one note per known. */
    private void judge(String place, String list, List<Unknown> entries, Map<Variable, Map<Variable, String>> changes,
            Map<Variable, List<Object>> tried, Map<String, Set<String>> missing) {
        Map<Variable, List<String>> unseen = new LinkedHashMap<>();
        for (Unknown u : entries) {
            Variable unknown = d.variable(u.valueReference());
            if (unknown == null || unknown.type().equals("Clock")) {
                continue;
            }
            Set<Long> declared = u.dependencies() == null ? null : new LinkedHashSet<>(u.dependencies());
            changes.forEach((known, changed) -> {
                String change = changed.get(unknown);
                boolean listed = declared == null || declared.contains(known.valueReference());
                if (change != null && !listed) {
                    findings.add(Finding.error(place + ", " + unknown.name() + " <- " + known.name(), change
                            + " without a step, but its dependencies in " + list + " do not list "
                            + known.name() + " (valueReference " + known.valueReference() + ")"));
                } else if (change == null && listed && declared != null) {
                    unseen.computeIfAbsent(known, k -> new ArrayList<>()).add(unknown.name());
                    missing.computeIfAbsent(unknown.name(), k -> new TreeSet<>()).add(known.name());
                }
            });
        }
        unseen.forEach((known, names) -> findings.add(Finding.note(place + ", " + known.name(), "declared in "
                + list + " for " + names.size() + (names.size() == 1 ? " unknown" : " unknowns")
                + " but not seen: setting it to " + tried.get(known) + " left " + String.join(", ", names)
                + " unchanged")));
    }
}
