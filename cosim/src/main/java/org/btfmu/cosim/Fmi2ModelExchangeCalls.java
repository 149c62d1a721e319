package org.btfmu.cosim;

import com.sun.jna.Function;
import com.sun.jna.Memory;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import java.lang.reflect.Field;
import java.util.Arrays;
import org.javafmi.modeldescription.v2.ModelDescription;
import org.javafmi.proxy.v2.Fmu;

/**
 * The FMI 2.0 Model Exchange functions of one instance. javafmi 2.24's FMI 2.0 proxy
 * instantiates with any fmuType and calls the common functions, but has no method for the
 * Model Exchange ones; these are called through JNA on the same loaded library with the
 * proxy's component (read from its private field: javafmi offers no accessor). Every
 * failing call becomes a {@link CoSimulationException} through {@link FmuInstance#check}.
 * When the instance uses the direct binding, the calls made at every integrator step go
 * through {@link DirectModelExchangeCalls} instead (our JNI library, else JNA's direct mapping:
 * {@link FmiCallBindings}; about a JNI call each rather than microseconds).
 */
final class Fmi2ModelExchangeCalls implements ModelExchangeCalls {

    private final FmuInstance fmu;
    private final NativeLibrary library;
    private final Pointer component;
    private final int states;
    private final int indicators;
    private final Memory eventInfo = new Memory(32);
    private final Memory flags = new Memory(8);
    private final Memory stateBuffer;
    private final Memory indicatorBuffer;
    /** With a direct instance: the per-integrator-step calls through JNA's direct mapping, else null. */
    private final DirectModelExchangeCalls direct;
    /** fmi2CompletedIntegratorStep is called only when the FMU does not declare it unneeded. */
    private final boolean completedStepNeeded;
    /** The time and states last given to the FMU (NaN: unknown, set again), to skip repeating them. */
    private double timeSet = Double.NaN;
    private final double[] statesSet;
    private boolean statesKnown;

    Fmi2ModelExchangeCalls(FmuInstance fmu) {
        this.fmu = fmu;
        ModelDescription md = fmu.description();
        this.library = NativeLibrary.getInstance(fmu.file().getLibraryPath());
        this.component = component(fmu.proxy());
        this.states = md.getModelStructure() == null || md.getModelStructure().getDerivatives() == null ? 0
                : md.getModelStructure().getDerivatives().size();
        this.indicators = md.getNumberOfEventIndicators();
        this.stateBuffer = new Memory(8L * Math.max(1, states));
        this.indicatorBuffer = new Memory(8L * Math.max(1, indicators));
        this.direct = fmu.direct() ? new DirectModelExchangeCalls(FmiCallBindings.fmi2ModelExchange(library),
                Pointer.nativeValue(component), DirectModelExchangeCalls.FMI2, this::check, states, indicators) : null;
        this.completedStepNeeded = md.getModelExchange() == null
                || !md.getModelExchange().isCompletedIntegratorStepNotNeeded();
        this.statesSet = new double[states];
    }

    private static Pointer component(Fmu proxy) {
        try {
            Field field = Fmu.class.getDeclaredField("component");
            field.setAccessible(true);
            return (Pointer) field.get(proxy);
        } catch (ReflectiveOperationException e) {
            throw new CoSimulationException("this javafmi version hides the FMU instance differently: " + e, e);
        }
    }

    @Override
    public FmuInstance fmu() {
        return fmu;
    }

    @Override
    public int states() {
        return states;
    }

    @Override
    public int indicators() {
        return indicators;
    }

    private void call(String function, Object... arguments) {
        Object[] all = new Object[arguments.length + 1];
        all[0] = component;
        System.arraycopy(arguments, 0, all, 1, arguments.length);
        Function f = library.getFunction(function);
        fmu.check(f.invokeInt(all), function, null);
    }

    private void check(int status, String function) {
        fmu.check(status, function, null);
    }

    /** fmi2SetTime, unless the FMU has this time already. */
    @Override
    public void setTime(double time) {
        if (time == timeSet) {
            return;
        }
        timeSet = time;
        if (direct != null) {
            direct.setTime(time);
        } else {
            call("fmi2SetTime", time);
        }
        fmu.moveTo(time);
    }

    @Override
    public boolean completedStepNeeded() {
        return completedStepNeeded;
    }

    /** Event Mode; the FMU may change its states there, so the next setContinuousStates is made. */
    @Override
    public void enterEventMode() {
        statesKnown = false;
        call("fmi2EnterEventMode");
    }

    @Override
    public EventInfo newDiscreteStates() {
        eventInfo.clear();
        call("fmi2NewDiscreteStates", eventInfo);
        return new EventInfo(eventInfo.getInt(0) != 0, eventInfo.getInt(4) != 0, eventInfo.getInt(12) != 0,
                eventInfo.getInt(16) != 0 ? eventInfo.getDouble(24) : Double.POSITIVE_INFINITY);
    }

    @Override
    public void enterContinuousTimeMode() {
        call("fmi2EnterContinuousTimeMode");
    }

    /** fmi2CompletedIntegratorStep: whether the FMU asks for an event (a step event) or for the end. */
    @Override
    public StepEnd completedIntegratorStep() {
        if (direct != null) {
            return direct.completedIntegratorStep();
        }
        flags.clear();
        call("fmi2CompletedIntegratorStep", 1, flags, flags.share(4));
        return StepEnd.of(flags.getInt(0) != 0, flags.getInt(4) != 0);
    }

    /** Writes the states into {@code into} from {@code offset}. */
    @Override
    public void getContinuousStates(double[] into, int offset) {
        if (direct != null) {
            direct.getContinuousStates(into, offset);
        } else {
            call("fmi2GetContinuousStates", stateBuffer, (long) states);
            stateBuffer.read(0, into, offset, states);
        }
        System.arraycopy(into, offset, statesSet, 0, states);
        statesKnown = true;
    }

    /** fmi2SetContinuousStates with {@code from[offset..]}, unless the FMU has these states already. */
    @Override
    public void setContinuousStates(double[] from, int offset) {
        if (states == 0 || statesKnown && Arrays.equals(statesSet, 0, states, from, offset, offset + states)) {
            return;
        }
        System.arraycopy(from, offset, statesSet, 0, states);
        statesKnown = true;
        if (direct != null) {
            direct.setContinuousStates(from, offset);
        } else {
            stateBuffer.write(0, from, offset, states);
            call("fmi2SetContinuousStates", stateBuffer, (long) states);
        }
    }

    @Override
    public void getDerivatives(double[] into, int offset) {
        if (states > 0 && direct != null) {
            direct.getDerivatives(into, offset);
        } else if (states > 0) {
            call("fmi2GetDerivatives", stateBuffer, (long) states);
            stateBuffer.read(0, into, offset, states);
        }
    }

    @Override
    public void getEventIndicators(double[] into, int offset) {
        if (indicators > 0 && direct != null) {
            direct.getEventIndicators(into, offset);
        } else if (indicators > 0) {
            call("fmi2GetEventIndicators", indicatorBuffer, (long) indicators);
            indicatorBuffer.read(0, into, offset, indicators);
        }
    }
}
