package org.btfmu.cosim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.DoubleConsumer;
import org.hipparchus.exception.MathRuntimeException;
import org.hipparchus.ode.ODEState;
import org.hipparchus.ode.ODEStateAndDerivative;
import org.hipparchus.ode.OrdinaryDifferentialEquation;
import org.hipparchus.ode.nonstiff.DormandPrince54Integrator;
import org.hipparchus.ode.sampling.ODEStateInterpolator;

/**
 * A master for FMI 2.0 Model Exchange FMUs, coupled as one system (FMI 2.0.5 §3.2.4):
 * one Hipparchus integrator (Dormand-Prince 5(4), adaptive) over the continuous states of
 * all FMUs, run from one event to the next; its steps are bounded by the tolerances only.
 * What the FMUs are called for at each point is {@link ContinuousSystem}'s business.
 *
 * <ul>
 * <li>Output points: interpolated within the integrator's steps (dense output); the
 * integrator is never restarted for them.</li>
 * <li>State events: after every accepted step, the event indicators are checked at the
 * output points inside it and at its end (so at least once per output interval); a sign
 * change is located by bisection on the step's interpolation, to within the event
 * threshold, at the first point where an indicator is strictly past zero.</li>
 * <li>Time events: the integration stops at the earliest nextEventTime of any FMU.</li>
 * <li>Step events: fmi2CompletedIntegratorStep after every accepted step, for the FMUs that
 * do not declare it unneeded; an FMU that asks for an event gets it at that step's end.</li>
 * <li>Event iteration: fmi2NewDiscreteStates on every FMU and the exchange of outputs,
 * repeated until no FMU needs another round and no input changed.</li>
 * </ul>
 * The recorded variables are sampled at the start, every output interval and after every
 * event.
 */
public final class ModelExchangeMaster {

    /** Integrator tolerances; event times are located to within {@code eventThreshold} seconds. */
    public record Tolerances(double relative, double absolute, double maxStep, double eventThreshold) {

        /**
         * Relative 1e-8, absolute 1e-10, steps as long as these allow, events within 1e-9 s.
         * Tighter than the 1e-6 that sufficed while steps ended at every output point: a step
         * may now span a kink that no indicator marks (a clamp, sunrise), where the error
         * estimate is poor (BENCHMARKS.md section 7 measures the choice).
         */
        public static Tolerances defaults() {
            return new Tolerances(1e-8, 1e-10, Double.POSITIVE_INFINITY, 1e-9);
        }
    }

    /**
     * What a run did: integrator steps, events by kind, event-iteration rounds, and the
     * points at which the FMUs were evaluated (derivatives or indicators at a new time or
     * state: the work of the run, independent of the machine).
     */
    public record Result(double start, double stop, long steps, long stateEvents, long timeEvents,
            long stepEvents, long eventIterations, List<Double> eventTimes, long evaluations, double wallSeconds) {
    }

    private static final int MAX_EVENT_ITERATIONS = 100;

    private final List<ModelExchangeCalls> fmus = new ArrayList<>();
    private final Exchange initialExchange;
    private final Exchange exchange;
    private final ContinuousSystem system;
    private final Tolerances tolerances;
    private final int states;
    private final int indicators;
    private final double[] nextEventTime;
    /** Per indicator: the side it is on (an exact zero keeps the side it had), once it has had one. */
    private final boolean[] positive;
    private final boolean[] sided;
    private int unsided;
    /** The FMUs that want fmi2CompletedIntegratorStep (the others declare it unneeded). */
    private final List<ModelExchangeCalls> completedStep = new ArrayList<>();
    private boolean terminate;
    private long steps;
    private long stateEvents;
    private long timeEvents;
    private long stepEvents;
    private long eventIterations;
    private final List<Double> eventTimes = new ArrayList<>();
    private double start;
    private double stop;
    private double interval;
    /** The next output point is number k (start + k interval, the last one at stop). */
    private long k;
    private long lastOutput;
    private Sampler sampler;
    private List<SampleListener> listeners;
    private DoubleConsumer progress;

