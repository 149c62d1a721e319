package org.btfmu.checker;

import com.sun.jna.Pointer;
import java.util.Arrays;
import java.util.List;
import org.btfmu.checker.Description3.Variable;

/**
 * One instance of an FMI 3.0 FMU under test, the counterpart of {@link Component}: every call
 * that does not return fmi3OK becomes a finding naming the function, the context (which run,
 * which mode) and the FMU's own last message: fmi3Warning a note, anything else an error.
 */
final class Instance3 implements AutoCloseable, ModelExchangeInstance {

    /** Cells behind a Model Exchange array, and the NaN (with a payload no arithmetic makes) they hold. */
    private static final int GUARD_CELLS = 8;
    private static final long UNWRITTEN_BITS = 0x7ff8_dead_beef_0001L;

    private final NativeFmu3 fmu;
    private final Pointer instance;
    private final Description3 d;
    private final String context;
    private final List<Finding> findings;
    private String mode;
    /** While true, a refused call is kept in {@link #refusal} instead of becoming a finding. */
    private boolean quiet;
    private String refusal;
    private boolean refusalExplained;

    private Instance3(NativeFmu3 fmu, Pointer instance, Description3 d, String context, List<Finding> findings) {
        this.fmu = fmu;
        this.instance = instance;
        this.d = d;
        this.context = context;
        this.findings = findings;
    }

    /** fmi3InstantiateCoSimulation; null (after a finding) when the FMU refuses. */
    static Instance3 coSimulation(NativeFmu3 fmu, Description3 d, String resourcePath, boolean eventModeUsed,
            boolean earlyReturnAllowed, String context, List<Finding> findings) {
        int logged = fmu.messages().size();
        Pointer p = fmu.instantiateCoSimulation("bt-fmu-check", d.instantiationToken, resourcePath, eventModeUsed,
                earlyReturnAllowed);
        return created(fmu, p, d, "fmi3InstantiateCoSimulation", logged, context, findings);
    }

    /** fmi3InstantiateModelExchange; null (after a finding) when the FMU refuses. */
    static Instance3 modelExchange(NativeFmu3 fmu, Description3 d, String resourcePath, String context,
            List<Finding> findings) {
        int logged = fmu.messages().size();
        Pointer p = fmu.instantiateModelExchange("bt-fmu-check", d.instantiationToken, resourcePath);
        return created(fmu, p, d, "fmi3InstantiateModelExchange", logged, context, findings);
    }

    private static Instance3 created(NativeFmu3 fmu, Pointer p, Description3 d, String function, int logged,
            String context, List<Finding> findings) {
        if (p == null) {
            findings.add(Finding.error(context, function + " returned NULL with the instantiationToken of the"
                    + " model description" + lastMessage(fmu, logged)));
            return null;
        }
        return new Instance3(fmu, p, d, context, findings);
    }

    /** The number of values of the variable (see {@link Description3#size}). */
    int size(Variable v) {
        return d.size(v);
    }

    /** Names the state the next calls are made in (findings say "context, mode"). */
    @Override
    public void mode(String newMode) {
        mode = newMode;
    }

    @Override
    public String where() {
        return mode == null ? context : context + ", " + mode;
    }

    /** While on, a call that fails is no finding but kept for the caller to judge ({@link #refusal}). */
    void quiet(boolean on) {
        quiet = on;
        refusal = null;
        refusalExplained = false;
    }

    /** The failed call since {@link #quiet} was turned on ("function returned status (the FMU logged: ...)"), or null. */
    String refusal() {
        return refusal;
    }

    /**
     * Whether that refusal is one a value may earn: fmi3Discard, or a logged message naming a NaN
     * or infinite result (1 / (x - 1) at x = 1), as {@link Component} judges FMI 2.0 refusals.
     */
    boolean refusalExplained() {
        return refusalExplained;
    }

    private boolean check(int status, String function, int logged) {
        if (status == NativeFmu3.OK) {
            return true;
        }
        String text = function + " returned " + NativeFmu3.statusName(status) + lastMessage(fmu, logged);
        if (quiet && status != NativeFmu3.WARNING) {
            if (refusal == null) {
                refusal = text;
                refusalExplained = status == NativeFmu3.DISCARD || fmu.messages().subList(logged,
                        fmu.messages().size()).stream().anyMatch(m -> Component.NON_FINITE.matcher(m.text()).find());
            }
            return false;
        }
        findings.add(status == NativeFmu3.WARNING ? Finding.note(where(), text) : Finding.error(where(), text));
        return status == NativeFmu3.WARNING;
    }

    /** The last message the FMU logged with a status other than OK since {@code logged}, as a suffix. */
    static String lastMessage(NativeFmu3 fmu, int logged) {
        List<NativeFmu3.Message> messages = fmu.messages();
        for (int i = messages.size() - 1; i >= logged; i--) {
            if (messages.get(i).status() != NativeFmu3.OK) {
                return " (the FMU logged: " + messages.get(i).text() + ")";
            }
        }
        return "";
    }

    int logged() {
        return fmu.messages().size();
    }

    private int lastStatus() {
        List<NativeFmu3.Call> calls = fmu.calls();
        return calls.get(calls.size() - 1).status();
    }

    boolean enterInitializationMode(double startTime) {
        int logged = logged();
        return check(fmu.enterInitializationMode(instance, startTime), "fmi3EnterInitializationMode(startTime = "
                + startTime + ")", logged);
    }

    boolean exitInitializationMode() {
        int logged = logged();
        return check(fmu.exitInitializationMode(instance), "fmi3ExitInitializationMode", logged);
    }

    @Override
    public boolean enterEventMode() {
        int logged = logged();
        return check(fmu.enterEventMode(instance), "fmi3EnterEventMode", logged);
    }

