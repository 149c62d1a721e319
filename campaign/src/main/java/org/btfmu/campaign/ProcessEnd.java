package org.btfmu.campaign;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a run worker ended, in words for a run's message: the signal or the exit code, and what
 * it printed during the run. The JVM's own report of a crash in native code (lines starting
 * with '#', with addresses and a process id that differ every time) gives the signal and the
 * native frame, and is otherwise left out, so that the message is the same for the same run.
 */
final class ProcessEnd {

    /** {@code #  SIGSEGV (0xb) at pc=...}: the JVM caught the signal, reported it and aborted. */
    private static final Pattern JVM_SIGNAL = Pattern.compile("#\\s+(SIG[A-Z0-9]+) \\(0x([0-9a-f]+)\\).*");
    /** {@code # C  [Crash.so+0x1139]  step+0x19}: the native frame the JVM's report names. */
    private static final Pattern NATIVE_FRAME = Pattern.compile(
            "#\\s+C\\s+\\[([^+\\]]+)(?:\\+0x[0-9a-f]+)?\\]\\s*([^+\\s]*).*");
    private static final Map<Integer, String> SIGNALS = Map.ofEntries(Map.entry(1, "SIGHUP"), Map.entry(2, "SIGINT"),
            Map.entry(3, "SIGQUIT"), Map.entry(4, "SIGILL"), Map.entry(5, "SIGTRAP"), Map.entry(6, "SIGABRT"),
            Map.entry(7, "SIGBUS"), Map.entry(8, "SIGFPE"), Map.entry(9, "SIGKILL"), Map.entry(11, "SIGSEGV"),
            Map.entry(13, "SIGPIPE"), Map.entry(15, "SIGTERM"));
    private static final int OUTPUT_LINES_SHOWN = 8;

    private ProcessEnd() {
    }

    /**
     * {@code the run's FMU process ended with signal 11 (SIGSEGV) in step (Crash.so); its output: ...}
     * from the exit value (128 + n for a signal n, as Java reports it) and the run's output lines.
     */
    static String describe(int exitValue, List<String> output) {
        String how = null;
        String where = "";
        for (String line : output) {
            Matcher signal = JVM_SIGNAL.matcher(line);
            Matcher frame = NATIVE_FRAME.matcher(line);
            if (how == null && signal.matches()) {
                how = "signal " + Integer.parseInt(signal.group(2), 16) + " (" + signal.group(1) + ")";
            } else if (where.isEmpty() && frame.matches()) {
                where = " in " + (frame.group(2).isEmpty() ? "" : frame.group(2) + " ") + "(" + frame.group(1) + ")";
            }
        }
        if (how == null) {
            how = exitValue > 128 && exitValue < 128 + 65 ? "signal " + (exitValue - 128) + " ("
                    + SIGNALS.getOrDefault(exitValue - 128, "SIG" + (exitValue - 128)) + ")"
                    : "exit code " + exitValue;
        }
        return "the run's FMU process ended with " + how + where + output(output);
    }

    /** {@code ; its output: a | b} (the last lines but the JVM's crash report), or nothing. */
    static String output(List<String> output) {
        List<String> shown = output.stream().filter(l -> !l.isBlank() && !l.startsWith("#")
                && !l.startsWith("[error occurred during error reporting")).toList();
        shown = shown.subList(Math.max(0, shown.size() - OUTPUT_LINES_SHOWN), shown.size());
        return shown.isEmpty() ? "" : "; its output: " + String.join(" | ", shown);
    }
}
