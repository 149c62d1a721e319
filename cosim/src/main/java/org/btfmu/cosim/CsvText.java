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
    /** Double.toString's digits for the values without a shortcut; reused. */
    private final StringBuilder digits = new StringBuilder(32);

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

    void append(double value) {
        if (value == Math.rint(value) && Math.abs(value) < PLAIN_INTEGERS) {
            if (value == 0 && Double.doubleToRawLongBits(value) != 0) {
                append('-'); // -0.0
            }
            append((int) value);
            append('.');
            append('0');
            return;
        }
        digits.setLength(0);
        digits.append(value); // the same text as Double.toString, without a String
        int n = digits.length();
        room(n);
        for (int i = 0; i < n; i++) {
            bytes[length++] = (byte) digits.charAt(i);
        }
    }

    void append(int value) {
        room(11);
        long v = value; // Integer.MIN_VALUE has no positive int
        if (v < 0) {
            bytes[length++] = '-';
            v = -v;
        }
        int end = length + digitCount(v);
        for (int i = end - 1; i >= length; i--) {
            bytes[i] = (byte) ('0' + v % 10);
            v /= 10;
        }
        length = end;
    }

    private static int digitCount(long v) {
        int n = 1;
        while (v >= 10) {
            v /= 10;
            n++;
        }
        return n;
    }

    private void room(int more) {
        if (length + more > bytes.length) {
            bytes = java.util.Arrays.copyOf(bytes, Math.max(length + more, 2 * bytes.length));
        }
    }
}
