package org.btfmu.checker;

import com.sun.jna.Pointer;
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
 * The empirical dependency check. In Initialization Mode (knowns: the inputs and the
 * {@code initial="exact"} parameters; unknowns: {@code <InitialUnknowns>}) and in Step
 * Mode after fmi2ExitInitializationMode and one step (knowns: the inputs and the tunable
 * parameters; unknowns: {@code <Outputs>}), each known is set alone to a few other values
 * and every unknown is read without a step, judged by {@link DeclaredDependencies}. Between knowns the
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
                Effect effect = perturb(start, mode, known, unknowns);
                if (start.failed) {
                    return; // no fresh start: the finding says why
                }
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

    /**
     * Sets the known to each alternative value, on a fresh start; null after a failed call (a
     * finding). A value the FMU refuses because some result is not finite (1 / (x - 1) at
     * x = 1) says nothing about dependencies: it is skipped with a note, and the remaining
     * values are tried from a fresh start (the FMU's state after fmi2Error is undefined).
     */
    private Effect perturb(Start start, String mode, Variable known, List<Variable> unknowns) {
        Component c = start.fresh();
        if (c == null) {
            return null; // the finding says why
        }
        List<Object> baseline = DeclaredDependencies.read(c, unknowns);
        Object original = c.get(known);
        if (baseline == null || original == null) {
            start.done(c, true);
            return null;
        }
        Map<Variable, String> changed = new LinkedHashMap<>();
        List<Object> tried = new ArrayList<>();
        for (Object value : Perturbation.alternatives(known, original, d)) {
            if (c == null) {
                c = start.fresh();
                if (c == null) {
                    return null;
                }
            }
            c.probing(true);
            List<Object> now = c.set(known, value) ? DeclaredDependencies.read(c, unknowns) : null;
            String refusal = c.refusal();
            c.probing(false);
            if (now == null) {
                start.done(c, true);
                if (refusal == null) {
                    return null;
                }
                findings.add(Finding.note(mode + ", " + known.name(), "skipped the value " + value + " for "
                        + known.name() + ": the FMU refused it as not finite (" + refusal + ")"));
                c = null;
                continue;
            }
            tried.add(value);
            DeclaredDependencies.compare(unknowns, baseline, now, known, original, value, changed);
        }
        if (c != null) {
            start.done(c, false);
        }
        return new Effect(changed, tried);
    }

    /** Judges the effects against {@code <InitialUnknowns>} or {@code <Outputs>}. */
    private void judge(String mode, List<Unknown> unknownList, Map<Variable, Effect> effects) {
        Map<String, Set<String>> missing = new TreeMap<>();
        unobserved.put(mode, missing);
        DeclaredDependencies.judge(mode, mode.equals(STEP) ? "<Outputs>" : "<InitialUnknowns>", unknownList, effects,
                d, findings, missing);
    }

    /** Fresh starting points for one mode: new instances, or a saved state in Step Mode. */
    private final class Start implements AutoCloseable {
        private final String mode;
        private Component kept;
        private Pointer state;
        /** A fresh start could not be made (a finding says why). */
        boolean failed;

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
                failed = c == null;
                return c;
            }
            if (!(c.exitInitializationMode() && c.doStep(d.startTime, CallingSequence.stepSize(d)))) {
                c.close();
                failed = true;
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
