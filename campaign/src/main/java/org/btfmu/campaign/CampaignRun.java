package org.btfmu.campaign;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.btfmu.cosim.CoSimulationException;
import org.btfmu.scenario.Expectation;
import org.btfmu.scenario.ScenarioException;
import org.btfmu.scenario.ScenarioRun;

/**
 * Runs one run of a campaign through the project's master ({@link ScenarioRun}) in a thread of
 * its own, so that a run whose FMU hangs is given up after the campaign's timeout (the thread,
 * stuck in the FMU's native code, is left behind as a daemon) and one whose FMU fails is one
 * failed row: the campaign goes on either way.
 */
final class CampaignRun {

    private static final int LOG_LINES_KEPT = 5;

    private CampaignRun() {
    }

    /** Runs {@code run}; never throws for what happens inside the run. */
    static RunResult run(Campaign campaign, RunSpec run) {
        return run(campaign, run, null);
    }

    /** As {@link #run(Campaign, RunSpec)}, writing every output to {@code csv} when not null. */
    static RunResult run(Campaign campaign, RunSpec run, Path csv) {
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        RunVariation variation = new RunVariation(campaign, run);
        ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "bt-fmu run " + run.index());
            t.setDaemon(true);
            return t;
        });
        long started = System.nanoTime();
        try {
            Future<ScenarioRun.Outcome> future = thread.submit(() -> ScenarioRun.run(campaign.scenario(),
                    message -> {
                        if (log.size() < LOG_LINES_KEPT) {
                            log.add(message);
                        }
                    }, csv, variation));
            ScenarioRun.Outcome outcome = future.get((long) (campaign.timeoutSeconds() * 1000), TimeUnit.MILLISECONDS);
            return result(run, outcome, variation, seconds(started));
        } catch (TimeoutException e) {
            return failure(run, RunResult.TIMEOUT, "no result after the timeout of " + campaign.timeoutSeconds()
                    + " s (an FMU hangs, or the run needs a larger \"timeout\")", seconds(started), campaign);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            String message = cause instanceof ScenarioException || cause instanceof CoSimulationException
                    ? cause.getMessage() : cause.toString();
            return failure(run, RunResult.ERROR, message + fmuLog(log), seconds(started), campaign);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return failure(run, RunResult.ERROR, "interrupted", seconds(started), campaign);
        } finally {
            thread.shutdownNow();
        }
    }

    private static RunResult result(RunSpec run, ScenarioRun.Outcome outcome, RunVariation variation,
            double seconds) {
        List<Expectation> expectations = outcome.expectations();
        boolean[] passed = new boolean[expectations.size()];
        double[] misses = new double[expectations.size()];
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < passed.length; i++) {
            passed[i] = outcome.error() == null && expectations.get(i).passed();
            misses[i] = outcome.error() == null ? expectations.get(i).miss() : Double.NaN;
            if (outcome.error() == null && !passed[i]) {
                failures.add(expectations.get(i).failure());
            }
        }
        String status = outcome.error() != null ? RunResult.ERROR
                : failures.isEmpty() ? RunResult.PASSED : RunResult.FAILED;
        String message = outcome.error() != null ? outcome.error()
                : failures.isEmpty() ? null : String.join("; ", failures);
        return new RunResult(run.index(), status, message, run.values(), variation.kept(), passed, misses, seconds);
    }

    private static RunResult failure(RunSpec run, String status, String message, double seconds,
            Campaign campaign) {
        int expectations = campaign.scenario().expectations().size();
        double[] misses = new double[expectations];
        java.util.Arrays.fill(misses, Double.NaN);
        double[] kept = new double[campaign.keptColumns().size()];
        java.util.Arrays.fill(kept, Double.NaN);
        return new RunResult(run.index(), status, message, run.values(), kept, new boolean[expectations], misses,
                seconds);
    }

    private static String fmuLog(List<String> log) {
        return log.isEmpty() ? "" : " (FMU log: " + String.join(" | ", log) + ")";
    }

    private static double seconds(long started) {
        return (System.nanoTime() - started) / 1e9;
    }
}
