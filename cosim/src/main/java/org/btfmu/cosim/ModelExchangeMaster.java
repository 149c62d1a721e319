package org.btfmu.cosim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.DoubleConsumer;
import org.hipparchus.analysis.solvers.BracketingNthOrderBrentSolver;
import org.hipparchus.exception.MathRuntimeException;
import org.hipparchus.ode.ODEIntegrator;
import org.hipparchus.ode.ODEState;
import org.hipparchus.ode.ODEStateAndDerivative;
import org.hipparchus.ode.OrdinaryDifferentialEquation;
import org.hipparchus.ode.events.Action;
import org.hipparchus.ode.events.AdaptableInterval;
import org.hipparchus.ode.events.ODEEventDetector;
import org.hipparchus.ode.events.ODEEventHandler;
import org.hipparchus.ode.nonstiff.DormandPrince54Integrator;

/**
 * A master for FMI 2.0 Model Exchange FMUs, coupled as one system (FMI 2.0.5 §3.2.4):
 * one Hipparchus integrator (Dormand-Prince 5(4), adaptive) over the continuous states of
 * all FMUs; between two events, connected outputs are copied to inputs at every evaluation
 * (continuous inputs only change there: discrete outputs change only at events).
 *
 * <ul>
 * <li>State events: every event indicator of every FMU is a g-function of the integrator,
 * which locates its sign changes (no root finder here).</li>
 * <li>Time events: the integration stops at the earliest nextEventTime of any FMU.</li>
 * <li>Step events: fmi2CompletedIntegratorStep after every accepted step; an FMU that asks
 * for an event gets it at the end of the current integration interval (the next output
 * point, time event or state event).</li>
 * <li>Event iteration: fmi2NewDiscreteStates on every FMU and the exchange of outputs,
 * repeated until no FMU needs another round and no input changed.</li>
 * </ul>
 * The recorded variables are sampled at the start, every output interval and after every
 * event.
 */
public final class ModelExchangeMaster {

    /** Integrator tolerances; event times are located to within {@code eventThreshold} seconds. */
    public record Tolerances(double relative, double absolute, double maxStep, double eventThreshold) {

        /** Relative 1e-6, absolute 1e-8, steps of at most the output interval, events within 1e-9 s. */
        public static Tolerances defaults() {
            return new Tolerances(1e-6, 1e-8, Double.POSITIVE_INFINITY, 1e-9);
        }
    }

    /** What a run did: integrator steps, events by kind, event-iteration rounds. */
    public record Result(double start, double stop, long steps, long stateEvents, long timeEvents,
            long stepEvents, long eventIterations, List<Double> eventTimes, double wallSeconds) {
    }

    private static final int MAX_EVENT_ITERATIONS = 100;
    /** Per integrator step, all indicators together: a few per check, 100 per root search. */
    private static final int MAX_EVALUATIONS_PER_STEP = 1_000_000;

    private final List<ModelExchangeCalls> fmus = new ArrayList<>();
    private final Exchange initialExchange;
    private final Exchange exchange;
    private final Tolerances tolerances;
    private final int states;
    private final int indicators;
    private final double[] nextEventTime;
    private final double[] z;
    private final boolean[] positive;
    private double cachedTime = Double.NaN;
    private double[] cachedState = new double[0];
    private long evaluations;
    private boolean stateEvent;
    private boolean stepEvent;
    private boolean terminate;
    private long steps;
    private long stateEvents;
    private long timeEvents;
    private long stepEvents;
    private long eventIterations;
    private final List<Double> eventTimes = new ArrayList<>();

    /** {@code initialExchange} copies in Initialization Mode, {@code exchange} afterwards (their orders differ). */
    ModelExchangeMaster(List<FmuInstance> instances, Exchange initialExchange, Exchange exchange,
            Tolerances tolerances) {
        this.initialExchange = initialExchange;
        this.exchange = exchange;
        this.tolerances = tolerances;
        int x = 0;
        int n = 0;
        for (FmuInstance fmu : instances) {
            ModelExchangeCalls calls = ModelExchangeCalls.of(fmu);
            fmus.add(calls);
            x += calls.states();
            n += calls.indicators();
        }
        this.states = x;
        this.indicators = n;
        this.nextEventTime = new double[instances.size()];
        this.z = new double[n];
        this.positive = new boolean[n];
    }

