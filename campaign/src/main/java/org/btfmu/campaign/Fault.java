package org.btfmu.campaign;

/**
 * A fault injected into one run: from the first communication point at or after the time
 * {@code from} (itself varied, as the quantity named {@code timeName}), the input
 * {@code input} ({@code <fmu>.<variable>}) holds {@code value} whatever is connected to it.
 */
record Fault(String input, double value, String timeName, String where) {}
