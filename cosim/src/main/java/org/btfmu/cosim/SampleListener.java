package org.btfmu.cosim;

import java.util.List;

/** Receives the recorded variables at every communication point, time first. */
public interface SampleListener {

    /** Called once before the first sample with the column names (without "time"). */
    void columns(List<String> names);

    /** {@code values} holds Double, Integer, Boolean or String, in column order; do not keep the array. */
    void sample(double time, Object[] values);
}
