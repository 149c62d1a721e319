package org.btfmu.maven;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code bt-fmu sweep} printed, read line by line as it runs: its summary's counts
 * ({@code 40 runs: 37 passed, 2 failed, 1 errors, 0 timed out (pass rate 92.5 %)}) and the runs
 * that did not pass, worst first ({@code   run 17 failed (plant.soc0=0.3): expected ...}), as the
 * command prints them for a person; and its error messages ({@code bt-fmu sweep: ...}).
 */
final class SweepOutcome {

    private static final Pattern COUNTS = Pattern.compile(
            "(\\d+) runs: (\\d+) passed, (\\d+) failed, (\\d+) errors, (\\d+) timed out .*");
    private static final String FAILING_HEADER = "Runs that did not pass";
    private static final String FAILING_RUN = "  run ";
    private static final String MORE = "  ... ";
    static final String ERROR_PREFIX = "bt-fmu sweep: ";

    int runs = -1;
    int passed;
    int failed;
    int errors;
    int timedOut;
    /** The runs that did not pass as printed (worst first), and the line saying how many more there are. */
    final List<String> worst = new ArrayList<>();
    /** The command's own error messages (a campaign file that is wrong: located), without the prefix. */
    final List<String> messages = new ArrayList<>();
    private boolean inFailing;

    /** A line of the command's standard output. */
    void out(String line) {
        Matcher counts = COUNTS.matcher(line);
        if (counts.matches()) {
            runs = Integer.parseInt(counts.group(1));
            passed = Integer.parseInt(counts.group(2));
            failed = Integer.parseInt(counts.group(3));
            errors = Integer.parseInt(counts.group(4));
            timedOut = Integer.parseInt(counts.group(5));
            inFailing = false;
        } else if (line.startsWith(FAILING_HEADER)) {
            inFailing = true;
        } else if (inFailing && (line.startsWith(FAILING_RUN) || line.startsWith(MORE))) {
            worst.add(line.strip());
        } else {
            inFailing = false;
        }
    }

    /** A line of its standard error. */
    void err(String line) {
        if (line.startsWith(ERROR_PREFIX)) {
            messages.add(line.substring(ERROR_PREFIX.length()));
        }
    }

    /** The runs ended and were counted (the summary line was printed). */
    boolean summarized() {
        return runs >= 0;
    }

    int notPassed() {
        return runs - passed;
    }

    /** {@code 3 of 40 runs did not pass (2 failed, 1 errors, 0 timed out)}. */
    String counts() {
        return notPassed() + " of " + runs + " runs did not pass (" + failed + " failed, " + errors + " errors, "
                + timedOut + " timed out)";
    }
}
