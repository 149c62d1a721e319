package org.btfmu.maven;

import java.util.ArrayList;
import java.util.List;
import org.btfmu.scenario.ScenarioRun;

/**
 * What the scenarios gave, counted as their reports count it: an expectation passed or
 * failed; a run that stopped (an FMU error, a crash, the timeout) is one error, and the
 * expectations it left undecided are skipped. So the console and the reports agree.
 */
final class ScenarioSummary {

    private int scenarios;
    private int passed;
    private int failed;
    private int errors;
    private int skipped;
    private final List<String> problems = new ArrayList<>();

    /** Counts one scenario's result; returns its line: {@code 3 passed, 1 failed, 0 errors, 0 skipped}. */
    String add(String name, ScenarioProcess.Result result) {
        scenarios++;
        passed += result.passed().size();
        failed += result.failed().size();
        skipped += result.skipped().size();
        result.failed().forEach(failure -> problems.add(name + ": " + failure));
        int error = 0;
        if (result.error() != null) {
            error = 1;
            errors++;
            problems.add(name + ": " + result.error());
        }
        return counts(result.passed().size(), result.failed().size(), error, result.skipped().size());
    }

    /** {@code 2 scenarios: 5 passed, 1 failed, 1 error, 3 skipped}. */
    String total() {
        return scenarios + (scenarios == 1 ? " scenario: " : " scenarios: ") + counts(passed, failed, errors, skipped);
    }

    /** Every failed expectation and every error, prefixed by its scenario. */
    List<String> problems() {
        return problems;
    }

    private static String counts(int passed, int failed, int errors, int skipped) {
        return ScenarioRun.counts(passed, failed, errors, skipped);
    }
}
