package org.btfmu.charts;

/**
 * The unit of a chart's time axis, picked by the run's length so that a one-day run reads
 * 0 … 24 h rather than 0 … 90,000 s.
 */
public record TimeScale(String unit, double seconds) {

    /** Seconds up to 10 min, minutes up to 3 h, hours beyond. */
    public static TimeScale forSpan(double spanSeconds) {
        if (spanSeconds <= 600) {
            return new TimeScale("s", 1);
        }
        return spanSeconds <= 3 * 3600 ? new TimeScale("min", 60) : new TimeScale("h", 3600);
    }

    public static TimeScale forTimes(double[] times) {
        return forSpan(times.length == 0 ? 0 : times[times.length - 1] - times[0]);
    }

    public double scale(double time) {
        return time / seconds;
    }

    public String axisLabel() {
        return "time [" + unit + "]";
    }
}
