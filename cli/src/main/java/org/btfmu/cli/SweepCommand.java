package org.btfmu.cli;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * {@code bt-fmu sweep}: listed here for the help; the bt-fmu launcher starts it directly with
 * the campaign module's class path, and {@code java -jar bt-fmu.jar sweep} starts that in a
 * JVM of its own ({@link SweepProcess}). Spark is never loaded into this JVM.
 */
@Command(name = "sweep",
        description = {"Runs a verification campaign on Apache Spark: one coupling co-simulated over varied"
                + " parameters and faults, a Parquet table and an HTML summary (docs/campaigns.md).",
            "Usage: bt-fmu sweep <campaign.json> [-o <dir>] [--master local[*]|local[N]|spark://host:7077]"
                + " [--rerun N]; bt-fmu sweep --help for the details."})
public final class SweepCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Unmatched
    List<String> args = new ArrayList<>();

    @Override
    public Integer call() throws IOException {
        return SweepProcess.run(args, spec.commandLine().getOut(), spec.commandLine().getErr());
    }
}
