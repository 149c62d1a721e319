package org.btfmu.cosim;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.stream.Stream;

/**
 * The temporary folders of unpacked FMUs and SSPs this process made, removed when their owner
 * closes them and, for those still open, by a shutdown hook: SIGINT and SIGTERM end the JVM
 * without unwinding the thread that runs the simulation, so its try-with-resources never close.
 *
 * <p>The hook only deletes files. It never calls into an FMU: the simulating thread may be
 * inside one (freeing the instance under it would crash the process), and deleting a loaded
 * shared library leaves its mapping intact.
 *
 * <p>The thread that unpacks goes on while the hook runs, so unpacking ({@link #unpacking}) holds
 * a lock the hook waits for: a folder made just before or during the hook is removed whole, and
 * no unpacking starts once the hook has begun.
 */
final class TemporaryFolders {

    private static final Set<Runnable> OPEN = ConcurrentHashMap.newKeySet();
    private static final ReentrantReadWriteLock UNPACKING = new ReentrantReadWriteLock();
    /** How long the hook waits for an unpacking under way before it removes what is there. */
    private static final long UNPACKING_WAIT_SECONDS = 30;
    private static volatile boolean ending;

    /** Work that makes temporary folders and registers their removal. */
    @FunctionalInterface
    interface Unpacking<T> {
        T run() throws IOException;
    }

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(TemporaryFolders::removeOpen, "bt-fmu temporary folders"));
    }

    private TemporaryFolders() {
    }

    /** Remembers {@code removal} (which deletes some folders) until {@link #remove} runs it, or the JVM exits. */
    static Runnable register(Runnable removal) {
        OPEN.add(removal);
        return removal;
    }

    /**
     * Runs {@code work} with the hook held off until it returns.
     *
     * @throws CoSimulationException when the process is already ending (a signal arrived)
     */
    static <T> T unpacking(Unpacking<T> work) throws IOException {
        UNPACKING.readLock().lock();
        try {
            if (ending && UNPACKING.getReadHoldCount() == 1) {
                throw new CoSimulationException("the process is ending (a signal arrived): nothing more is unpacked");
            }
            return work.run();
        } finally {
            UNPACKING.readLock().unlock();
        }
    }

    /** Runs a registered removal now (once) and forgets it. */
    static void remove(Runnable removal) {
        if (removal != null && OPEN.remove(removal)) {
            removal.run();
        }
    }

    /** Deletes {@code path} and everything below it, without following symbolic links; best effort. */
    static void delete(Path path) {
        if (path == null || !Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(path)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | java.io.UncheckedIOException ignored) {
            // best effort: a temporary folder
        }
    }

    private static void removeOpen() {
        ending = true;
        boolean waited = false;
        try {
            waited = UNPACKING.writeLock().tryLock(UNPACKING_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (Runnable removal : OPEN) {
            try {
                removal.run();
            } catch (RuntimeException ignored) {
                // the others still go
            }
        }
        OPEN.clear();
        if (waited) {
            UNPACKING.writeLock().unlock();
        }
    }
}
