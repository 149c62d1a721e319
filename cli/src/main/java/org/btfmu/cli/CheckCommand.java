package org.btfmu.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.btfmu.checker.Checker;
import org.btfmu.checker.Finding;
import org.btfmu.checker.Report;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code bt-fmu check X.fmu...}: the checks of {@link Checker} on any FMI 2.0 or FMI 3.0 FMU
 * (chosen by the model description's fmiVersion). Prints
 * every finding ({@code error:} or {@code note:}, located) and a summary per FMU; exit 0
 * when no FMU has an error, 2 otherwise (notes alone do not fail).
 */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = {"Check FMI 2.0 and FMI 3.0 FMUs: the model description (the XSD and the rules of"
                + " FMI 2.0 §2.2 or FMI 3.0 §2.4), the binaries' exports, a run of the calling sequence of"
                + " each interface the FMU offers (FMI 3.0 Co-Simulation also with Event Mode and early"
                + " return), and the declared dependencies against what setting each input and tunable"
                + " parameter does in Initialization Mode and in Step Mode (Co-Simulation) and what moving"
                + " each continuous state and input does in Continuous-Time Mode (Model Exchange; FMI 3.0"
                + " also the event indicators).",
            "Exit 0 without errors (notes are allowed), 2 with errors."})
public final class CheckCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "FMU", description = "the FMU files to check")
    List<Path> fmus;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        boolean clean = true;
        for (Path fmu : fmus) {
            try {
                Report report = Checker.check(fmu);
                print(report, out);
                clean &= !report.hasErrors();
            } catch (IllegalArgumentException | IOException e) {
                err.println("bt-fmu check: " + e.getMessage());
                clean = false;
            }
        }
        out.flush();
        err.flush();
        return clean ? 0 : BtFmu.EXIT_BAD_INPUT;
    }

    /** The findings, one per line prefixed with the FMU, then "FMU: N errors, M notes". */
    static void print(Report report, PrintWriter out) {
        for (Finding finding : report.findings()) {
            out.println(report.fmu() + ": " + finding);
        }
        out.println(report.fmu() + ": " + report.summary());
    }
}
