package org.btfmu.campaign;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * Reads a run worker's stdout and stderr (one stream) as long as it runs, so that it never
 * blocks on a full pipe, and keeps the last lines since the start of its current run
 * ({@link RunWorker#RUN_MARK}): what an FMU printed before it ended the process.
 */
final class OutputTail {

    private static final int LINES_KEPT = 60;
    private static final int LONGEST_LINE = 500;

    private final Deque<String> lines = new ArrayDeque<>();
    private final Thread reader;

    OutputTail(Process process) {
        reader = new Thread(() -> read(process), "bt-fmu run worker " + process.pid() + " output");
        reader.setDaemon(true);
        reader.start();
    }

    private void read(Process process) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null;) {
                synchronized (lines) {
                    if (line.startsWith(RunWorker.RUN_MARK)) {
                        lines.clear();
                        continue;
                    }
                    lines.addLast(line.length() > LONGEST_LINE ? line.substring(0, LONGEST_LINE) + "..." : line);
                    if (lines.size() > LINES_KEPT) {
                        lines.removeFirst();
                    }
                }
            }
        } catch (IOException ignored) {
            // the process is gone
        }
    }

    /** Until the worker's output has ended (it has ended), a few seconds at most. */
    void awaitEnd() throws InterruptedException {
        reader.join(5000);
    }

    /** The lines of the current run so far (before the first run: since the start). */
    List<String> lines() {
        synchronized (lines) {
            return List.copyOf(lines);
        }
    }
}
