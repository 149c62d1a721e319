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

    private final NativeFmu fmu;
    private final Description d;
    private final String resourceLocation;
    private final Map<Variable, Object> startValues;
    private final List<Variable> states;
    private final List<Finding> findings;
    /** The instance in Continuous-Time Mode and its states there; null when it could not be reached. */
    private Component c;
    private double[] x;

    private ModelExchangeProbe(NativeFmu fmu, Description d, String resourceLocation,
            Map<Variable, Object> startValues, List<Variable> states, List<Finding> findings) {
        this.fmu = fmu;
        this.d = d;
        this.resourceLocation = resourceLocation;
        this.startValues = startValues;
        this.states = states;
        this.findings = findings;
    }

    /** A new instance in Continuous-Time Mode, with its states; false after a finding. */
    private boolean reach() {
        c = ModelExchangeSequence.reach(CONTINUOUS_TIME, fmu, d, resourceLocation, CONTEXT, startValues, findings);
        x = c == null ? null
                : c.getReals("fmi2GetContinuousStates", states.size(), ModelExchangeSequence.STATE_COUNT);
        if (c != null && x == null) {
            c.close();
            c = null;
        }
        return c != null;
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
        ModelExchangeProbe probe = new ModelExchangeProbe(fmu, d, resourceLocation, startValues, states, findings);
        if (!probe.reach()) {
            return new Result(findings, seen, missing);
        }
        try {
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
        } finally {
            if (probe.c != null) {
                probe.c.close();
            }
        }
        return new Result(findings, seen, missing);
    }

    private static boolean isContinuousReal(Variable v) {
        return v != null && v.type().equals("Real") && v.variability().equals("continuous");
    }

    /**
     * Sets the known to each alternative value, then back; null after a failed call (a
     * finding). A value refused because a result is not finite is skipped with a note, and
     * the probe goes on with a new instance (the state after fmi2Error is undefined).
     */
    private Effect perturb(Variable known, List<Variable> unknowns) {
        int k = states.indexOf(known);
        List<Object> baseline = DeclaredDependencies.read(c, unknowns);
        Object original = k >= 0 ? (Object) x[k] : c.get(known);
        if (baseline == null || original == null) {
            return null;
        }
        Map<Variable, String> changed = new LinkedHashMap<>();
        List<Object> tried = new ArrayList<>();
        for (Object value : Perturbation.alternatives(known, original, d)) {
            c.probing(true);
            List<Object> now = set(known, k, (Double) value) ? DeclaredDependencies.read(c, unknowns) : null;
            String refusal = c.refusal();
            c.probing(false);
            if (now == null) {
                if (refusal == null) {
                    return null;
                }
                findings.add(Finding.note(PLACE + ", " + known.name(), "skipped the value " + value + " for "
                        + known.name() + ": the FMU refused it as not finite (" + refusal + ")"));
                c.close();
                if (!reach()) {
                    return null;
                }
                continue;
            }
            tried.add(value);
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
