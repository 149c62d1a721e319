package org.btfmu.maven;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.btfmu.checker.Checker;
import org.btfmu.checker.Finding;
import org.btfmu.checker.Report;

/**
 * The checks of {@code bt-fmu check} ({@link Checker}) on each FMU given as an
 * argument, in a process of its own (started through {@link JavaProcess}: the
 * calling-sequence run loads the FMU's binary). One line per finding on
 * standard output: {@link #ERROR} or {@link #NOTE}, then {@code fmu: where: message}.
 * Exit code 0 when no FMU has an error, else 1.
 */
public final class FmuCheckMain {

    static final String ERROR = "ERROR ";
    static final String NOTE = "NOTE ";

    private FmuCheckMain() {
    }

    public static void main(String[] args) {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        boolean clean = true;
        for (String file : args) {
            Path fmu = Path.of(file);
            try {
                Report report = Checker.check(fmu);
                for (Finding finding : report.findings()) {
                    out.println((finding.isError() ? ERROR : NOTE) + fmu.getFileName() + ": " + finding.where() + ": "
                            + finding.message().replace('\n', ' '));
                }
                clean &= !report.hasErrors();
            } catch (IOException | IllegalArgumentException e) {
                out.println(ERROR + fmu.getFileName() + ": " + e.getMessage());
                clean = false;
            }
        }
        System.exit(clean ? 0 : 1);
    }
}
