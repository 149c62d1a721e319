package org.btfmu.fmu;

import static org.btfmu.fmu.ImporterLog.DISCARD;
import static org.btfmu.fmu.ImporterLog.ERROR;
import static org.btfmu.fmu.ImporterLog.OK;

import org.btfmu.core.TreeInstance;
import org.btfmu.core.UnsettledInstantException;

/**
 * fmi2DoStep of one {@link FmuSlave}: the checks of the communication point and step size, the
 * inputs set since the last step settled at the current instant, the engine advanced to the
 * step's end (fmi2Discard where a safeguard stops it short, FMI 2.0 §4.2.3), the step's log
 * message, and the values published for the reads that follow. Split from FmuSlave by concern.
 */
final class StepCall {

    private final FmuSlave slave;

    StepCall(FmuSlave slave) {
        this.slave = slave;
    }

    int doStep(double t, double h) {
        if (!slave.callable(FmiFunction.DO_STEP)) {
            return ERROR;
        }
        if (!(h > 0) || !Double.isFinite(h)) {
            return slave.error("communicationStepSize " + h + " must be > 0");
        }
        double now = slave.tree.time();
        if (Math.abs(t - now) > tolerance(now)) {
            return slave.error("currentCommunicationPoint " + t + " is not the FMU's time " + now
                    + " (steps must continue where the last step, or fmi2SetFMUstate, left off)");
        }
        double end = t + h;
        if (slave.stopTimeDefined && end > slave.stopTime + tolerance(slave.stopTime)) {
            return slave.error("the step to " + end + " goes past the stopTime " + slave.stopTime
                    + " set by fmi2SetupExperiment");
        }
        // the counters before the step as plain values: a record would be an allocation per step
        // (the events category is on whenever the importer says loggingOn)
        boolean report = slave.log.enabled(LogCategory.EVENTS) || slave.log.enabled(LogCategory.CALLS);
        TreeInstance engine = slave.tree;
        long timeEvents = report ? engine.timeEvents() : 0;
        long iterations = report ? engine.eventIterations() : 0;
        long evaluations = report ? engine.taskEvaluations() : 0;
        long checks = report ? engine.predicateChecks() : 0;
        boolean complete;
        try {
            if (!slave.tree.isStarted() || slave.unsettled && !slave.processing().isTicked()) {
                slave.settle(); // a ticked tree sees new inputs only at its next tick
            }
            complete = slave.tree.advanceTo(Math.max(end, now));
        } catch (UnsettledInstantException e) {
            // The engine undid the instant: the state is its left limit, every earlier event of
            // the step completed, so the step computed [t, e.time()) (FMI 2.0 §4.2.3).
            slave.stepFailed();
            slave.log.log(DISCARD, LogCategory.STATUS_DISCARD, slave.current + ": stopped at t=" + slave.tree.time()
                    + " of the step to t=" + end + ": " + FmuSlave.notSettled(e) + "; fmi2GetRealStatus("
                    + "fmi2LastSuccessfulTime) is " + slave.tree.time() + ". Redone from a saved state, the step meets"
                    + " the same instant again: change the inputs, raise maxSweepsPerInstant or stop the tasks"
                    + " switching each other");
            return DISCARD;
        }
        if (!complete) {
            // FMI 2.0 §4.2.3: only a subinterval was computed; the master learns how far from
            // fmi2GetRealStatus(fmi2LastSuccessfulTime) and may redo the step from a saved state.
            slave.stepFailed();
            slave.log.log(DISCARD, LogCategory.STATUS_DISCARD, slave.current + ": stopped at t=" + slave.tree.time()
                    + " of the step to t=" + end + ": the step needs more than the mission's maxEventsPerStep = "
                    + slave.resources.mission().maxEventsPerStep() + " time events; fmi2GetRealStatus("
                    + "fmi2LastSuccessfulTime) is " + slave.tree.time() + ". Take smaller steps or raise"
                    + " maxEventsPerStep");
            return DISCARD;
        }
        if (report) {
            // a step in which nothing happened is per-call tracing: only when logCalls is named
            LogCategory category = engine.timeEvents() > timeEvents
                    || engine.eventIterations() > iterations ? LogCategory.EVENTS : LogCategory.CALLS;
            if (slave.log.enabled(category)) {
                slave.log.log(OK, category, "step to t=" + end + ": "
                        + (engine.timeEvents() - timeEvents) + " time events, "
                        + (engine.eventIterations() - iterations) + " event iterations, "
                        + (engine.taskEvaluations() - evaluations) + " task evaluations, "
                        + (engine.predicateChecks() - checks) + " predicate checks");
            }
        }
        if (!slave.unpropagated()) {
            slave.publish(); // the reads that follow a step need no up-call
        }
        return OK;
    }

    /** Communication points are sums of step sizes: allow for their rounding. */
    private static double tolerance(double time) {
        return 1e-9 * Math.max(1.0, Math.abs(time));
    }
}
