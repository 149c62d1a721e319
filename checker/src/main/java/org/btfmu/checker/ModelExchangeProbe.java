package org.btfmu.checker;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.btfmu.checker.DeclaredDependencies.Effect;
import org.btfmu.checker.Description.Unknown;
import org.btfmu.checker.Description.Variable;

/**
 * The empirical dependency check through Model Exchange. In Continuous-Time Mode each
 * continuous state (fmi2SetContinuousStates) and each continuous Real input (fmi2SetReal) is
 * set alone to a few other values and put back; every derivative of {@code <Derivatives>}
 * and every continuous Real output of {@code <Outputs>} is read (discrete ones cannot change
 * in this mode; an output that is itself a continuous state is a known here, set rather than
 * computed, so whether it lists itself is left open). The observations are judged by {@link DeclaredDependencies}.
 */
final class ModelExchangeProbe {

    static final String CONTINUOUS_TIME = ModelExchangeSequence.CONTINUOUS_TIME;
    static final String CONTEXT = "Model Exchange dependency check";
    /** Where findings about dependencies are located (before "unknown <- known"). */
    static final String PLACE = "Model Exchange, " + CONTINUOUS_TIME;

    private final Component c;
    private final Description d;
    private final List<Variable> states;
    private final double[] x;

    private ModelExchangeProbe(Component c, Description d, List<Variable> states, double[] x) {
        this.c = c;
        this.d = d;
        this.states = states;
        this.x = x;
    }

    /** Findings, and unknown name → the knowns seen / declared but never seen. */
    record Result(List<Finding> findings, Map<String, Set<String>> observed, Map<String, Set<String>> unobserved) {
    }

    /**
     * Probes one new instance, with {@code startValues} set in Initialization Mode (an instant
     * where the dependencies show).
     */
    static Result run(NativeFmu fmu, Description d, String resourceLocation, Map<Variable, Object> startValues) {
        List<Finding> findings = new ArrayList<>();
        Map<String, Set<String>> seen = new TreeMap<>();
        Map<String, Set<String>> missing = new TreeMap<>();
        List<Variable> states = d.continuousStates();
        List<Unknown> derivatives = d.derivatives;
        List<Unknown> outputs = d.outputs.stream().filter(u -> isContinuousReal(d.variable(u.index()))
                && !states.contains(d.variable(u.index()))).toList();
        List<Variable> unknowns = new ArrayList<>();
        for (Unknown u : derivatives) {
            unknowns.add(d.variable(u.index()));
        }
        for (Unknown u : outputs) {
            unknowns.add(d.variable(u.index()));
        }
        List<Variable> knowns = new ArrayList<>(states);
        d.variables.stream().filter(v -> v.isInput() && isContinuousReal(v)).forEach(knowns::add);
        if (unknowns.contains(null) || knowns.contains(null)) {
            return new Result(findings, seen, missing); // the rule checks report the broken structure
        }
        unknowns.forEach(u -> seen.put(u.name(), new TreeSet<>()));
        if (unknowns.isEmpty() || knowns.isEmpty()) {
            return new Result(findings, seen, missing);
        }
        Component c = ModelExchangeSequence.reach(CONTINUOUS_TIME, fmu, d, resourceLocation, CONTEXT, startValues,
                findings);
        if (c == null) {
            return new Result(findings, seen, missing);
        }
        try (c) {
            double[] x = c.getReals("fmi2GetContinuousStates", states.size(), ModelExchangeSequence.STATE_COUNT);
            if (x == null) {
                return new Result(findings, seen, missing);
            }
            ModelExchangeProbe probe = new ModelExchangeProbe(c, d, states, x);
            Map<Variable, Effect> effects = new LinkedHashMap<>();
            for (Variable known : knowns) {
                Effect effect = probe.perturb(known, unknowns);
                if (effect == null) {
                    return new Result(findings, seen, missing); // the finding says why
                }
                effects.put(known, effect);
                effect.changed().keySet().forEach(u -> seen.get(u.name()).add(known.name()));
            }
            DeclaredDependencies.judge(PLACE, "<Derivatives>", derivatives, effects, d, findings, missing);
            DeclaredDependencies.judge(PLACE, "<Outputs>", outputs, effects, d, findings, missing);
        }
        return new Result(findings, seen, missing);
    }

    private static boolean isContinuousReal(Variable v) {
        return v != null && v.type().equals("Real") && v.variability().equals("continuous");
    }

    /** Sets the known to each alternative value, then back; null after a failed call (a finding). */
    private Effect perturb(Variable known, List<Variable> unknowns) {
        int k = states.indexOf(known);
        List<Object> baseline = DeclaredDependencies.read(c, unknowns);
        Object original = k >= 0 ? (Object) x[k] : c.get(known);
        if (baseline == null || original == null) {
            return null;
        }
        Map<Variable, String> changed = new LinkedHashMap<>();
        List<Object> tried = Perturbation.alternatives(known, original, d);
        for (Object value : tried) {
            if (!set(known, k, (Double) value)) {
                return null;
            }
            List<Object> now = DeclaredDependencies.read(c, unknowns);
            if (now == null) {
                return null;
            }
            DeclaredDependencies.compare(unknowns, baseline, now, known, original, value, changed);
        }
        return set(known, k, (Double) original) ? new Effect(changed, tried) : null;
    }

    private boolean set(Variable known, int k, double value) {
        if (k < 0) {
            return c.set(known, value);
        }
        double[] moved = x.clone();
        moved[k] = value;
        return c.setContinuousStates(moved);
    }
}
