package org.btfmu.cosim;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * CSV text built as bytes in one reusable buffer: numbers are formatted in place, with no String
 * per value. A Real reads exactly as {@link Double#toString(double)} gives it (integer values
 * below 10^7, the common case for times and counts, without going through it at all), an
 * Integer as {@link Integer#toString(int)}; everything else but Strings is ASCII.
 */
final class CsvText {

    /** Below this, Double.toString writes an integer value as its digits and ".0" (from 10^7 on, as 1.0E7). */
    private static final double PLAIN_INTEGERS = 1e7;

    private byte[] bytes = new byte[1 << 16];
    private int length;
    /** Per column: the text of the Real written last (its length first) and its bits; see {@link #append(int, double)}. */
    private byte[][] lastText = new byte[0][];
    private long[] lastBits = new long[0];

    int length() {
        return length;
    }

    void clear() {
        length = 0;
    }

    void writeTo(OutputStream out) throws IOException {
        out.write(bytes, 0, length);
        length = 0;
    }

    void append(char ascii) {
        room(1);
        bytes[length++] = (byte) ascii;
    }

    /** Text that may hold any character, as UTF-8. */
    void append(String text) {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        room(utf8.length);
        System.arraycopy(utf8, 0, bytes, length, utf8.length);
        length += utf8.length;
    }

    @SuppressWarnings("deprecation") // getBytes(int, int, byte[], int): each char's low byte, exact for this ASCII text
    void append(double value) {
        // an int cast, not Math.rint: that is a call into StrictMath under C1
        if (Math.abs(value) < PLAIN_INTEGERS && value == (int) value) {
            if (value == 0 && Double.doubleToRawLongBits(value) != 0) {
                append('-'); // -0.0
            }
            append((int) value);
            append('.');
            append('0');
            return;
        }
        // Double.toString's String, copied once: through a reused StringBuilder the digits were copied
        // three times (its Latin-1 bytes, chars, bytes), which cost more than the String under C1
        String text = Double.toString(value);
        int n = text.length();
        room(n);
        text.getBytes(0, n, bytes, length);
        length += n;
    }

    void append(int value) {
        room(11);
        if (value < 0) {
            if (value == Integer.MIN_VALUE) { // the one int without a positive counterpart
                append("-2147483648");
                return;
            }
            bytes[length++] = '-';
            value = -value;
        }
        int end = length + digitCount(value);
        for (int i = end - 1; i >= length; i--) { // int arithmetic: C1 calls into the VM for long division
            bytes[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
        length = end;
    }

    private static int digitCount(int v) {
        int n = 1;
        while (v >= 10) {
            v /= 10;
            n++;
        }
        return n;
    }

    /**
     * A Real of column {@code column}, as {@link #append(double)} writes it; when the column held the
     * same bits in the row before, its text is copied instead of made again (the same bits give the
     * same text). In a co-simulation most values hold still for many rows (a battery that is full, a
     * setpoint), and making the digits is most of the writer's work.
     */
    void append(int column, double value) {
        if (column >= lastText.length) {
            int n = Math.max(column + 1, 2 * lastText.length);
            lastText = java.util.Arrays.copyOf(lastText, n);
            lastBits = java.util.Arrays.copyOf(lastBits, n);
        }
        long bits = Double.doubleToRawLongBits(value);
        byte[] last = lastText[column];
        if (last != null && lastBits[column] == bits) {
            int n = last[0];
            room(n);
            System.arraycopy(last, 1, bytes, length, n);
            length += n;
            return;
        }
        int start = length;
        append(value);
        int n = length - start;
        if (last == null) {
            last = new byte[33]; // the length, then Double.toString's at most 24 characters (more for safety)
            lastText[column] = last;
        }
        if (n < last.length) {
            last[0] = (byte) n;
            System.arraycopy(bytes, start, last, 1, n);
            lastBits[column] = bits;
        }
    }

    private void room(int more) {
        if (length + more > bytes.length) {
            bytes = java.util.Arrays.copyOf(bytes, Math.max(length + more, 2 * bytes.length));
        }
    }
}