    Result run(double start, double stop, double interval, Sampler sampler, List<SampleListener> listeners,
            DoubleConsumer progress) {
        long wallStart = System.nanoTime();
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
        ODEIntegrator integrator = integrator(interval);
        long k = 1;
        int stuck = 0;
        double lastEvent = Double.NEGATIVE_INFINITY;
        while (t < stop && !terminate) {
            double output = Math.min(start + k * interval, stop); // no summed rounding errors
            double timeEvent = Arrays.stream(nextEventTime).min().orElse(Double.POSITIVE_INFINITY);
            double target = Math.min(output, timeEvent);
            stateEvent = false;
            if (target - t <= 1e-12 * Math.max(1, Math.abs(t))) {
                t = Math.max(t, target); // an output point within rounding of an event: no interval left
                apply(t, x);
            } else {
                ODEStateAndDerivative end = integrate(integrator, t, x, target);
                t = end.getTime();
                x = Arrays.copyOf(end.getPrimaryState(), states);
                apply(t, x);
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
                stepEvent = false;
                eventTimes.add(t);
                for (ModelExchangeCalls fmu : fmus) {
                    fmu.enterEventMode();
                }
                eventIteration(t);
                for (ModelExchangeCalls fmu : fmus) {
                    fmu.enterContinuousTimeMode();
                }
                x = readStates();
                invalidate();
                sampler.sample(t, listeners);
            } else if (t >= output) {
                sampler.sample(t, listeners);
            }
            if (t >= output) {
                k++;
                progress.accept((t - start) / (stop - start));
            }
        }
        return new Result(start, t, steps, stateEvents, timeEvents, stepEvents, eventIterations,
                List.copyOf(eventTimes), (System.nanoTime() - wallStart) / 1e9);
    }

    private ODEIntegrator integrator(double interval) {
        double maxStep = Math.min(tolerances.maxStep(), interval);
        ODEIntegrator integrator = new DormandPrince54Integrator(1e-12, maxStep, tolerances.absolute(),
                tolerances.relative());
        integrator.addStepHandler(interpolator -> completedStep(interpolator.getCurrentState()));
        AdaptableInterval check = state -> maxStep;
        // no function-value accuracy: an indicator near zero is not a root (g is never 0, see indicator)
        BracketingNthOrderBrentSolver solver = new BracketingNthOrderBrentSolver(1e-14,
                tolerances.eventThreshold(), 0, 5);
        ODEEventHandler stop = (state, detector, increasing) -> {
            stateEvent = true;
            return Action.STOP;
        };
        for (int j = 0; j < indicators; j++) {
            int index = j;
            integrator.addEventDetector(new ODEEventDetector() {
                @Override
                public AdaptableInterval getMaxCheckInterval() {
                    return check;
                }

                @Override
                public int getMaxIterationCount() {
                    return 100;
                }

                @Override
                public BracketingNthOrderBrentSolver getSolver() {
                    return solver;
                }

                @Override
                public ODEEventHandler getHandler() {
                    return stop;
                }

                @Override
                public double g(ODEStateAndDerivative state) {
                    return indicator(state.getTime(), state.getPrimaryState(), index);
                }
            });
        }
        return integrator;
    }

    private ODEStateAndDerivative integrate(ODEIntegrator integrator, double t, double[] x, double target) {
        OrdinaryDifferentialEquation system = new OrdinaryDifferentialEquation() {
            @Override
            public int getDimension() {
                return Math.max(1, states); // Hipparchus needs a state: a constant one when there is none
            }

            @Override
            public double[] computeDerivatives(double time, double[] y) {
                apply(time, y);
                return derivatives();
            }
        };
        double[] y = states == 0 ? new double[1] : x;
        sides(t, x, target);
        evaluations = 0;
        try {
            return integrator.integrate(system, new ODEState(t, y), target);
        } catch (MathRuntimeException e) {
            throw new CoSimulationException("the integrator failed between t=" + t + " and t=" + target + ": "
                    + e.getMessage(), e);
        }
    }