    /**
     * {@code initialExchange} copies in Initialization Mode, {@code exchange} at events
     * (their orders differ); between events only the continuous ones of {@code connections}
     * are copied, where needed (see {@link ContinuousSystem}).
     */
    ModelExchangeMaster(List<FmuInstance> instances, List<Connection> connections, Exchange initialExchange,
            Exchange exchange, Tolerances tolerances) {
        this.initialExchange = initialExchange;
        this.exchange = exchange;
        this.tolerances = tolerances;
        for (FmuInstance fmu : instances) {
            ModelExchangeCalls calls = ModelExchangeCalls.of(fmu);
            fmus.add(calls);
            if (calls.completedStepNeeded()) {
                completedStep.add(calls);
            }
        }
        this.system = new ContinuousSystem(fmus, connections);
        this.states = system.states();
        this.indicators = system.indicators();
        this.nextEventTime = new double[instances.size()];
        this.positive = new boolean[indicators];
        this.sided = new boolean[indicators];
    }

    Result run(double start, double stop, double interval, Sampler sampler, List<SampleListener> listeners,
            DoubleConsumer progress) {
        long wallStart = System.nanoTime();
        this.start = start;
        this.stop = stop;
        this.interval = interval;
        this.sampler = sampler;
        this.listeners = listeners;
        this.progress = progress;
        for (ModelExchangeCalls fmu : fmus) {
            fmu.fmu().enterInitialization(start, stop);
        }
        initialExchange.run();
        for (ModelExchangeCalls fmu : fmus) {
            fmu.fmu().exitInitialization();
            fmu.fmu().moveTo(start);
        }
        eventIteration(start);
        for (ModelExchangeCalls fmu : fmus) {
            fmu.enterContinuousTimeMode();
        }
        sampler.sample(start, listeners);
        double t = start;
        double[] x = readStates();
        DormandPrince54Integrator integrator = new DormandPrince54Integrator(1e-12, tolerances.maxStep(),
                tolerances.absolute(), tolerances.relative());
        integrator.addStepHandler(this::afterStep);
        k = 1;
        lastOutput = outputPoints(start, stop, interval);
        int stuck = 0;
        double lastEvent = Double.NEGATIVE_INFINITY;
        while (t < stop && !terminate) {
            double timeEvent = Arrays.stream(nextEventTime).min().orElse(Double.POSITIVE_INFINITY);
            double target = Math.min(stop, timeEvent);
            boolean stateEvent = false;
            boolean stepEvent = false;
            if (target - t <= rounding(t)) {
                t = Math.max(t, target); // a time event within rounding of the last event: no interval left
            } else {
                ODEStateAndDerivative end;
                try {
                    end = integrate(integrator, t, x, target);
                } catch (Interrupted e) {
                    end = e.state;
                    stateEvent = e.stateEvent;
                    stepEvent = !e.stateEvent;
                }
                t = end.getTime();
                x = Arrays.copyOf(end.getPrimaryState(), states);
            }
            system.at(t, x);
            if (terminate) { // an FMU's completedIntegratorStep asked for the end: the last sample is here
                system.settle();
                sampler.sample(t, listeners);
                break;
            }
            boolean atTimeEvent = t >= timeEvent;
            if (stateEvent || atTimeEvent || stepEvent) {
                // events that follow each other within the event threshold: time does not advance
                stuck = t - lastEvent > tolerances.eventThreshold() ? 0 : stuck + 1;
                if (stuck > MAX_EVENT_ITERATIONS) {
                    throw new CoSimulationException(MAX_EVENT_ITERATIONS + " events in a row at t=" + t
                            + " do not let time advance: an event indicator changes sign again at once after"
                            + " every event, or an FMU asks for an event at the time of the last one");
                }
                lastEvent = t;
                stateEvents += stateEvent ? 1 : 0;
                timeEvents += atTimeEvent ? 1 : 0;
                stepEvents += stepEvent ? 1 : 0;
                eventTimes.add(t);
                system.settle(); // every FMU at the event, with its continuous inputs
                for (ModelExchangeCalls fmu : fmus) {
                    fmu.enterEventMode();
                }
                exchange.forget(); // the continuous inputs were written since its last copy
                eventIteration(t);
                for (ModelExchangeCalls fmu : fmus) {
                    fmu.enterContinuousTimeMode();
                }
                x = readStates();
                system.afterEvent();
                sampler.sample(t, listeners);
                passOutputPointsUpTo(t);
            } else if (outputAt(t)) {
                system.settle();
                sampler.sample(t, listeners);
                passOutputPointsUpTo(t);
            }
        }
        return new Result(start, t, steps, stateEvents, timeEvents, stepEvents, eventIterations,
                List.copyOf(eventTimes), system.evaluations(), (System.nanoTime() - wallStart) / 1e9);
    }

