package org.btfmu.cosim;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes samples as CSV: a header {@code time,<column>...}, then one row per
 * communication point. Reals are written in Java's shortest round-trip form,
 * Booleans as 1/0 (so every numeric column plots), Strings quoted when needed.
 * Rows are flushed on {@link #close()}, which a failing run also reaches.
 */
public final class CsvWriter implements SampleListener, AutoCloseable {

    private final BufferedWriter out;
    private final Path file;
    /** One row at a time, reused: the primitive appends format without a String per value. */
    private final StringBuilder line = new StringBuilder(256);
    private char[] chars = new char[256];

    public CsvWriter(Path file) {
        this.file = file;
        try {
            out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new CoSimulationException(file + ": cannot write: " + e.getMessage(), e);
        }
    }

    @Override
    public void columns(List<String> names) {
        line.setLength(0);
        line.append("time");
        for (String name : names) {
            line.append(',').append(quote(name));
        }
        write(line);
    }

    @Override
    public void sample(double time, Object[] values) {
        line.setLength(0);
        line.append(time);
        for (Object value : values) {
            line.append(',');
            // append(double)/append(int) format in place, the same text as Double.toString/Integer.toString.
            if (value instanceof Double d) {
                line.append(d.doubleValue());
            } else if (value instanceof Integer i) {
                line.append(i.intValue());
            } else if (value instanceof Boolean b) {
                line.append(b ? '1' : '0');
            } else if (value instanceof String s) {
                line.append(quote(s));
            } else {
                line.append(value);
            }
        }
        write(line);
    }

    private void write(StringBuilder line) {
        line.append('\n');
        int n = line.length();
        if (chars.length < n) {
            chars = new char[Math.max(n, 2 * chars.length)];
        }
        line.getChars(0, n, chars, 0);
        try {
            out.write(chars, 0, n);
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot write", e);
        }
    }

    static String quote(String text) {
        if (text.indexOf(',') < 0 && text.indexOf('"') < 0 && text.indexOf('\n') < 0 && text.indexOf('\r') < 0) {
            return text;
        }
        return '"' + text.replace("\"", "\"\"") + '"';
    }

    @Override
    public void close() {
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot write", e);
        }
    }
}