    /** Time and states to every FMU, then connected outputs to inputs (what changed only). */
    private void apply(double time, double[] y) {
        if (time == cachedTime && Arrays.equals(cachedState, 0, states, y, 0, states)) {
            return;
        }
        int offset = 0;
        for (ModelExchangeCalls fmu : fmus) {
            fmu.setTime(time);
            fmu.setContinuousStates(y, offset);
            offset += fmu.states();
        }
        exchange.run();
        int n = 0;
        for (ModelExchangeCalls fmu : fmus) {
            fmu.getEventIndicators(z, n);
            n += fmu.indicators();
        }
        cachedTime = time;
        cachedState = Arrays.copyOf(y, states);
    }

    /**
     * Event indicator {@code index} as a g-function. An exact zero counts as the side the
     * indicator is on at the start of the integration interval (see {@link #sides}): an
     * indicator resting on zero (a plant at its limit) or leaving it signals nothing, and an
     * event is located where the indicator is strictly past zero, so the FMU sees the new side
     * at the event (a predicate {@code a >= b} switching to false needs a &lt; b, not a == b).
     * The tiny stand-in for zero is only a sign: the solver has no function-value accuracy, so
     * it never takes it for a root.
     */
    private double indicator(double time, double[] y, int index) {
        if (++evaluations > MAX_EVALUATIONS_PER_STEP) {
            throw new CoSimulationException("locating a state event near t=" + time + " took "
                    + MAX_EVALUATIONS_PER_STEP + " event-indicator evaluations in one integrator step without"
                    + " advancing (event indicator " + index + ")");
        }
        apply(time, y);
        double value = z[index];
        return value != 0 ? value : positive[index] ? Double.MIN_NORMAL : -Double.MIN_NORMAL;
    }

    /**
     * Each indicator's side at the start of an integration interval that ends at {@code target}:
     * its sign, or for an exact zero the sign it takes just after (along the derivatives, at
     * growing distances up to the interval's end), or if it stays zero its previous side. A
     * zero at the start is thus never a sign change of its own, wherever the indicator goes.
     */
    private void sides(double time, double[] y, double target) {
        apply(time, y);
        int zeros = 0;
        for (int j = 0; j < indicators; j++) {
            if (z[j] != 0) {
                positive[j] = z[j] > 0;
            } else {
                zeros++;
            }
        }
        if (zeros == 0) {
            return;
        }
        boolean[] zero = new boolean[indicators];
        for (int j = 0; j < indicators; j++) {
            zero[j] = z[j] == 0;
        }
        double[] dx = derivatives();
        double[] ahead = new double[states];
        for (double h = tolerances.eventThreshold(); zeros > 0 && time + h <= target; h *= 10) {
            for (int i = 0; i < states; i++) {
                ahead[i] = y[i] + h * dx[i];
            }
            apply(time + h, ahead);
            for (int j = 0; j < indicators; j++) {
                if (zero[j] && z[j] != 0) {
                    positive[j] = z[j] > 0;
                    zero[j] = false;
                    zeros--;
                }
            }
        }
        apply(time, y);
    }

    private double[] derivatives() {
        double[] dx = new double[Math.max(1, states)];
        int offset = 0;
        for (ModelExchangeCalls fmu : fmus) {
            fmu.getDerivatives(dx, offset);
            offset += fmu.states();
        }
        return dx;
    }

    private void invalidate() {
        cachedTime = Double.NaN;
    }

    private void completedStep(ODEStateAndDerivative state) {
        steps++;
        evaluations = 0;
        apply(state.getTime(), state.getPrimaryState());
        for (ModelExchangeCalls fmu : fmus) {
            stepEvent |= fmu.completedIntegratorStep();
        }
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
                invalidate();
                return;
            }
        }
        throw new CoSimulationException("the event iteration at t=" + t + " did not settle in "
                + MAX_EVENT_ITERATIONS + " rounds of fmi2NewDiscreteStates (an algebraic loop of discrete"
                + " variables between the FMUs?)");
    }
}
