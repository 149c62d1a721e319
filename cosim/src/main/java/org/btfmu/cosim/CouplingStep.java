package org.btfmu.cosim;

import java.util.ArrayList;
import java.util.List;

/**
 * One step of the whole coupling, from the instant every FMU is at to the next exchange,
 * with FMI 3.0's early return and Event Mode (FMI 3.0 §4.2):
 * <ol>
 * <li>The FMUs instantiated with earlyReturnAllowed step first, one after the other, each to
 * the current horizon (at first the next communication point); one that returns early moves
 * the horizon back to its lastSuccessfulTime.</li>
 * <li>An early-return FMU left beyond the final horizon (it stepped before another returned
 * earlier) is set back to the state saved before its step (fmi3SetFMUState) and steps again,
 * to the horizon. One that cannot get and set its state stays ahead and is skipped until the
 * coupling catches up: it sees the new inputs only then (as in FMI 2.0).</li>
 * <li>The other FMUs, FMI 2.0 ones included, step to the horizon: an early return shortens
 * their step, as the last step of a run is shortened; the master chooses the step sizes.</li>
 * <li>FMUs that signalled eventHandlingNeeded at the horizon enter Event Mode, and with them
 * every other FMU instantiated with eventModeUsed that is at that instant (the values exchanged
 * there may change its discrete inputs, which it then acts on at once); the master exchanges
 * values and calls fmi3UpdateDiscreteStates on them until none needs another round and no
 * input changed, then fmi3EnterStepMode ({@link #handleEvents}).</li>
 * </ol>
 * Without early-return FMUs this is the FMI 2.0 master's step: every FMU steps from the same
 * point to the next with the inputs of that point (Jacobi).
 */
final class CouplingStep {

    private static final int MAX_EVENT_ITERATIONS = 100;

    private final List<FmuInstance> early = new ArrayList<>();
    private final List<FmuInstance> others = new ArrayList<>();
    private final List<FmuInstance> flagged = new ArrayList<>();
    private final Exchange exchange;
    /** With more than one early-return FMU, states are saved so that one can step again. */
    private final boolean redo;
    private long earlyReturns;
    private double reached;   // where the last advance ended: every FMU there
    private FmuInstance ended; // the FMU that asked to stop in the last advance, else null
    private long events;
    private boolean terminate;

    /** {@code fmus} instantiated (their early-return flags are known). */
    CouplingStep(List<FmuInstance> fmus, Exchange exchange) {
        for (FmuInstance fmu : fmus) {
            (fmu.fmi3() != null && fmu.fmi3().earlyReturnAllowed() ? early : others).add(fmu);
        }
        this.exchange = exchange;
        this.redo = early.size() > 1;
    }

    /** Communication points an FMU asked for by returning early. */
    long earlyReturns() {
        return earlyReturns;
    }

    /** Instants at which Event Mode ran. */
    long events() {
        return events;
    }

    /**
     * Steps every FMU from {@code time} towards {@code target}; then {@link #reached} tells where
     * they are and {@link #ended} which asked to end the simulation. (Fields, not a result object:
     * nothing is allocated per step. Loops are indexed for the same reason.)
     */
    void advance(double time, double target) {
        double horizon = target;
        FmuInstance ended = null;
        for (int i = 0; i < early.size(); i++) {
            FmuInstance fmu = early.get(i);
            if (fmu.time() >= horizon) {
                continue; // ahead of the coupling (see the class comment)
            }
            if (redo && fmu.fmi3().canGetAndSetState()) {
                fmu.fmi3().saveState();
            }
            if (step(fmu, horizon)) {
                ended = earlier(ended, fmu);
            } else if (fmu.time() < horizon) {
                horizon = fmu.time();
            }
        }
        for (int i = 0; i < early.size(); i++) {
            FmuInstance fmu = early.get(i);
            if (fmu.time() > horizon && redo && fmu.fmi3().canGetAndSetState() && ended != fmu) {
                fmu.fmi3().restoreState();
                flagged.remove(fmu);
                fmu.moveTo(time);
                step(fmu, horizon);
            }
        }
        for (int i = 0; i < others.size(); i++) {
            FmuInstance fmu = others.get(i);
            if (fmu.time() < horizon && step(fmu, horizon)) {
                ended = earlier(ended, fmu);
            }
        }
        if (horizon < target) {
            earlyReturns++;
        }
        this.reached = horizon;
        this.ended = ended;
    }

