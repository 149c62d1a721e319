package org.btfmu.cosim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CSV text is the one every earlier version wrote: Double.toString/Integer.toString per value;
 * written on a thread of the writer's own, in order, with write errors reported to the caller.
 */
class CsvWriterTest {

    @TempDir
    Path dir;

    /** The row as the writer formatted it before it reused its buffers: String.valueOf of every value. */
    private static String expectedRow(double time, Object[] values) {
        StringBuilder row = new StringBuilder(String.valueOf(time));
        for (Object value : values) {
            row.append(',');
            row.append(value instanceof Boolean b ? (b ? "1" : "0")
                    : value instanceof String s ? CsvWriter.quote(s) : String.valueOf(value));
        }
        return row.toString();
    }

    @Test
    void manyRandomDoublesAreWrittenAsDoubleToStringWrites() throws Exception {
        SplittableRandom random = new SplittableRandom(26);
        List<String> expected = new ArrayList<>();
        expected.add("time,bits,uniform,scaled,int,flag,text");
        Path csv = dir.resolve("r.csv");
        try (CsvWriter writer = new CsvWriter(csv)) {
            writer.columns(List.of("bits", "uniform", "scaled", "int", "flag", "text"));
            double[] special = {0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
                Double.MIN_VALUE, Double.MAX_VALUE, Double.MIN_NORMAL, 1e23, 2e-3, 1e7, 1e-3, 9.999999999999999e22};
            for (int i = 0; i < 200_000; i++) {
                double time = i < special.length ? special[i] : i * 0.1;
                Object[] row = {
                    Double.longBitsToDouble(random.nextLong()), // every exponent, subnormals, NaN payloads
                    random.nextDouble(),
                    (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(-30, 30)),
                    random.nextInt(),
                    random.nextBoolean(),
                    i % 1000 == 0 ? "a,\"b\"" : "plain",
                };
                writer.sample(time, row);
                expected.add(expectedRow(time, row));
            }
        }
        List<String> written = Files.readAllLines(csv, StandardCharsets.UTF_8);
        assertEquals(expected.size(), written.size());
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i), written.get(i), "row " + i);
        }
    }

    @Test
    void aRowLongerThanTheBufferIsWrittenWhole() throws Exception {
        Path csv = dir.resolve("wide.csv");
        Object[] values = new Object[500];
        List<String> names = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            values[i] = Math.PI * i;
            names.add("c" + i);
        }
        try (CsvWriter writer = new CsvWriter(csv)) {
            writer.columns(names);
            writer.sample(1.5, values);
            writer.sample(2.5, new Object[values.length]);
        }
        List<String> written = Files.readAllLines(csv);
        assertEquals(expectedRow(1.5, values), written.get(1));
        assertEquals(expectedRow(2.5, new Object[values.length]), written.get(2));
    }

    /** The values a master gives, as primitives (the step path), not boxed. */
    private static Values row(int i) {
        Values v = new Values(new VariableType[] {VariableType.REAL, VariableType.INTEGER, VariableType.BOOLEAN,
            VariableType.REAL});
        v.reals[0] = i * 0.25;
        v.ints[1] = i;
        v.ints[2] = i % 3 == 0 ? 1 : 0;
        v.reals[3] = Math.sqrt(i);
        return v;
    }

    private static String expectedRow(double time, Values values) {
        return expectedRow(time, values.boxed());
    }

    @Test
    void trickyValuesAreWrittenAsDoubleToStringAndIntegerToStringWrite() throws Exception {
        double[] reals = {Double.NaN, -0.0, 0.0, 1e-300, -1e-300, 1.0, -1.0, 123.0, 9_999_999.0, -9_999_999.0, 1e7,
            -1e7, 1e7 + 1, 0x1p53, 1e-3, 9.99e-4, 0.1, 1.0 / 3, Double.MIN_VALUE, Double.MAX_VALUE,
            Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 2147483647.0, -2147483648.0, 4294967296.0};
        int[] integers = {0, -1, 1, 9, 10, -10, 999_999_999, Integer.MAX_VALUE, Integer.MIN_VALUE};
        List<String> expected = new ArrayList<>(List.of("time,r,i,b"));
        Path csv = dir.resolve("tricky.csv");
        try (CsvWriter writer = new CsvWriter(csv)) {
            writer.columns(List.of("r", "i", "b"));
            Values v = new Values(new VariableType[] {VariableType.REAL, VariableType.INTEGER, VariableType.BOOLEAN});
            for (int k = 0; k < reals.length * integers.length; k++) {
                v.reals[0] = reals[k % reals.length];
                v.ints[1] = integers[k % integers.length];
                v.ints[2] = k % 2;
                double time = reals[(k + 1) % reals.length]; // the time column takes the same path
                writer.sample(time, v);
                expected.add(expectedRow(time, v));
            }
        }
        assertEquals(expected, Files.readAllLines(csv, StandardCharsets.UTF_8));
        assertEquals("NaN,-0.0,0.0,1.0E-300", String.join(",", expected.get(1).split(",")[1],
                expected.get(2).split(",")[1], expected.get(3).split(",")[1], expected.get(4).split(",")[1]),
                "the expectation itself: Double.toString's forms");
    }

    @Test
    void integerValuedDoublesMatchDoubleToStringAtTheEdgesOfTheShortcut() {
        CsvText text = new CsvText();
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 100_000; i++) {
            double v = i < 1000 ? i - 500 : random.nextLong(-20_000_000, 20_000_000);
            for (double d : new double[] {v, Math.nextUp(v), Math.nextDown(v)}) {
                text.clear();
                text.append(d);
                assertEquals(Double.toString(d), text(text), "value " + d);
            }
        }
    }

    @Test
    void aRepeatedRealCopiesItsTextOnlyForTheSameBits() {
        double[] column = {0.1, 0.1, -0.0, 0.0, 0.0, -0.0, Double.longBitsToDouble(0x7ff8000000000001L), Double.NaN,
            1e-300, 1e-300, 0.30000000000000004, 0.1 + 0.2, 0.3, 1e7, 1e7, 12.5, 12.5, 0.1};
        CsvText text = new CsvText();
        StringBuilder expected = new StringBuilder();
        for (int i = 0; i < column.length; i++) {
            text.append(3, column[i]);
            text.append(',');
            text.append(0, column[column.length - 1 - i]); // another column's memory is its own
            text.append('\n');
            expected.append(column[i]).append(',').append(column[column.length - 1 - i]).append('\n');
        }
        assertEquals(expected.toString(), text(text));
    }

    private static String text(CsvText text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            text.writeTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void rowsAreWrittenInOrderAcrossManyBlocksWhileTheWriterFallsBehind() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        OutputStream slow = new FilterOutputStream(bytes) {
            private int writes;

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                if (++writes % 3 == 0) {
                    sleep(2); // the caller fills every free block and waits for one
                }
                out.write(b, off, len);
            }
        };
        StringBuilder expected = new StringBuilder("time,a,b,c,d\n");
        try (CsvWriter writer = new CsvWriter(dir.resolve("ordered.csv"), slow, 3)) {
            writer.columns(List.of("a", "b", "c", "d"));
            for (int i = 0; i < 30_000; i++) {
                Values v = row(i);
                writer.sample(i, v);
                expected.append(expectedRow(i, v)).append('\n');
            }
        }
        assertEquals(expected.toString(), bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aFullDiskFailsTheRunNamingTheFileKeepsWhatWasWrittenAndEndsTheThread() {
        Path csv = dir.resolve("full.csv");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        OutputStream disk = new FilterOutputStream(bytes) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                if (bytes.size() + len > 100_000) {
                    throw new IOException("No space left on device");
                }
                out.write(b, off, len);
            }
        };
        StringBuilder expected = new StringBuilder("time,a,b,c,d\n");
        CsvWriter writer = new CsvWriter(csv, disk, 50);
        UncheckedIOException error = assertThrows(UncheckedIOException.class, () -> {
            try (writer) {
                writer.columns(List.of("a", "b", "c", "d"));
                for (int i = 0; i < 1_000_000; i++) { // ~30 MB of text: the error must stop the run long before
                    Values v = row(i);
                    writer.sample(i, v);
                    expected.append(expectedRow(i, v)).append('\n');
                }
            }
        });
        assertEquals(csv + ": cannot write", error.getMessage());
        assertEquals("No space left on device", error.getCause().getMessage());
        assertTrue(expected.length() < 1_000_000, "the run stopped soon after the error: " + expected.length());
        assertTrue(expected.toString().startsWith(bytes.toString(StandardCharsets.UTF_8)),
                "what reached the disk is the start of the rows, in order");
        assertFalse(writerThreadAlive(csv), "the writer thread ended");
    }

    @Test
    void aFailingRunStillGetsEveryRowWrittenAndTheThreadEnds() throws Exception {
        Path csv = dir.resolve("failing.csv");
        assertThrows(IllegalStateException.class, () -> {
            try (CsvWriter writer = new CsvWriter(csv)) {
                writer.columns(List.of("a", "b", "c", "d"));
                for (int i = 0; i < 1234; i++) {
                    writer.sample(i, row(i));
                }
                throw new IllegalStateException("an FMU failed");
            }
        });
        List<String> lines = Files.readAllLines(csv);
        assertEquals(1235, lines.size());
        assertEquals(expectedRow(1233, row(1233)), lines.get(1234));
        assertFalse(writerThreadAlive(csv));
    }

    @Test
    void anInterruptedCallerStillGetsEveryRowWrittenKeepsItsInterruptAndTheThreadEnds() throws Exception {
        Path csv = dir.resolve("interrupted.csv");
        try (CsvWriter writer = new CsvWriter(csv)) {
            writer.columns(List.of("a", "b", "c", "d"));
            for (int i = 0; i < 5000; i++) {
                if (i == 100) {
                    Thread.currentThread().interrupt(); // e.g. a Ctrl-C handler; the rows go on
                }
                writer.sample(i, row(i));
            }
        } finally {
            assertTrue(Thread.interrupted(), "the interrupt is kept (and cleared here)");
        }
        List<String> lines = Files.readAllLines(csv);
        assertEquals(5001, lines.size());
        assertEquals(expectedRow(4999, row(4999)), lines.get(5000));
        assertFalse(writerThreadAlive(csv));
    }

    @Test
    void theCallerAllocatesNothingPerRow() {
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        Values v = row(1);
        try (CsvWriter writer = new CsvWriter(dir.resolve("a.csv"), OutputStream.nullOutputStream(), CsvWriter.ROWS)) {
            writer.columns(List.of("a", "b", "c", "d"));
            for (int i = 0; i < 20_000; i++) { // warm: the blocks exist, the code is compiled
                writer.sample(i, v);
            }
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < 200_000; i++) {
                writer.sample(i, v);
            }
            long allocated = threads.getCurrentThreadAllocatedBytes() - before;
            // Boxing the 4 values of 200,000 rows would be 12.8 MB; a String per value more.
            assertTrue(allocated < 1_000_000, "allocated on the caller's thread: " + allocated + " bytes");
        }
    }

    private static boolean writerThreadAlive(Path csv) {
        String name = "bt-fmu-csv " + csv.getFileName();
        return Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals(name) && t.isAlive());
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
