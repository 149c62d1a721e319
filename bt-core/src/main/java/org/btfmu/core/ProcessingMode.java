package org.btfmu.core;

/**
 * How a {@link TreeInstance} decides what to evaluate. {@link #EVENT_DRIVEN}: only tasks
 * whose inputs changed, at every input change and time event. {@link #ticked(double)}:
 * every task at every tick (each {@code settle()} and each grid point
 * {@code t0 + k·period}); no time events, so tasks notice time only at ticks.
 */
public final class ProcessingMode {

    public static final ProcessingMode EVENT_DRIVEN = new ProcessingMode(0);

    private final double period;

    private ProcessingMode(double period) {
        this.period = period;
    }

    public static ProcessingMode ticked(double period) {
        if (!(period > 0) || Double.isInfinite(period)) {
            throw new IllegalArgumentException("tick period must be positive and finite, got " + period);
        }
        return new ProcessingMode(period);
    }

    public boolean isTicked() {
        return period > 0;
    }

    /** The tick period; 0 for event-driven processing. */
    public double period() {
        return period;
    }

    @Override
    public String toString() {
        return isTicked() ? "ticked(" + period + ")" : "EVENT_DRIVEN";
    }
}