    /** The number of output points after the start: the first k with start + k interval at or past stop. */
    static long outputPoints(double start, double stop, double interval) {
        long last = Math.max(1, (long) Math.ceil((stop - start) / interval));
        while (last > 1 && start + (last - 1) * interval >= stop) {
            last--;
        }
        while (start + last * interval < stop) {
            last++;
        }
        return last;
    }

    /** Output point k (no summed rounding errors; the last one is the stop time). */
    private double outputPoint() {
        return k < lastOutput ? start + k * interval : stop;
    }

    /** True if the next output point is at or before {@code t} (within rounding). */
    private boolean outputAt(double t) {
        return k <= lastOutput && outputPoint() <= t + rounding(t);
    }

    private static double rounding(double t) {
        return 1e-12 * Math.max(1, Math.abs(t));
    }

    /** After a sample at {@code t}: the output points up to {@code t} are done. */
    private void passOutputPointsUpTo(double t) {
        while (outputAt(t)) {
            k++;
        }
        progress.accept((Math.min(t, stop) - start) / (stop - start));
    }

    /**
     * One integration from {@code t} to {@code target}, unless an event ends it before
     * ({@link Interrupted}).
     */
    private ODEStateAndDerivative integrate(DormandPrince54Integrator integrator, double t, double[] x,
            double target) {
        OrdinaryDifferentialEquation ode = new OrdinaryDifferentialEquation() {
            @Override
            public int getDimension() {
                return Math.max(1, states); // Hipparchus needs a state: a constant one when there is none
            }

            @Override
            public double[] computeDerivatives(double time, double[] y) {
                system.at(time, y);
                return system.derivatives();
            }
        };
        sides(t, x, target);
        // no step, not even the first step's trial evaluation, beyond the target: an FMU may
        // refuse a time past its stop time, and a resting state (zero derivatives) makes the
        // initial step estimate huge
        integrator.setStepSizeControl(1e-12, Math.min(tolerances.maxStep(), target - t), tolerances.absolute(),
                tolerances.relative());
        try {
            return integrator.integrate(ode, new ODEState(t, states == 0 ? new double[1] : x), target);
        } catch (MathRuntimeException e) {
            throw new CoSimulationException("the integrator failed between t=" + t + " and t=" + target + ": "
                    + e.getMessage(), e);
        }
    }

    /**
     * After every accepted step: the indicators at each output point inside it (strictly
     * before its end; one at its end is written by {@link #run}, after an event there), which
     * is then sampled, and at its end; then fmi2CompletedIntegratorStep at its end.
     *
     * @throws Interrupted at a state event or a step event
     */
    private void afterStep(ODEStateInterpolator step) {
        steps++;
        ODEStateAndDerivative end = step.getCurrentState();
        double a = step.getPreviousState().getTime();
        while (true) {
            boolean atOutput = k <= lastOutput && outputPoint() < end.getTime() - rounding(end.getTime());
            ODEStateAndDerivative b = atOutput ? step.getInterpolatedState(outputPoint()) : end;
            system.at(b.getTime(), b.getPrimaryState());
            if (crossed()) {
                throw new Interrupted(locate(step, a, b), true);
            }
            if (unsided > 0) {
                takeSides();
            }
            if (!atOutput) {
                break;
            }
            system.settle();
            sampler.sample(b.getTime(), listeners);
            k++;
            progress.accept((b.getTime() - start) / (stop - start));
            a = b.getTime();
        }
        if (!completedStep.isEmpty()) {
            system.at(end.getTime(), end.getPrimaryState());
            system.settle();
            boolean event = false;
            for (ModelExchangeCalls fmu : completedStep) {
                ModelExchangeCalls.StepEnd done = fmu.completedIntegratorStep();
                event |= done.enterEventMode();
                terminate |= done.terminateSimulation();
            }
            if (event || terminate) {
                throw new Interrupted(end, false);
            }
        }
    }

    /** True if an indicator is strictly on the other side of zero than {@link #positive} says, at the current point. */
    private boolean crossed() {
        for (int j = 0; j < indicators; j++) {
            double value = system.indicator(j);
            if (value != 0 && sided[j] && value > 0 != positive[j]) {
                return true;
            }
        }
        return false;
    }

    /**
     * An indicator that has been exactly zero since the run started has no side yet: the first
     * side it leaves zero to is its side, not a crossing (at a check point, with no crossing).
     */
    private void takeSides() {
        for (int j = 0; j < indicators; j++) {
            double value = system.indicator(j);
            if (!sided[j] && value != 0) {
                positive[j] = value > 0;
                sided[j] = true;
                unsided--;
            }
        }
    }

