package org.btfmu.cosim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The CSV text is the one every earlier version wrote: Double.toString/Integer.toString per value. */
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
}
