package org.btfmu.report;

import java.util.ArrayList;
import java.util.List;
import org.btfmu.core.Status;

/** A stretch of time [from, to) in which a task's sampled status held: one bar of the timeline. */
public record Segment(double from, double to, Status status) {

    /**
     * The runs of equal status among {@code values} (Status ordinal + 1 at {@code times}), each until
     * the next change or the last sample; values outside 1..8 and runs of no length are left out.
     */
    public static List<Segment> of(double[] times, double[] values) {
        List<Segment> segments = new ArrayList<>();
        Status[] all = Status.values();
        int begin = 0;
        for (int i = 1; i <= times.length; i++) {
            if (i == times.length || values[i] != values[begin]) {
                int s = (int) values[begin] - 1;
                double end = i == times.length ? times[times.length - 1] : times[i];
                if (values[begin] == s + 1 && s >= 0 && s < all.length && end > times[begin]) {
                    segments.add(new Segment(times[begin], end, all[s]));
                }
                begin = i;
            }
        }
        return segments;
    }
}
