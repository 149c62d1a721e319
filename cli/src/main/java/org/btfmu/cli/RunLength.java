package org.btfmu.cli;

import java.util.Locale;
import org.btfmu.cosim.CoSimulationException;
import org.btfmu.cosim.Experiment;

/**
 * Checks a run's start, stop and step before anything is loaded or written, and
 * bounds its number of communication points: a run of {@code --stop 1e9 --step 1e-6}
 * would go on for days, one of {@code --step 4.9e-324} for ever.
 */
final class RunLength {

    /** Most communication points a run may have unless {@code --max-steps} allows more. */
    static final long DEFAULT_MAX_STEPS = 1_000_000;

    private RunLength() {
    }

    /**
     * The number of communication steps from start to stop (the last one shortened to end
     * on stop, as {@code CoSimulation.run} steps), or a {@link CoSimulationException} saying
     * which value is wrong. {@code source} names where values not given as options come from
     * (an SSP file), or is null.
     */
    static long steps(Experiment run, long maxSteps, Experiment options, String source) {
        String start = name("--start", options.start(), source, "start time");
        String stop = name("--stop", options.stop(), source, "stop time");
        String step = name("--step", options.step(), source, "step");
        if (!Double.isFinite(run.start())) {
            throw new CoSimulationException(start + " " + fmt(run.start()) + ": must be a finite number of seconds");
        }
        if (!Double.isFinite(run.stop())) {
            throw new CoSimulationException(stop + " " + fmt(run.stop()) + ": must be a finite number of seconds");
        }
        if (!(run.stop() > run.start())) {
            throw new CoSimulationException(stop + " " + fmt(run.stop()) + " must be after " + start + " "
                    + fmt(run.start()));
        }
        if (!(run.step() > 0) || !Double.isFinite(run.step())) {
            throw new CoSimulationException(step + " " + fmt(run.step()) + ": must be a positive, finite number"
                    + " of seconds");
        }
        double magnitude = Math.max(Math.abs(run.start()), Math.abs(run.stop()));
        if (magnitude + run.step() == magnitude) {
            throw new CoSimulationException(step + " " + fmt(run.step()) + " is below the resolution of times near "
                    + fmt(magnitude) + " s: time would not advance");
        }
        double steps = Math.ceil((run.stop() - run.start()) / run.step() - 1e-9);
        if (steps > maxSteps) {
            throw new CoSimulationException(String.format(Locale.ROOT, "from %s s to %s s in steps of %s s is %s"
                    + " communication points, more than the limit of %d: give a larger %s, or --max-steps %s"
                    + " to run them all", fmt(run.start()), fmt(run.stop()), fmt(run.step()), count(steps),
                    maxSteps, step, count(steps)));
        }
        return Math.max(1, (long) steps);
    }

    /** The option's name if given on the command line, else what it is in {@code source}. */
    private static String name(String option, double given, String source, String what) {
        return Double.isNaN(given) && source != null ? "the " + what + " of " + source : option;
    }

    private static String count(double steps) {
        return steps < 1e18 ? String.valueOf((long) steps) : String.format(Locale.ROOT, "%.3g", steps);
    }

    static String fmt(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? String.valueOf((long) value)
                : String.valueOf(value);
    }
}
