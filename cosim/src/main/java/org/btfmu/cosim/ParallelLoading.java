package org.btfmu.cosim;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

/**
 * Loads the FMUs of a coupling side by side, up to one thread per processor: unpacking, reading
 * and checking an FMU is a tenth of a second and more of every start, and two FMUs on two cores
 * load in about the time of the larger one. The result is what loading them one after the other
 * gives: the FMUs in the given order or, when any failed, the error of the first one in that
 * order that failed (the same message, whichever thread finished first), with every FMU that did
 * load closed again.
 */
final class ParallelLoading {

    private ParallelLoading() {
    }

    static <S> List<FmuInstance> load(List<S> specs, Function<S, FmuInstance> loader) {
        int threads = Math.min(specs.size(), Runtime.getRuntime().availableProcessors());
        if (threads < 2) {
            return sequentially(specs, loader);
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "bt-fmu-loading");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<FmuInstance>> loading = new ArrayList<>();
            for (S spec : specs) {
                loading.add(pool.submit(() -> loader.apply(spec)));
            }
            List<FmuInstance> loaded = new ArrayList<>();
            Throwable first = null;
            for (Future<FmuInstance> f : loading) {
                // every load is waited for, also after an error: none is left unpacking behind us
                try {
                    loaded.add(awaitUninterruptibly(f));
                } catch (ExecutionException e) {
                    first = first == null ? e.getCause() : first;
                }
            }
            if (first != null) {
                loaded.forEach(FmuInstance::close);
                throw rethrown(first);
            }
            return loaded;
        } finally {
            pool.shutdown();
        }
    }

    private static <S> List<FmuInstance> sequentially(List<S> specs, Function<S, FmuInstance> loader) {
        List<FmuInstance> loaded = new ArrayList<>();
        try {
            for (S spec : specs) {
                loaded.add(loader.apply(spec));
            }
        } catch (RuntimeException | Error e) {
            loaded.forEach(FmuInstance::close);
            throw e;
        }
        return loaded;
    }

    private static <T> T awaitUninterruptibly(Future<T> future) throws ExecutionException {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return future.get();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The loader's own exception (unchecked: {@link FmuInstance#load} throws no other). */
    private static RuntimeException rethrown(Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(t);
    }
}
