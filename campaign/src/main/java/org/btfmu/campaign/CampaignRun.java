package org.btfmu.campaign;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.btfmu.cosim.CoSimulationException;
import org.btfmu.scenario.Expectation;
import org.btfmu.scenario.ScenarioException;
import org.btfmu.scenario.ScenarioRun;

/**
 * One run of a campaign through the project's master ({@link ScenarioRun}), in this JVM: what a
 * run worker ({@link RunWorker}) does for every run it is given, and what {@code --rerun} does
 * (with its CSV). An FMU that returns an error is one {@code error} row; an FMU that crashes the
 * process is the business of the worker's parent ({@link WorkerProcess}).
 */
final class CampaignRun {

    private static final int LOG_LINES_KEPT = 5;

    private CampaignRun() {
    }

    /**
     * Runs {@code run} in the calling thread, every FMU log message also to {@code fmuLog};
     * never throws for what happens inside the run. No timeout: a worker's parent keeps it.
     */
    static RunResult here(Campaign campaign, RunSpec run, Path csv, Consumer<String> fmuLog) {
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        RunVariation variation = new RunVariation(campaign, run);
        long started = System.nanoTime();
        try {
            ScenarioRun.Outcome outcome = ScenarioRun.run(campaign.scenario(), message -> {
                if (log.size() < LOG_LINES_KEPT) {
                    log.add(message);
                }
                fmuLog.accept(message);
            }, csv, variation);
            return result(run, outcome, variation, seconds(started));
        } catch (ScenarioException | CoSimulationException e) {
            return failure(run, RunResult.ERROR, e.getMessage() + fmuLog(log), seconds(started), campaign);
        } catch (RuntimeException | LinkageError e) {
            return failure(run, RunResult.ERROR, e + fmuLog(log), seconds(started), campaign);
        }
    }

    /**
     * Runs {@code run} in a thread of this JVM, given up after the campaign's timeout (the thread,
     * stuck in the FMU's native code, is left behind as a daemon: {@code --rerun} ends the JVM
     * right after). Writes every output to {@code csv} when not null; never throws for what
     * happens inside the run.
     */
    static RunResult run(Campaign campaign, RunSpec run, Path csv) {
        ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "bt-fmu run " + run.index());
            t.setDaemon(true);
            return t;
        });
        long started = System.nanoTime();
        try {
            Future<RunResult> future = thread.submit(() -> here(campaign, run, csv, message -> { }));
            return future.get((long) (campaign.timeoutSeconds() * 1000), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            return timeout(campaign, run, seconds(started));
        } catch (ExecutionException e) {
            return failure(run, RunResult.ERROR, e.getCause().toString(), seconds(started), campaign);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return failure(run, RunResult.ERROR, "interrupted", seconds(started), campaign);
        } finally {
            thread.shutdownNow();
        }
    }

    /** As {@link #run(Campaign, RunSpec, Path)} without a CSV. */
    static RunResult run(Campaign campaign, RunSpec run) {
        return run(campaign, run, null);
    }

    /** The row of a run given up after the campaign's timeout. */
    static RunResult timeout(Campaign campaign, RunSpec run, double seconds) {
        return failure(run, RunResult.TIMEOUT, "no result after the timeout of " + campaign.timeoutSeconds()
                + " s (an FMU hangs, or the run needs a larger \"timeout\")", seconds, campaign);
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

    /** A row without results: every kept value and miss NaN, no expectation passed. */
    static RunResult failure(RunSpec run, String status, String message, double seconds, Campaign campaign) {
        int expectations = campaign.scenario().expectations().size();
        double[] misses = new double[expectations];
        Arrays.fill(misses, Double.NaN);
        double[] kept = new double[campaign.keptColumns().size()];
        Arrays.fill(kept, Double.NaN);
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
