package org.btfmu.checker;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.btfmu.checker.Description3.Variable;

/**
 * An FMI 3.0 Model Exchange run as a simple integrator would make it (FMI 3.0 §3.2): instantiate,
 * Initialization Mode, then {@link ModelExchangeRun} (the event iteration, Continuous-Time Mode
 * with the sizes the model description declares, which fmi3GetNumberOfContinuousStates and
 * fmi3GetNumberOfEventIndicators must confirm, explicit Euler steps, FMU state round trips when
 * declared), free.
 */
final class ModelExchange3Sequence extends ModelExchangeRun {

    static final String STATE_COUNT = "<ContinuousStateDerivative>";
    static final String INDICATOR_COUNT = "<EventIndicator>";
    private static final Functions FMI3 = new Functions("fmi3UpdateDiscreteStates",
            "fmi3GetNominalsOfContinuousStates", "fmi3GetContinuousStates", "fmi3GetContinuousStateDerivatives",
            "fmi3GetEventIndicators", "fmi3CompletedIntegratorStep", "fmi3SetFMUState", "fmi3DeserializeFMUState",
            STATE_COUNT, INDICATOR_COUNT);

    private final Instance3 c;
    private final Description3 d;
    private final int nx;
    private final int nz;

    private ModelExchange3Sequence(Instance3 c, Description3 d, List<Finding> findings) {
        super(c, FMI3, findings, d.count(d.derivatives), d.count(d.eventIndicators),
                CoSimulation3Sequence.startTime(d), CoSimulation3Sequence.stepSize(d));
        this.c = c;
        this.d = d;
        this.nx = d.count(d.derivatives);
        this.nz = d.count(d.eventIndicators);
    }

    static List<Finding> run(NativeFmu3 fmu, Description3 d, String resourcePath) {
        List<Finding> findings = new ArrayList<>();
        if (d.count(d.derivatives) < 0 || d.count(d.eventIndicators) < 0) {
            findings.add(Finding.error(CONTEXT, "skipped: the sizes of " + STATE_COUNT + " or " + INDICATOR_COUNT
                    + " cannot be read from the model description"));
            return findings;
        }
        Instance3 c = Instance3.modelExchange(fmu, d, resourcePath, CONTEXT, findings);
        if (c != null) {
            try (c) {
                new ModelExchange3Sequence(c, d, findings).run();
            }
        }
        return findings;
    }

    /**
     * A new instance in Continuous-Time Mode with {@code startValues} set in Initialization Mode;
     * null after a finding (or a note when the FMU asks to terminate first).
     */
    static Instance3 reachContinuousTime(NativeFmu3 fmu, Description3 d, String resourcePath, String context,
            Map<Variable, List<Object>> startValues, List<Finding> findings) {
        Instance3 c = Instance3.modelExchange(fmu, d, resourcePath, context, findings);
        if (c == null) {
            return null;
        }
        c.mode("Instantiated");
        boolean reached = c.enterInitializationMode(CoSimulation3Sequence.startTime(d));
        c.mode(INITIALIZATION);
        for (Map.Entry<Variable, List<Object>> e : startValues.entrySet()) {
            reached = reached && c.set(e.getKey(), e.getValue());
        }
        reached = reached && c.exitInitializationMode();
        c.mode(EVENT);
        NativeFmu3.Update u = reached ? CoSimulation3Sequence.settle(c, findings) : null;
        if (u != null && u.terminateSimulation()) {
            findings.add(Finding.note(c.where(), "fmi3UpdateDiscreteStates set terminateSimulation at the start, so "
                    + context + " could not reach " + CONTINUOUS_TIME));
        }
        reached = u != null && !u.terminateSimulation() && c.enterContinuousTimeMode();
        c.mode(CONTINUOUS_TIME);
        if (!reached) {
            c.close();
            return null;
        }
        return c;
    }

    private void run() {
        c.mode("Instantiated");
        if (!c.enterInitializationMode(CoSimulation3Sequence.startTime(d))) {
            return;
        }
        c.mode(INITIALIZATION);
        CoSimulation3Sequence.readAll(c, d, false);
        if (!c.exitInitializationMode()) {
            return;
        }
        c.mode(EVENT);
        fromEventMode(d.modelExchange.flag("canGetAndSetFMUState"), d.modelExchange.flag("canSerializeFMUState"));
    }

    @Override
    Settled settleHere() {
        NativeFmu3.Update u = CoSimulation3Sequence.settle(c, findings);
        return u == null ? null : new Settled(u.terminateSimulation(), u.nextEventTime());
    }

    /** The counts the FMU reports are those the model description declares. */
    @Override
    boolean confirmSizes() {
        return count("fmi3GetNumberOfContinuousStates", nx, STATE_COUNT)
                && count("fmi3GetNumberOfEventIndicators", nz, INDICATOR_COUNT);
    }

    private boolean count(String function, int declared, String list) {
        long n = c.getNumber(function);
        if (n >= 0 && n != declared) {
            findings.add(Finding.error(c.where(), function + " gave " + n + ", but " + list + " declares "
                    + declared));
        }
        return n == declared;
    }

    @Override
    double[] floats(String function, int n, String declared) {
        return c.getFloat64s(function, n, declared);
    }

    @Override
    boolean readOutputs(Map<String, Object> values) {
        for (Variable v : d.variables) {
            if (v.isOutput() && !v.type().equals("Clock")) {
                List<Object> value = c.get(v);
                if (value == null) {
                    return false;
                }
                values.put(v.name(), value);
            }
        }
        return true;
    }
}
