package org.btfmu.cosim;

import java.util.List;

/** Receives the recorded variables at every communication point, time first. */
public interface SampleListener {

    /** Called once before the first sample with the column names (without "time"). */
    void columns(List<String> names);

    /** {@code values} holds Double, Integer, Boolean or String, in column order; do not keep the array. */
    void sample(double time, Object[] values);

    /**
     * The same sample as primitives, as the masters give it; {@code values} changes after the call
     * returns: do not keep it. By default boxed for {@link #sample(double, Object[])}; a listener on
     * the step path overrides this, so that a step boxes nothing.
     */
    default void sample(double time, Values values) {
        sample(time, values.boxed());
    }
}
