package org.btfmu.checker;

import com.sun.jna.Pointer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.btfmu.checker.Description.Unknown;
import org.btfmu.checker.Description.Variable;

/**
 * The empirical dependency check. In Initialization Mode (knowns: the inputs and the
 * {@code initial="exact"} parameters; unknowns: {@code <InitialUnknowns>}) and in Step
 * Mode after fmi2ExitInitializationMode and one step (knowns: the inputs and the tunable
 * parameters; unknowns: {@code <Outputs>}), each known is set alone to a few other values
 * and every unknown is read without a step. An unknown that changed although its
 * {@code dependencies} do not list the known is an error; a listed dependency that never
 * showed is a note (a declaration may be a superset, FMI 2.0 §2.2.8). Between knowns the
 * FMU starts afresh: a new instance in Initialization Mode, the saved FMU state in Step
 * Mode (a new instance when the FMU cannot get and set its state).
 */
final class DependencyProbe {

    static final String INITIALIZATION = "Initialization Mode";
    static final String STEP = "Step Mode";

    private final NativeFmu fmu;
    private final Description d;
    private final String resourceLocation;
    private final List<Finding> findings = new ArrayList<>();
    /** Per mode: unknown name → the knowns seen to change it. */
    private final Map<String, Map<String, Set<String>>> observed = new LinkedHashMap<>();
    /** Per mode: unknown name → the declared knowns never seen to change it. */
    private final Map<String, Map<String, Set<String>>> unobserved = new LinkedHashMap<>();

    private DependencyProbe(NativeFmu fmu, Description d, String resourceLocation) {
        this.fmu = fmu;
        this.d = d;
        this.resourceLocation = resourceLocation;
    }

    record Result(List<Finding> findings, Map<String, Map<String, Set<String>>> observed,
            Map<String, Map<String, Set<String>>> unobserved) {
    }

    static Result run(NativeFmu fmu, Description d, String resourceLocation) {
        DependencyProbe probe = new DependencyProbe(fmu, d, resourceLocation);
        probe.probe(INITIALIZATION, d.initialUnknowns,
                d.variables.stream().filter(v -> v.isInput() || v.isParameter() && v.isExact()).toList());
        probe.probe(STEP, d.outputs,
                d.variables.stream().filter(v -> v.isInput() || v.isTunableParameter()).toList());
        return new Result(probe.findings, probe.observed, probe.unobserved);
    }

    /** One known's effect: the unknowns it changed, with one example each. */
    private record Effect(Map<Variable, String> changed, List<Object> tried) {
    }

    private void probe(String mode, List<Unknown> unknownList, List<Variable> knowns) {
        List<Variable> unknowns = new ArrayList<>();
        for (Unknown u : unknownList) {
            Variable v = d.variable(u.index());
            if (v != null) {
                unknowns.add(v);
            }
        }
        Map<String, Set<String>> seen = new TreeMap<>();
        for (Variable u : unknowns) {
            seen.put(u.name(), new TreeSet<>());
        }
        observed.put(mode, seen);
        if (unknowns.isEmpty() || knowns.isEmpty()) {
            return;
        }
        Start start = new Start(mode);
        try {
            Map<Variable, Effect> effects = new LinkedHashMap<>();
            for (Variable known : knowns) {
                Component c = start.fresh();
                if (c == null) {
                    return; // the finding says why
                }
                Effect effect = perturb(c, mode, known, unknowns);
                start.done(c, effect == null);
                if (effect != null) {
                    effects.put(known, effect);
                    for (Variable u : effect.changed().keySet()) {
                        seen.get(u.name()).add(known.name());
                    }
                }
            }
            judge(mode, unknownList, effects);
        } finally {
            start.close();
        }
    }

    /** Sets the known to each alternative value; null after a failed call (a finding). */
    private Effect perturb(Component c, String mode, Variable known, List<Variable> unknowns) {
        List<Object> baseline = read(c, unknowns);
        Object original = c.get(known);
        if (baseline == null || original == null) {
            return null;
        }
        Map<Variable, String> changed = new LinkedHashMap<>();
        List<Object> tried = Perturbation.alternatives(known, original, d);
        for (Object value : tried) {
            if (!c.set(known, value)) {
                return null;
            }
            List<Object> now = read(c, unknowns);
            if (now == null) {
                return null;
            }
            for (int i = 0; i < unknowns.size(); i++) {
                if (!Objects.equals(baseline.get(i), now.get(i)) && !changed.containsKey(unknowns.get(i))) {
                    changed.put(unknowns.get(i), unknowns.get(i).name() + " went from " + baseline.get(i)
                            + " to " + now.get(i) + " when " + known.name() + " was set from " + original
                            + " to " + value);
                }
            }
        }
        return new Effect(changed, tried);
    }

    private static List<Object> read(Component c, List<Variable> variables) {
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

    /**
     * Errors per unknown and known; the declared but unseen dependencies as one note per
     * known (a tree's parameter may be declared for every status and seldom shows at once).
     */
    private void judge(String mode, List<Unknown> unknownList, Map<Variable, Effect> effects) {
        String list = mode.equals(STEP) ? "<Outputs>" : "<InitialUnknowns>";
        Map<String, Set<String>> missing = new TreeMap<>();
        unobserved.put(mode, missing);
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
                String where = mode + ", " + unknown.name() + " <- " + known.name();
                if (change != null && !listed) {
                    if (known.isParameter() && mode.equals(STEP)) {
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
        unseen.forEach((known, unknowns) -> findings.add(Finding.note(mode + ", " + known.name(),
                "declared in " + list + " for " + unknowns.size() + (unknowns.size() == 1 ? " unknown" : " unknowns")
                        + " but not seen: setting it to " + effects.get(known).tried() + " left "
                        + String.join(", ", unknowns) + " unchanged")));
    }

    /** Fresh starting points for one mode: new instances, or a saved state in Step Mode. */
    private final class Start implements AutoCloseable {
        private final String mode;
        private Component kept;
        private Pointer state;

        Start(String mode) {
            this.mode = mode;
        }

        Component fresh() {
            if (kept != null && state != null) {
                if (kept.setState(state)) {
                    return kept;
                }
                close();
            }
            Component c = Component.initializing(fmu, d, resourceLocation, "dependency check, " + mode,
                    findings);
            if (c == null || mode.equals(INITIALIZATION)) {
                return c;
            }
            if (!(c.exitInitializationMode() && c.doStep(d.startTime, CallingSequence.stepSize(d)))) {
                c.close();
                return null;
            }
            if (d.canGetAndSetFMUstate) {
                state = c.getState();
                if (state != null) {
                    kept = c;
                }
            }
            return c;
        }

        /** After a known: keep the instance if it has a state to go back to and is not broken. */
        void done(Component c, boolean broken) {
            if (c == kept && !broken) {
                return;
            }
            if (c == kept) {
                close();
            } else {
                c.close();
            }
        }

        @Override
        public void close() {
            if (kept != null) {
                if (state != null) {
                    kept.freeState(state);
                }
                kept.close();
            }
            kept = null;
            state = null;
        }
    }
}
