package org.btfmu.cosim;

/**
 * Start, stop and communication step of a run; {@code NaN} where a source (an SSP,
 * the command line) does not give one.
 */
public record Experiment(double start, double stop, double step) {

    /** This experiment with every NaN field taken from {@code fallback}. */
    public Experiment or(Experiment fallback) {
        return new Experiment(Double.isNaN(start) ? fallback.start : start,
                Double.isNaN(stop) ? fallback.stop : stop, Double.isNaN(step) ? fallback.step : step);
    }
}