    boolean enterStepMode() {
        int logged = logged();
        return check(fmu.enterStepMode(instance), "fmi3EnterStepMode", logged);
    }

    @Override
    public boolean enterContinuousTimeMode() {
        int logged = logged();
        return check(fmu.enterContinuousTimeMode(instance), "fmi3EnterContinuousTimeMode", logged);
    }

    @Override
    public boolean terminate() {
        int logged = logged();
        return check(fmu.terminate(instance), "fmi3Terminate", logged);
    }

    @Override
    public boolean setTime(double time) {
        int logged = logged();
        return check(fmu.setTime(instance, time), "fmi3SetTime(" + time + ")", logged);
    }

    /** fmi3DoStep; its results, or null after a finding. */
    NativeFmu3.StepResult doStep(double t, double h) {
        int logged = logged();
        NativeFmu3.StepResult[] result = new NativeFmu3.StepResult[1];
        return check(fmu.doStep(instance, t, h, result), "fmi3DoStep(" + t + ", " + h + ")", logged)
                ? result[0] : null;
    }

    /** fmi3UpdateDiscreteStates; its results, or null after a finding. */
    NativeFmu3.Update updateDiscreteStates() {
        int logged = logged();
        NativeFmu3.Update[] result = new NativeFmu3.Update[1];
        return check(fmu.updateDiscreteStates(instance, result), "fmi3UpdateDiscreteStates", logged)
                ? result[0] : null;
    }

    /** fmi3CompletedIntegratorStep; {enterEventMode, terminateSimulation}, or null after a finding. */
    @Override
    public boolean[] completedIntegratorStep() {
        int logged = logged();
        boolean[] flags = new boolean[2];
        return check(fmu.completedIntegratorStep(instance, flags), "fmi3CompletedIntegratorStep", logged)
                ? flags : null;
    }

    /**
     * Arrays of length 0 are not passed: an importer has nothing to exchange then, and the
     * Reference FMUs without states answer these calls with fmi3Error.
     */
    @Override
    public boolean setContinuousStates(double[] x) {
        if (x.length == 0) {
            return true;
        }
        int logged = logged();
        return check(fmu.setContinuousStates(instance, x), "fmi3SetContinuousStates(nContinuousStates = "
                + x.length + ")", logged);
    }

    /** fmi3GetNumberOfContinuousStates or fmi3GetNumberOfEventIndicators; -1 after a finding. */
    long getNumber(String function) {
        int logged = logged();
        long n = fmu.getNumber(function, instance);
        if (n < 0) {
            check(lastStatus() == NativeFmu3.OK ? NativeFmu3.ERROR : lastStatus(), function, logged);
        }
        return n;
    }

    /**
     * One of the Model Exchange array getters with the count n, into an array with guard cells
     * behind it: writing past n, or leaving one of the n unwritten, is an error (the FMU's count
     * differs from its model description's {@code declared}). Null after a finding.
     */
    double[] getFloat64s(String function, int n, String declared) {
        if (n == 0) {
            return new double[0]; // see setContinuousStates
        }
        int logged = logged();
        double[] values = new double[n + GUARD_CELLS];
        Arrays.fill(values, Double.longBitsToDouble(UNWRITTEN_BITS));
        if (!check(fmu.getFloat64s(function, instance, values, n), function + "(n = " + n + ")", logged)) {
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
    int forbidden(java.util.function.ToIntBiFunction<NativeFmu3, Pointer> call) {
        return call.applyAsInt(fmu, instance);
    }

    /** The variable's values; null after a finding (or, when quiet, a failed call). */
    List<Object> get(Variable v) {
        int size = d.size(v);
        if (size < 0) {
            findings.add(Finding.error(where(), "the size of " + v.label() + " cannot be read from its <Dimension>"));
            return null;
        }
        int logged = logged();
        List<Object> values = fmu.get(instance, v.apiType(), v.valueReference(), size);
        if (values == null) {
            check(lastStatus(), "fmi3Get" + v.apiType() + "(" + v.name() + ")", logged);
        }
        return values;
    }

    boolean set(Variable v, List<Object> values) {
        int logged = logged();
        return check(fmu.set(instance, v.apiType(), v.valueReference(), values),
                "fmi3Set" + v.apiType() + "(" + v.name() + " = " + (values.size() == 1 ? values.get(0) : values)
                        + ")", logged);
    }

    /** fmi3GetFMUState; null after a finding. */
    @Override
    public Pointer getState() {
        int logged = logged();
        Pointer state = fmu.getState(instance);
        if (state == null) {
            check(lastStatus() == NativeFmu3.OK ? NativeFmu3.ERROR : lastStatus(), "fmi3GetFMUState (no state)",
                    logged);
        }
        return state;
    }

    @Override
    public boolean setState(Pointer state) {
        int logged = logged();
        return check(fmu.setState(instance, state), "fmi3SetFMUState", logged);
    }

    @Override
    public boolean freeState(Pointer state) {
        int logged = logged();
        return check(fmu.freeState(instance, state), "fmi3FreeFMUState", logged);
    }

    /** A serialized and deserialized copy of the state; null after a finding. */
    @Override
    public Pointer roundTrip(Pointer state) {
        int logged = logged();
        Pointer copy = fmu.roundTrip(instance, state);
        if (copy == null) {
            List<NativeFmu3.Call> calls = fmu.calls();
            int status = lastStatus();
            check(status == NativeFmu3.OK ? NativeFmu3.ERROR : status, calls.get(calls.size() - 1).function(),
                    logged);
        }
        return copy;
    }

    @Override
    public void close() {
        fmu.freeInstance(instance);
    }
}
