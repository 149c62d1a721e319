package org.btfmu.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.btfmu.mission.Mission;
import org.btfmu.mission.MissionException;
import org.btfmu.mission.MissionLoader;
import org.btfmu.mission.Problem;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code bt-fmu validate mission.json...}: exit 0 if every file is valid, else 2 with all problems. */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = {"Check mission files and list every problem (file:line:column: JSON pointer: message).",
                "Also warns about divisions, sqrt, log and atan2 whose operands can reach their bad domain"
                        + " within the variables' declared min/max (the mission is still valid: exit 0)."})
public final class ValidateCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "MISSION", description = "mission JSON files")
    List<Path> files;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        int exit = 0;
        for (Path file : files) {
            try {
                Mission mission = MissionLoader.load(file);
                List<Problem> warnings = mission.warnings();
                out.println(file + ": ok (" + mission.variables().size() + " variables, "
                        + mission.tree().tasks().size() + " tasks" + (warnings.isEmpty() ? ""
                        : ", " + warnings.size() + (warnings.size() == 1 ? " warning" : " warnings")) + ")");
                for (Problem warning : warnings) {
                    out.println(file + (warning.line() > 0 ? ":" : ": ") + new Problem(warning.pointer(),
                            "warning: " + warning.message(), warning.line(), warning.column()));
                }
            } catch (MissionException e) {
                printProblems(err, file, e);
                exit = BtFmu.EXIT_BAD_INPUT;
            }
        }
        out.flush();
        err.flush();
        return exit;
    }

    /** Every problem of a mission file as {@code file:line:column: /pointer: message}, after a count. */
    static void printProblems(PrintWriter err, Path file, MissionException e) {
        List<Problem> problems = e.problems();
        err.println(file + ": " + problems.size() + (problems.size() == 1 ? " problem" : " problems"));
        for (Problem problem : problems) {
            err.println(file + (problem.line() > 0 ? ":" : ": ") + problem);
        }
    }
}
