package org.btfmu.core;

import java.util.List;

/**
 * An instant that needed more event iterations (sweeps) than the instance's bound. Unlike
 * other engine failures it leaves the instance usable: everything the instant changed has
 * been undone, so the instance is at the instant's left limit (every earlier event
 * completed, {@link TreeInstance#time()} = {@link #time()}, the instant's time events and
 * inputs still pending). Processing from there meets the same instant again.
 */
public final class UnsettledInstantException extends EngineException {

    private final double time;
    private final int bound;

    UnsettledInstantException(double time, int bound, List<String> switching) {
        super("the instant t=" + time + " did not settle within " + bound
                + " event iterations; tasks still switching: " + switching, switching);
        this.time = time;
        this.bound = bound;
    }

    /** The time of the instant that did not settle. */
    public double time() {
        return time;
    }

    /** The bound on event iterations per instant that it exceeded. */
    public int bound() {
        return bound;
    }
}
