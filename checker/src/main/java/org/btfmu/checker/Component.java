package org.btfmu.checker;

import com.sun.jna.Pointer;
import java.util.List;
import org.btfmu.checker.Description.Variable;

/**
 * One instance of the FMU under test. Every call that does not return fmi2OK becomes a
 * finding naming the function, the context (which run, which mode) and the FMU's own
 * last message: fmi2Warning a note, anything else an error.
 */
final class Component implements AutoCloseable {

    private final NativeFmu fmu;
    private final Pointer component;
    private final String context;
    private final List<Finding> findings;

    private Component(NativeFmu fmu, Pointer component, String context, List<Finding> findings) {
        this.fmu = fmu;
        this.component = component;
        this.context = context;
        this.findings = findings;
    }

    /** fmi2Instantiate; null (after a finding) when the FMU refuses. */
    static Component instantiate(NativeFmu fmu, Description d, String resourceLocation, String context,
            List<Finding> findings) {
        int logged = fmu.messages().size();
        Pointer c = fmu.instantiate("bt-fmu-check", d.guid, resourceLocation);
        if (c == null) {
            findings.add(Finding.error(context, "fmi2Instantiate returned NULL" + lastMessage(fmu, logged)));
            return null;
        }
        return new Component(fmu, c, context, findings);
    }

    /** Instantiated, experiment set up at the default start time, in Initialization Mode. */
    static Component initializing(NativeFmu fmu, Description d, String resourceLocation, String context,
            List<Finding> findings) {
        Component c = instantiate(fmu, d, resourceLocation, context, findings);
        if (c != null && !(c.setupExperiment(d.startTime) && c.enterInitializationMode())) {
            c.close();
            return null;
        }
        return c;
    }

    private boolean check(int status, String function, int logged) {
        if (status == NativeFmu.OK) {
            return true;
        }
        String text = function + " returned " + NativeFmu.statusName(status) + lastMessage(fmu, logged);
        findings.add(status == NativeFmu.WARNING ? Finding.note(context, text) : Finding.error(context, text));
        return status == NativeFmu.WARNING;
    }

    private static String lastMessage(NativeFmu fmu, int logged) {
        List<NativeFmu.Message> messages = fmu.messages();
        for (int i = messages.size() - 1; i >= logged; i--) {
            if (messages.get(i).status() != NativeFmu.OK) {
                return " (the FMU logged: " + messages.get(i).text() + ")";
            }
        }
        return "";
    }

    boolean setupExperiment(double start) {
        int logged = fmu.messages().size();
        return check(fmu.setupExperiment(component, start), "fmi2SetupExperiment", logged);
    }

    boolean enterInitializationMode() {
        int logged = fmu.messages().size();
        return check(fmu.enterInitializationMode(component), "fmi2EnterInitializationMode", logged);
    }

    boolean exitInitializationMode() {
        int logged = fmu.messages().size();
        return check(fmu.exitInitializationMode(component), "fmi2ExitInitializationMode", logged);
    }

    boolean doStep(double t, double h) {
        int logged = fmu.messages().size();
        return check(fmu.doStep(component, t, h), "fmi2DoStep(" + t + ", " + h + ")", logged);
    }

    boolean terminate() {
        int logged = fmu.messages().size();
        return check(fmu.terminate(component), "fmi2Terminate", logged);
    }

    /** The variable's value (Double, Integer, Boolean or String); null after a finding. */
    Object get(Variable v) {
        int logged = fmu.messages().size();
        Object value = fmu.get(component, v.baseType(), v.valueReference());
        if (value == null) {
            check(lastStatus(), "fmi2Get" + v.baseType() + "(" + v.name() + ")", logged);
        }
        return value;
    }

    boolean set(Variable v, Object value) {
        int logged = fmu.messages().size();
        return check(fmu.set(component, v.baseType(), v.valueReference(), value),
                "fmi2Set" + v.baseType() + "(" + v.name() + " = " + value + ")", logged);
    }

    /** fmi2GetFMUstate; null after a finding. */
    Pointer getState() {
        int logged = fmu.messages().size();
        Pointer state = fmu.getState(component);
        if (state == null) {
            check(lastStatus() == NativeFmu.OK ? NativeFmu.ERROR : lastStatus(),
                    "fmi2GetFMUstate (no state)", logged);
        }
        return state;
    }

    boolean setState(Pointer state) {
        int logged = fmu.messages().size();
        return check(fmu.setState(component, state), "fmi2SetFMUstate", logged);
    }

    boolean freeState(Pointer state) {
        int logged = fmu.messages().size();
        return check(fmu.freeState(component, state), "fmi2FreeFMUstate", logged);
    }

    /** Serialized and deserialized copy of the state; null after a finding. */
    Pointer roundTrip(Pointer state) {
        int logged = fmu.messages().size();
        Pointer copy = fmu.roundTrip(component, state);
        if (copy == null) {
            List<NativeFmu.Call> calls = fmu.calls();
            check(lastStatus(), calls.get(calls.size() - 1).function(), logged);
        }
        return copy;
    }

    private int lastStatus() {
        List<NativeFmu.Call> calls = fmu.calls();
        return calls.get(calls.size() - 1).status();
    }

    @Override
    public void close() {
        fmu.freeInstance(component);
    }
}