    /**
     * Bisection within one step between {@code a} (no indicator crossed) and {@code b} (one
     * crossed), down to the event threshold: the first point found where an indicator is
     * strictly past zero. Bisection, not an interpolating root finder: an indicator resting on
     * exactly zero before it crosses (a plant at its limit) gives it nothing to interpolate.
     */
    private ODEStateAndDerivative locate(ODEStateInterpolator step, double a, ODEStateAndDerivative b) {
        ODEStateAndDerivative after = b;
        double before = a;
        while (after.getTime() - before > tolerances.eventThreshold()) {
            double middle = before + (after.getTime() - before) / 2;
            if (middle <= before || middle >= after.getTime()) {
                break; // adjacent doubles
            }
            ODEStateAndDerivative state = step.getInterpolatedState(middle);
            system.at(middle, state.getPrimaryState());
            if (crossed()) {
                after = state;
            } else {
                before = middle;
            }
        }
        return after;
    }

    /** Ends an integration early: at a state event, or at the end of a step after which an FMU asked for an event. */
    private static final class Interrupted extends RuntimeException {
        private final transient ODEStateAndDerivative state;
        private final boolean stateEvent;

        Interrupted(ODEStateAndDerivative state, boolean stateEvent) {
            super(null, null, false, false);
            this.state = state;
            this.stateEvent = stateEvent;
        }
    }

    /**
     * Each indicator's side at the start of an integration that ends at {@code target}: its
     * sign, or for an exact zero the sign it takes just after (along the derivatives, at
     * growing distances up to the integration's end), or if it stays zero its previous side
     * (none, if it has been zero since the start: see {@link #takeSides}). A zero at the start
     * is thus never a sign change of its own, wherever the indicator goes.
     */
    private void sides(double time, double[] y, double target) {
        system.at(time, y);
        int zeros = 0;
        boolean[] zero = new boolean[indicators];
        for (int j = 0; j < indicators; j++) {
            double value = system.indicator(j);
            zero[j] = value == 0;
            if (value != 0) {
                positive[j] = value > 0;
                sided[j] = true;
            } else {
                zeros++;
            }
        }
        if (zeros > 0) {
            lookAhead(time, y, target, zeros, zero);
        }
        unsided = 0;
        for (boolean s : sided) {
            unsided += s ? 0 : 1;
        }
    }

    /** The sides of the indicators that are {@code zero} at (time, y), from the derivatives. */
    private void lookAhead(double time, double[] y, double target, int zeros, boolean[] zero) {
        double[] dx = system.derivatives();
        double[] ahead = new double[states];
        for (double h = tolerances.eventThreshold(); zeros > 0 && time + h <= target; h *= 10) {
            for (int i = 0; i < states; i++) {
                ahead[i] = y[i] + h * dx[i];
            }
            system.at(time + h, ahead);
            for (int j = 0; j < indicators; j++) {
                if (zero[j] && system.indicator(j) != 0) {
                    positive[j] = system.indicator(j) > 0;
                    sided[j] = true;
                    zero[j] = false;
                    zeros--;
                }
            }
        }
        system.at(time, y);
    }

    private double[] readStates() {
        double[] x = new double[states];
        int offset = 0;
        for (ModelExchangeCalls fmu : fmus) {
            fmu.getContinuousStates(x, offset);
            offset += fmu.states();
        }
        return x;
    }

    /** fmi2NewDiscreteStates on every FMU and the exchange, until all are settled. */
    private void eventIteration(double t) {
        for (int round = 0; round < MAX_EVENT_ITERATIONS; round++) {
            boolean needed = false;
            for (int f = 0; f < fmus.size(); f++) {
                ModelExchangeCalls.EventInfo info = fmus.get(f).newDiscreteStates();
                needed |= info.newDiscreteStatesNeeded();
                terminate |= info.terminateSimulation();
                nextEventTime[f] = info.nextEventTime();
            }
            eventIterations++;
            boolean changed = exchange.run();
            if (!needed && !changed) {
                return;
            }
        }
        throw new CoSimulationException("the event iteration at t=" + t + " did not settle in "
                + MAX_EVENT_ITERATIONS + " rounds of fmi2NewDiscreteStates (an algebraic loop of discrete"
                + " variables between the FMUs?)");
    }
}
