package org.btfmu.checker;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.btfmu.checker.Description.Variable;
import org.btfmu.checker.NativeFmu.EventInfo;

/**
 * A Model Exchange run as a simple integrator would make it (FMI 2.0 §3.2.3): instantiate
 * as fmi2ModelExchange, set up, Initialization Mode, then {@link ModelExchangeRun} (the event
 * iteration, Continuous-Time Mode, explicit Euler steps, FMU state round trips when
 * {@code <ModelExchange>} declares them), free.
 */
final class ModelExchangeSequence extends ModelExchangeRun {

    static final String INSTANTIATED = "instantiated";
    /** fmi2NewDiscreteStates calls at one instant before the iteration counts as not settling. */
    static final int MAX_EVENT_ITERATIONS = 100;
    /** What declares the array sizes, for the findings. */
    static final String STATE_COUNT = "<Derivatives>";
    static final String INDICATOR_COUNT = "numberOfEventIndicators";
    private static final Functions FMI2 = new Functions("fmi2NewDiscreteStates",
            "fmi2GetNominalsOfContinuousStates", "fmi2GetContinuousStates", "fmi2GetDerivatives",
            "fmi2GetEventIndicators", "fmi2CompletedIntegratorStep", "fmi2SetFMUstate", "fmi2DeSerializeFMUstate",
            STATE_COUNT, INDICATOR_COUNT);

    private final Component c;
    private final Description d;

    private ModelExchangeSequence(Component c, Description d, List<Finding> findings) {
        super(c, FMI2, findings, d.derivatives.size(), d.numberOfEventIndicators, d.startTime,
                CallingSequence.stepSize(d));
        this.c = c;
        this.d = d;
    }

    static List<Finding> run(NativeFmu fmu, Description d, String resourceLocation) {
        List<Finding> findings = new ArrayList<>();
        Component c = Component.instantiate(fmu, NativeFmu.MODEL_EXCHANGE, d, resourceLocation, CONTEXT, findings);
        if (c == null) {
            return findings;
        }
        try (c) {
            new ModelExchangeSequence(c, d, findings).run();
        }
        return findings;
    }

    /**
     * A new instance brought into {@code mode} (Initialization, Event or Continuous-Time Mode),
     * with {@code startValues} set in Initialization Mode; null after a finding (or a note when
     * the FMU asks to terminate before Continuous-Time Mode).
     */
    static Component reach(String mode, NativeFmu fmu, Description d, String resourceLocation, String context,
            Map<Variable, Object> startValues, List<Finding> findings) {
        Component c = Component.instantiate(fmu, NativeFmu.MODEL_EXCHANGE, d, resourceLocation, context, findings);
        if (c == null) {
            return null;
        }
        c.mode(INSTANTIATED);
        boolean reached = c.setupExperiment(d.startTime) && c.enterInitializationMode();
        c.mode(INITIALIZATION);
        for (Map.Entry<Variable, Object> e : startValues.entrySet()) {
            reached = reached && c.set(e.getKey(), e.getValue());
        }
        if (reached && !mode.equals(INITIALIZATION)) {
            reached = c.exitInitializationMode();
            c.mode(EVENT);
            if (reached && mode.equals(CONTINUOUS_TIME)) {
                EventInfo info = settle(c, findings);
                if (info != null && info.terminateSimulation()) {
                    findings.add(Finding.note(c.where(), "fmi2NewDiscreteStates set terminateSimulation at the"
                            + " start, so " + context + " could not reach " + CONTINUOUS_TIME));
                }
                reached = info != null && !info.terminateSimulation() && c.enterContinuousTimeMode();
                c.mode(CONTINUOUS_TIME);
            }
        }
        if (!reached) {
            c.close();
            return null;
        }
        return c;
    }

    private void run() {
        c.mode(INSTANTIATED);
        if (!(c.setupExperiment(d.startTime) && c.enterInitializationMode())) {
            return;
        }
        c.mode(INITIALIZATION);
        CallingSequence.readAll(c, d, false);
        if (!c.exitInitializationMode()) {
            return;
        }
        c.mode(EVENT);
        fromEventMode(d.meCanGetAndSetFMUstate, d.meCanSerializeFMUstate);
    }

    @Override
    Settled settleHere() {
        EventInfo info = settle(c, findings);
        return info == null ? null : new Settled(info.terminateSimulation(), info.nextEventTime());
    }

    /** fmi2NewDiscreteStates until newDiscreteStatesNeeded is false; null after a finding. */
    static EventInfo settle(Component c, List<Finding> findings) {
        for (int i = 0; i < MAX_EVENT_ITERATIONS; i++) {
            EventInfo info = c.newDiscreteStates();
            if (info == null || !info.newDiscreteStatesNeeded() || info.terminateSimulation()) {
                return info;
            }
        }
        findings.add(Finding.error(c.where(), "fmi2NewDiscreteStates still set newDiscreteStatesNeeded after "
                + MAX_EVENT_ITERATIONS + " calls at one instant: the event iteration does not settle"));
        return null;
    }

    @Override
    double[] floats(String function, int n, String declared) {
        return c.getReals(function, n, declared);
    }

    @Override
    boolean readOutputs(Map<String, Object> values) {
        for (Variable v : d.variables) {
            if (v.isOutput()) {
                Object value = c.get(v);
                if (value == null) {
                    return false;
                }
                values.put(v.name(), value);
            }
        }
        return true;
    }

    @Override
    String stateName(int i) {
        return i < d.continuousStates().size() ? d.continuousStates().get(i).name() : null;
    }
}
