package org.btfmu.checker;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToIntBiFunction;
import java.util.regex.Pattern;
import org.btfmu.checker.Description.Variable;

/**
 * One instance of the FMU under test. Every call that does not return fmi2OK becomes a
 * finding naming the function, the context (which run, which mode) and the FMU's own
 * last message: fmi2Warning a note, anything else an error.
 */
final class Component implements AutoCloseable, ModelExchangeInstance {

    /** Cells behind a Model Exchange array, and the NaN (with a payload no arithmetic makes) they hold. */
    private static final int GUARD_CELLS = 8;
    private static final long UNWRITTEN_BITS = 0x7ff8_dead_beef_0001L;
    private static final double UNWRITTEN = Double.longBitsToDouble(UNWRITTEN_BITS);

    /** How FMUs name a value that is not finite in their messages: NaN, Inf, Infinity, infinite, non-finite. */
    static final Pattern NON_FINITE = Pattern.compile(
            "(?i)\\bnan\\b|\\binf(inity|inite)?\\b|non-?finite");

    private final NativeFmu fmu;
    private final Pointer component;
    private final String context;
    private final List<Finding> findings;
    /** The state the instance is in, named in findings after the context (Model Exchange only). */
    private String mode;
    private boolean probing;
    private String refusal;

    private Component(NativeFmu fmu, Pointer component, String context, List<Finding> findings) {
        this.fmu = fmu;
        this.component = component;
        this.context = context;
        this.findings = findings;
    }

    /** fmi2Instantiate for Co-Simulation; null (after a finding) when the FMU refuses. */
    static Component instantiate(NativeFmu fmu, Description d, String resourceLocation, String context,
            List<Finding> findings) {
        return instantiate(fmu, NativeFmu.CO_SIMULATION, d, resourceLocation, context, findings);
    }

    /** fmi2Instantiate as the fmi2Type; null (after a finding) when the FMU refuses. */
    static Component instantiate(NativeFmu fmu, int fmuType, Description d, String resourceLocation,
            String context, List<Finding> findings) {
        int logged = fmu.messages().size();
        Pointer c = fmu.instantiate("bt-fmu-check", fmuType, d.guid, resourceLocation);
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

    /** Names the state the next calls are made in (findings say "context, mode"). */
    @Override
    public void mode(String newMode) {
        mode = newMode;
    }

    /** Where a finding about this instance is located: the context and, if named, the mode. */
    @Override
    public String where() {
        return mode == null ? context : context + ", " + mode;
    }

    /**
     * While probing: a call refused (fmi2Discard or fmi2Error) with a logged message about a
     * NaN or infinite value is kept here instead of becoming a finding.
     */
    void probing(boolean on) {
        probing = on;
        refusal = null;
    }

    /** The refusal for a non-finite value since {@link #probing} began ("function returned ...: message"), or null. */
    String refusal() {
        return refusal;
    }

    private boolean check(int status, String function, int logged) {
        if (status == NativeFmu.OK) {
            return true;
        }
        String text = function + " returned " + NativeFmu.statusName(status) + lastMessage(fmu, logged);
        if (probing && (status == NativeFmu.ERROR || status == NativeFmu.DISCARD) && mentionsNonFinite(logged)) {
            refusal = text;
            return false;
        }
        findings.add(status == NativeFmu.WARNING ? Finding.note(where(), text) : Finding.error(where(), text));
        return status == NativeFmu.WARNING;
    }

    private boolean mentionsNonFinite(int logged) {
        List<NativeFmu.Message> messages = fmu.messages();
        for (int i = logged; i < messages.size(); i++) {
            if (NON_FINITE.matcher(messages.get(i).text()).find()) {
                return true;
            }
        }
        return false;
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

    @Override
    public boolean terminate() {
        int logged = fmu.messages().size();
        return check(fmu.terminate(component), "fmi2Terminate", logged);
    }

    @Override
    public boolean setTime(double time) {
        int logged = fmu.messages().size();
        return check(fmu.setTime(component, time), "fmi2SetTime(" + time + ")", logged);
    }

    @Override
    public boolean enterEventMode() {
        int logged = fmu.messages().size();
        return check(fmu.enterEventMode(component), "fmi2EnterEventMode", logged);
    }

    @Override
    public boolean enterContinuousTimeMode() {
        int logged = fmu.messages().size();
        return check(fmu.enterContinuousTimeMode(component), "fmi2EnterContinuousTimeMode", logged);
    }

    /** fmi2NewDiscreteStates; null after a finding. */
    NativeFmu.EventInfo newDiscreteStates() {
        int logged = fmu.messages().size();
        Memory info = new Memory(32);
        info.clear();
        return check(fmu.newDiscreteStates(component, info), "fmi2NewDiscreteStates", logged)
                ? NativeFmu.eventInfo(info) : null;
    }

    /** fmi2CompletedIntegratorStep; {enterEventMode, terminateSimulation}, or null after a finding. */
    @Override
    public boolean[] completedIntegratorStep() {
        int logged = fmu.messages().size();
        boolean[] flags = new boolean[2];
        return check(fmu.completedIntegratorStep(component, flags), "fmi2CompletedIntegratorStep", logged)
                ? flags : null;
    }

    @Override
    public boolean setContinuousStates(double[] x) {
        int logged = fmu.messages().size();
        return check(fmu.setContinuousStates(component, x), "fmi2SetContinuousStates(nx = " + x.length + ")",
                logged);
    }

    /**
     * One of the Model Exchange array getters with the declared count n, into an array with
     * guard cells behind it: writing past n, or leaving one of the n unwritten, is an error
     * (the FMU's count differs from its model description's {@code declared}). Null after a finding.
     */
    double[] getReals(String function, int n, String declared) {
        int logged = fmu.messages().size();
        double[] values = new double[n + GUARD_CELLS];
        Arrays.fill(values, UNWRITTEN);
        if (!check(fmu.getReals(function, component, values, n), function + "(n = " + n + ")", logged)) {
            return null;
        }
        for (int i = 0; i < values.length; i++) {
            boolean written = Double.doubleToRawLongBits(values[i]) != UNWRITTEN_BITS;
            if (written != i < n) {
                findings.add(Finding.error(where(), function + "(n = " + n + ") " + (written
                        ? "wrote element " + i + ", past the " + n + " that " + declared + " declares"
                        : "left element " + i + " of the " + n + " that " + declared + " declares unwritten")));
                return null;
            }
        }
        return Arrays.copyOf(values, n);
    }

    /** Calls a function the state machine forbids here; its status, without a finding. */
    int forbidden(ToIntBiFunction<NativeFmu, Pointer> call) {
        return call.applyAsInt(fmu, component);
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
    @Override
    public Pointer getState() {
        int logged = fmu.messages().size();
        Pointer state = fmu.getState(component);
        if (state == null) {
            check(lastStatus() == NativeFmu.OK ? NativeFmu.ERROR : lastStatus(),
                    "fmi2GetFMUstate (no state)", logged);
        }
        return state;
    }

    @Override
    public boolean setState(Pointer state) {
        int logged = fmu.messages().size();
        return check(fmu.setState(component, state), "fmi2SetFMUstate", logged);
    }

    @Override
    public boolean freeState(Pointer state) {
        int logged = fmu.messages().size();
        return check(fmu.freeState(component, state), "fmi2FreeFMUstate", logged);
    }

    /** Serialized and deserialized copy of the state; null after a finding. */
    @Override
    public Pointer roundTrip(Pointer state) {
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
