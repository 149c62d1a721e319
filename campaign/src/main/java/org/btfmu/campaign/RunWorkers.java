package org.btfmu.campaign;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The run workers of this JVM (a Spark executor's), per sweep: a task takes an idle worker of
 * its sweep or starts one, runs its run there and gives the worker back if it is still usable,
 * so a worker's start is paid once for many runs and there are never more workers than tasks
 * running at once. Workers are stopped by {@link #close(String)} when the sweep is done (in
 * {@code local[N]} the executor is the driver's JVM), or when this JVM ends (a cluster's
 * executor); a worker whose parent vanished without that exits on its own ({@link RunWorker}).
 */
final class RunWorkers {

    private static final Map<String, Deque<WorkerProcess>> IDLE = new HashMap<>();
    /** Those running a run now: killed if this JVM ends (their folders deleted). */
    private static final java.util.Set<WorkerProcess> BUSY = java.util.concurrent.ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(RunWorkers::closeAll, "bt-fmu run workers"));
    }

    private RunWorkers() {
    }

    /** Runs {@code run} of the sweep {@code sweep} in a worker; never throws for what happens in the run. */
    static RunResult run(String sweep, Campaign campaign, RunSpec run) {
        WorkerProcess worker = take(sweep);
        if (worker == null) {
            try {
                worker = WorkerProcess.start(campaign.file());
            } catch (WorkerException e) {
                return CampaignRun.failure(run, RunResult.ERROR, e.getMessage(), 0, campaign);
            }
        }
        BUSY.add(worker);
        RunResult result;
        try {
            result = worker.run(campaign, run);
        } finally {
            BUSY.remove(worker);
        }
        if (worker.usable()) {
            giveBack(sweep, worker);
        } else {
            worker.close();
        }
        return result;
    }

    private static synchronized WorkerProcess take(String sweep) {
        Deque<WorkerProcess> idle = IDLE.get(sweep);
        return idle == null ? null : idle.pollFirst();
    }

    private static synchronized void giveBack(String sweep, WorkerProcess worker) {
        IDLE.computeIfAbsent(sweep, s -> new ArrayDeque<>()).addFirst(worker);
    }

    /** Stops the idle workers of {@code sweep}. */
    static void close(String sweep) {
        Deque<WorkerProcess> idle;
        synchronized (RunWorkers.class) {
            idle = IDLE.remove(sweep);
        }
        if (idle != null) {
            idle.forEach(WorkerProcess::close);
        }
    }

    private static void closeAll() {
        List<String> sweeps;
        synchronized (RunWorkers.class) {
            sweeps = new ArrayList<>(IDLE.keySet());
        }
        sweeps.forEach(RunWorkers::close);
        BUSY.forEach(WorkerProcess::kill);
    }
}
