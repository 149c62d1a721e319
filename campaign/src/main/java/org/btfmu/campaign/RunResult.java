package org.btfmu.campaign;

import java.io.Serializable;

/**
 * What one run gave: one row of the results table.
 *
 * @param status  {@code passed} (every expectation held), {@code failed} (one did not),
 *                {@code error} (the co-simulation stopped: an FMU returned an error, or the run
 *                could not start) or {@code timeout} (it ran past the campaign's timeout)
 * @param message why it did not pass; null when it passed
 * @param values  the varied quantities, as {@link Campaign#quantities()}
 * @param kept    as {@link Campaign#keptColumns()}; NaN where nothing was seen
 * @param passed  per expectation of the coupling, in order
 * @param misses  per expectation: how far it missed (0 when it passed)
 */
record RunResult(int index, String status, String message, double[] values, double[] kept, boolean[] passed,
        double[] misses, double wallSeconds) implements Serializable {

    static final String PASSED = "passed";
    static final String FAILED = "failed";
    static final String ERROR = "error";
    static final String TIMEOUT = "timeout";

    /** The sum of the misses: how far the run was from passing, to rank the failing runs. */
    double miss() {
        double sum = 0;
        for (double m : misses) {
            sum += m;
        }
        return status.equals(PASSED) ? 0 : status.equals(FAILED) ? sum : Double.POSITIVE_INFINITY;
    }
}
