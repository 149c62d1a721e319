package org.btfmu.checker;

import com.sun.jna.Pointer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.btfmu.checker.Description.Variable;

/**
 * A plain run as a master would make it: instantiate, set up the experiment, enter and
 * exit Initialization Mode, a few steps reading every variable, FMU state round trips
 * when declared (a restored state must step to the same outputs), terminate, free.
 */
final class CallingSequence {

    static final int STEPS = 5;

    private CallingSequence() {
    }

    /** The communication step: the default experiment's, else 0.01 (in the model's time unit). */
    static double stepSize(Description d) {
        return d.stepSize != null && d.stepSize > 0 ? d.stepSize : 0.01;
    }

    static List<Finding> run(NativeFmu fmu, Description d, String resourceLocation) {
        List<Finding> findings = new ArrayList<>();
        String context = "calling sequence";
        Component c = Component.instantiate(fmu, d, resourceLocation, context, findings);
        if (c == null) {
            return findings;
        }
        try (c) {
            if (!(c.setupExperiment(d.startTime) && c.enterInitializationMode())) {
                return findings;
            }
            readAll(c, d, false);
            if (!c.exitInitializationMode()) {
                return findings;
            }
            double h = stepSize(d);
            double t = d.startTime;
            for (int k = 0; k < STEPS; k++) {
                readAll(c, d, true);
                if (!c.doStep(t, h)) {
                    return findings;
                }
                t += h;
            }
            if (d.canGetAndSetFMUstate) {
                checkStates(c, d, t, h, findings);
            }
            c.terminate();
        }
        return findings;
    }

    /** Reads every variable (in Initialization Mode all but the inputs, which are not set yet). */
    static void readAll(Component c, Description d, boolean includeInputs) {
        for (Variable v : d.variables) {
            if (includeInputs || !v.isInput()) {
                c.get(v);
            }
        }
    }

    /** A step from a restored state (directly and through serialization) gives the same outputs. */
    private static void checkStates(Component c, Description d, double t, double h, List<Finding> findings) {
        Pointer state = c.getState();
        if (state == null) {
            return;
        }
        List<Object> expected = stepAndRead(c, d, t, h);
        if (c.setState(state)) {
            compare("fmi2SetFMUstate", expected, stepAndRead(c, d, t, h), d, findings);
        }
        if (d.canSerializeFMUstate) {
            Pointer copy = c.roundTrip(state);
            if (copy != null) {
                if (c.setState(copy)) {
                    compare("fmi2DeSerializeFMUstate", expected, stepAndRead(c, d, t, h), d, findings);
                }
                c.freeState(copy);
            }
        }
        c.freeState(state);
    }

    private static List<Object> stepAndRead(Component c, Description d, double t, double h) {
        List<Object> values = new ArrayList<>();
        if (c.doStep(t, h)) {
            for (Variable v : outputs(d)) {
                values.add(c.get(v));
            }
        }
        return values;
    }

    private static void compare(String how, List<Object> expected, List<Object> actual, Description d,
            List<Finding> findings) {
        List<Variable> outputs = outputs(d);
        for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
            if (!Objects.equals(expected.get(i), actual.get(i))) {
                findings.add(Finding.error("calling sequence", "after " + how + ", a step gives "
                        + outputs.get(i).name() + " = " + actual.get(i) + ", but " + expected.get(i)
                        + " from the state itself"));
            }
        }
    }

    private static List<Variable> outputs(Description d) {
        return d.variables.stream().filter(Variable::isOutput).toList();
    }
}