    /** Where the last {@link #advance} left every FMU. */
    double reached() {
        return reached;
    }

    /** The FMU that asked to end the simulation in the last {@link #advance}, or null. */
    FmuInstance ended() {
        return ended;
    }

    /** One FMU's step to {@code horizon}; true if it asked to end the simulation. */
    private boolean step(FmuInstance fmu, double horizon) {
        if (fmu.fmi3() == null) { // FMI 2.0: no events, no early return, no Step object per step
            boolean going = fmu.doStep(horizon - fmu.time());
            if (going) {
                fmu.moveTo(horizon);
            }
            return !going;
        }
        Fmi3Instance.Step step = fmu.stepTo(horizon);
        if (step.eventHandlingNeeded() && !flagged.contains(fmu)) {
            flagged.add(fmu);
        }
        return step.terminateSimulation();
    }

    private static FmuInstance earlier(FmuInstance ended, FmuInstance fmu) {
        return ended == null || fmu.time() < ended.time() ? fmu : ended;
    }

    /**
     * Event Mode at {@code time} for the FMUs that asked for it in the last step: enter it,
     * exchange, fmi3UpdateDiscreteStates and exchange until settled, fmi3EnterStepMode.
     * Returns whether an FMU asked to end the simulation there.
     */
    boolean handleEvents(double time) {
        if (flagged.isEmpty()) {
            return false;
        }
        events++;
        // The others with Event Mode join: the values exchanged at this instant may change their
        // discrete inputs, which FMI 3.0 §4.2.3 handles in Event Mode, so they act on them here.
        for (FmuInstance fmu : early) {
            if (!flagged.contains(fmu) && fmu.fmi3().eventModeUsed() && fmu.time() == time) {
                flagged.add(fmu);
            }
        }
        for (FmuInstance fmu : others) {
            if (!flagged.contains(fmu) && fmu.fmi3() != null && fmu.fmi3().eventModeUsed() && fmu.time() == time) {
                flagged.add(fmu);
            }
        }
        for (FmuInstance fmu : flagged) {
            fmu.fmi3().enterEventMode();
        }
        return settle(time);
    }

    /**
     * After fmi3ExitInitializationMode: an FMU instantiated with eventModeUsed is in Event Mode
     * then (FMI 3.0 §4.2.2), so it settles its discrete states before the first step.
     */
    boolean afterInitialization(double time) {
        for (FmuInstance fmu : early) {
            if (fmu.fmi3().eventModeUsed()) {
                flagged.add(fmu);
            }
        }
        for (FmuInstance fmu : others) {
            if (fmu.fmi3() != null && fmu.fmi3().eventModeUsed()) {
                flagged.add(fmu);
            }
        }
        return !flagged.isEmpty() && settle(time);
    }

    private boolean settle(double time) {
        exchange.run();
        boolean settled = false;
        for (int round = 0; round < MAX_EVENT_ITERATIONS && !settled; round++) {
            boolean needed = false;
            for (FmuInstance fmu : flagged) {
                Fmi3Instance.Update update = fmu.fmi3().updateDiscreteStates();
                needed |= update.discreteStatesNeedUpdate();
                terminate |= update.terminateSimulation();
            }
            boolean changed = exchange.run();
            settled = !needed && !changed;
        }
        if (!settled) {
            throw new CoSimulationException("the event iteration at t=" + time + " did not settle in "
                    + MAX_EVENT_ITERATIONS + " rounds of fmi3UpdateDiscreteStates (an algebraic loop of discrete"
                    + " variables between the FMUs?)");
        }
        for (FmuInstance fmu : flagged) {
            fmu.fmi3().enterStepMode();
        }
        flagged.clear();
        return terminate;
    }
}
