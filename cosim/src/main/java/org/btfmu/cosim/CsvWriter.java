package org.btfmu.cosim;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Writes samples as CSV: a header {@code time,<column>...}, then one row per
 * communication point. Reals are written in Java's shortest round-trip form,
 * Booleans as 1/0 (so every numeric column plots), Strings quoted when needed.
 * Rows are flushed on {@link #close()}, which a failing run also reaches.
 *
 * <p>The text is made and written on a thread of its own: formatting numbers was a sixth of
 * the master's thread. The caller copies each row's primitive values into a block of rows and
 * hands full blocks over; a few blocks circulate between the two threads, so a run allocates
 * nothing per row. A write error is reported by the next call on the caller's thread (a
 * {@link #sample} or {@link #close}), naming the file; what the file then holds is the rows up to
 * the failed write. {@link #close} waits for every row to be written and the thread to end.
 */
public final class CsvWriter implements SampleListener, AutoCloseable {

    /** Rows per block: large enough that handing over is rare, small enough to stay in a cache's reach. */
    static final int ROWS = 512;
    /** Blocks in circulation: while the writer formats one, the caller fills another. */
    private static final int BLOCKS = 4;

    private final Path file;
    private final int rowsPerBlock;
    private final Thread writer;
    private final BlockingQueue<Block> full = new ArrayBlockingQueue<>(BLOCKS + 2); // blocks, a header, the end
    private final BlockingQueue<Block> free = new ArrayBlockingQueue<>(BLOCKS);
    private int made;
    private Block block; // being filled by the caller, or null
    private volatile Throwable failure; // the writer's, read by the caller
    private boolean reported;
    private boolean closed;

    public CsvWriter(Path file) {
        this(file, open(file), ROWS);
    }

    /** Writing to {@code out} (closed at the end), {@code file} naming it in errors; for tests. */
    CsvWriter(Path file, OutputStream out, int rowsPerBlock) {
        this.file = file;
        this.rowsPerBlock = rowsPerBlock;
        writer = new Thread(() -> write(out), "bt-fmu-csv " + file.getFileName());
        writer.setDaemon(true); // never keeps the JVM alive; close() waits for it
        writer.start();
    }

    private static OutputStream open(Path file) {
        try {
            return Files.newOutputStream(file);
        } catch (IOException e) {
            throw new CoSimulationException(file + ": cannot write: " + e.getMessage(), e);
        }
    }

    @Override
    public void columns(List<String> names) {
        handOver();
        Block header = new Block(null, 0, 0);
        header.header = new StringBuilder("time");
        for (String name : names) {
            header.header.append(',').append(quote(name));
        }
        put(header);
    }

    @Override
    public void sample(double time, Object[] values) {
        sample(time, Values.of(values));
    }

    @Override
    public void sample(double time, Values values) {
        failed();
        if (block != null && !block.holds(values)) {
            handOver();
        }
        if (block == null) {
            block = take(values);
        }
        block.add(time, values);
        if (block.rows == rowsPerBlock) {
            handOver();
        }
    }

    static String quote(String text) {
        if (text.indexOf(',') < 0 && text.indexOf('"') < 0 && text.indexOf('\n') < 0 && text.indexOf('\r') < 0) {
            return text;
        }
        return '"' + text.replace("\"", "\"\"") + '"';
    }

    /** Hands over the rows not yet written, waits until they are and the thread has ended; reports a write error. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (failure == null) {
            handOver();
        }
        put(Block.END); // the writer takes everything queued before it, then ends
        boolean interrupted = false;
        while (writer.isAlive()) {
            try {
                writer.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        failed();
    }

    // --- the caller's side ---

    private void handOver() {
        if (block != null && block.rows > 0) {
            put(block);
            block = null;
        }
    }

    /**
     * Queues {@code b} for the writer, waiting while it is behind (it takes whatever comes, even after
     * an error). An interrupt does not stop the rows, as it did not when they were written on this
     * thread: it is kept for the caller to see.
     */
    private void put(Block b) {
        boolean interrupted = false;
        boolean queued = false;
        while (!queued) {
            try {
                queued = full.offer(b, 100, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                interrupted = true;
            }
            if (!queued && !writer.isAlive()) {
                throw new IllegalStateException(file + ": the CSV writer thread has ended");
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** A free block for rows like {@code values}: a new one while fewer than BLOCKS exist, else one written. */
    private Block take(Values values) {
        Block b = free.poll();
        if (b == null && made < BLOCKS) {
            made++;
            b = new Block(null, 0, rowsPerBlock);
        }
        boolean interrupted = false;
        while (b == null) {
            try {
                b = free.poll(100, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                interrupted = true;
            }
            if (b == null && !writer.isAlive()) {
                throw new IllegalStateException(file + ": the CSV writer thread has ended");
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        b.shape(values);
        return b;
    }

    private void failed() {
        Throwable f = failure;
        if (f != null && !reported) {
            reported = true;
            if (f instanceof IOException e) {
                throw new UncheckedIOException(file + ": cannot write", e);
            }
            throw new IllegalStateException(file + ": cannot write: " + f, f);
        }
    }

    // --- the writer's side ---

    private void write(OutputStream out) {
        CsvText text = new CsvText();
        try (out) {
            for (Block b = full.take(); b != Block.END; b = full.take()) {
                if (failure == null) {
                    try {
                        b.format(text);
                        if (text.length() >= 1 << 15) {
                            text.writeTo(out);
                        }
                    } catch (IOException | RuntimeException | Error e) {
                        failure = e; // later blocks are taken and dropped, so the caller never waits
                    }
                }
                if (b.header == null) {
                    b.rows = 0;
                    free.add(b);
                }
            }
            if (failure == null) {
                text.writeTo(out);
            }
        } catch (IOException | RuntimeException e) {
            if (failure == null) {
                failure = e; // the last write or the close
            }
        } catch (InterruptedException e) {
            // nobody interrupts this thread (close() waits for the end marker)
        }
    }

    /** Rows of one shape: times, and per row every value as a double (Integers and 1/0 exactly) or a String. */
    private static final class Block {
        static final Block END = new Block(null, 0, 0);

        StringBuilder header; // a header line instead of rows
        VariableType[] types;
        int width;
        final double[] times;
        double[] numbers;
        String[] strings;
        int rows;

        Block(VariableType[] types, int width, int capacity) {
            this.types = types;
            this.width = width;
            this.times = new double[capacity];
            this.numbers = new double[0];
        }

        boolean holds(Values values) {
            if (values.size() != width) {
                return false;
            }
            for (int c = 0; c < width; c++) {
                if (values.type(c) != types[c]) {
                    return false;
                }
            }
            return true;
        }

        void shape(Values values) {
            if (types == null || !holds(values)) {
                width = values.size();
                types = new VariableType[width];
                boolean text = false;
                for (int c = 0; c < width; c++) {
                    types[c] = values.type(c);
                    text |= types[c] == VariableType.STRING;
                }
                if (numbers.length < times.length * width) {
                    numbers = new double[times.length * width];
                }
                strings = text ? new String[times.length * width] : null;
            }
        }

        void add(double time, Values values) {
            times[rows] = time;
            int at = rows * width;
            for (int c = 0; c < width; c++) {
                switch (types[c]) {
                    case REAL -> numbers[at + c] = values.reals[c];
                    case INTEGER, BOOLEAN -> numbers[at + c] = values.ints[c];
                    case STRING -> strings[at + c] = values.strings[c];
                }
            }
            rows++;
        }

        void format(CsvText text) {
            if (header != null) {
                text.append(header.toString());
                text.append('\n');
                return;
            }
            for (int r = 0; r < rows; r++) {
                text.append(0, times[r]);
                int at = r * width;
                for (int c = 0; c < width; c++) {
                    text.append(',');
                    switch (types[c]) {
                        case REAL -> text.append(c + 1, numbers[at + c]);
                        case INTEGER -> text.append((int) numbers[at + c]);
                        case BOOLEAN -> text.append(numbers[at + c] != 0 ? '1' : '0');
                        case STRING -> text.append(quote(String.valueOf(strings[at + c])));
                    }
                }
                text.append('\n');
            }
            if (strings != null) {
                java.util.Arrays.fill(strings, 0, rows * width, null); // let the Strings go
            }
        }
    }
}
