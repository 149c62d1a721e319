package org.btfmu.cosim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The FMUs of a Model Exchange run in Continuous-Time Mode, seen as one system at a point
 * (t, x): x holds the continuous states of all FMUs in order. It makes only the FMI calls
 * the asked value needs at that point, and each at most once per point:
 * <ul>
 * <li>derivatives: time and states to the FMUs that have states, time to the FMUs whose
 * outputs feed them, the continuous connections those inputs depend on, then
 * fmi2GetDerivatives of the FMUs with states;</li>
 * <li>event indicators and recorded values: time and states to every FMU, every continuous
 * connection, and fmi2GetEventIndicators of the FMUs that have indicators.</li>
 * </ul>
 * Connections of Integer, Boolean and String variables and of discrete Reals change only at
 * events (FMI 2.0 §3.2.3 allows no other set in Continuous-Time Mode): the master's event
 * exchange copies them. An FMU is not called again for a time or states it has already.
 */
final class ContinuousSystem {

    private final List<ModelExchangeCalls> fmus;
    private final int[] offsets;
    private final int states;
    private final int indicators;
    /** Per FMU: called for derivatives (it has states, or its outputs feed the derivatives' inputs). */
    private final boolean[] feedsDerivatives;
    /** Continuous connections the derivatives depend on, then the other continuous ones. */
    private final Exchange derivativeInputs;
    private final Exchange otherInputs;
    private final double[] z;
    private double time = Double.NaN;
    private final double[] x;
    /** What has been done at the current point. */
    private boolean derivativeInputsCopied;
    private boolean allInputsCopied;
    private boolean indicatorsRead;
    private long evaluations;

    ContinuousSystem(List<ModelExchangeCalls> fmus, List<Connection> connections) {
        this.fmus = fmus;
        this.offsets = new int[fmus.size()];
        int n = 0;
        int k = 0;
        for (int f = 0; f < fmus.size(); f++) {
            offsets[f] = n;
            n += fmus.get(f).states();
            k += fmus.get(f).indicators();
        }
        this.states = n;
        this.indicators = k;
        this.x = new double[n];
        this.z = new double[k];
        List<Connection> continuous = connections.stream().filter(ContinuousSystem::continuous).toList();
        List<Connection> forDerivatives = forDerivatives(continuous);
        List<Connection> others = new ArrayList<>(continuous);
        others.removeAll(forDerivatives);
        List<FmuInstance> instances = fmus.stream().map(ModelExchangeCalls::fmu).toList();
        this.derivativeInputs = new Exchange(instances, forDerivatives, ModelStructure.Mode.STEP);
        this.otherInputs = new Exchange(instances, others, ModelStructure.Mode.STEP);
        this.feedsDerivatives = new boolean[fmus.size()];
        for (int f = 0; f < fmus.size(); f++) {
            FmuInstance fmu = instances.get(f);
            feedsDerivatives[f] = fmus.get(f).states() > 0
                    || forDerivatives.stream().anyMatch(c -> c.from().fmu() == fmu);
        }
    }

    /** A Real connection whose source may change between events. */
    private static boolean continuous(Connection c) {
        String variability = c.from().variable().variability();
        return c.from().variable().type() == VariableType.REAL
                && (variability == null || variability.equals("continuous"));
    }

    /**
     * The connections into FMUs with states, and those into FMUs whose outputs feed such a
     * connection and depend on that input at once (declared feedthrough), until none is added.
     */
    private List<Connection> forDerivatives(List<Connection> continuous) {
        List<Connection> needed = new ArrayList<>();
        for (Connection c : continuous) {
            if (hasStates(c.to().fmu())) {
                needed.add(c);
            }
        }
        for (boolean added = true; added;) {
            added = false;
            for (Connection c : continuous) {
                if (!needed.contains(c) && needed.stream().anyMatch(d -> d.from().fmu() == c.to().fmu()
                        && d.from().fmu().structure().inputsOf(d.from().variable().name(), ModelStructure.Mode.STEP)
                                .contains(c.to().variable().name()))) {
                    needed.add(c);
                    added = true;
                }
            }
        }
        return continuous.stream().filter(needed::contains).toList(); // in the given order
    }

    private boolean hasStates(FmuInstance fmu) {
        return fmus.stream().anyMatch(f -> f.fmu() == fmu && f.states() > 0);
    }

    int states() {
        return states;
    }

    int indicators() {
        return indicators;
    }

    /** The points (time and states) at which values were asked for so far. */
    long evaluations() {
        return evaluations;
    }

    /** The point later calls refer to; nothing is called yet. */
    void at(double t, double[] y) {
        if (t == time && Arrays.equals(x, 0, states, y, 0, states)) {
            return;
        }
        time = t;
        System.arraycopy(y, 0, x, 0, states);
        derivativeInputsCopied = false;
        allInputsCopied = false;
        indicatorsRead = false;
        evaluations++;
    }

    /**
     * After an event: the FMUs' states may have changed and the event exchange wrote inputs,
     * so the next point is evaluated afresh and every continuous input written again.
     */
    void afterEvent() {
        time = Double.NaN;
        derivativeInputs.forget();
        otherInputs.forget();
    }

    /** The derivatives at the current point, in a new array (the integrator keeps it). */
    double[] derivatives() {
        if (!derivativeInputsCopied) {
            for (int f = 0; f < fmus.size(); f++) {
                if (feedsDerivatives[f]) {
                    enter(f);
                }
            }
            derivativeInputs.run();
            derivativeInputsCopied = true;
        }
        double[] dx = new double[Math.max(1, states)];
        for (int f = 0; f < fmus.size(); f++) {
            fmus.get(f).getDerivatives(dx, offsets[f]);
        }
        return dx;
    }

    /** Every FMU at the current point with every continuous input: outputs may be read now. */
    void settle() {
        if (allInputsCopied) {
            return;
        }
        for (int f = 0; f < fmus.size(); f++) {
            enter(f);
        }
        if (!derivativeInputsCopied) {
            derivativeInputs.run();
            derivativeInputsCopied = true;
        }
        otherInputs.run();
        allInputsCopied = true;
    }

    /** Event indicator {@code index} (over all FMUs in order) at the current point. */
    double indicator(int index) {
        if (!indicatorsRead) {
            settle();
            for (int f = 0, n = 0; f < fmus.size(); n += fmus.get(f).indicators(), f++) {
                fmus.get(f).getEventIndicators(z, n);
            }
            indicatorsRead = true;
        }
        return z[index];
    }

    private void enter(int f) {
        ModelExchangeCalls fmu = fmus.get(f);
        fmu.setTime(time);
        fmu.setContinuousStates(x, offsets[f]);
    }
}
