package org.btfmu.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.btfmu.cosim.CoSimulation;
import org.btfmu.cosim.CoSimulationException;
import org.btfmu.cosim.ConnectionFile;
import org.btfmu.cosim.Experiment;
import org.btfmu.cosim.FmuInstance;
import org.btfmu.cosim.SspWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code bt-fmu ssp}: writes FMUs and their wiring as one SSP 1.0 file for OMSimulator/OMEdit and others. */
@Command(name = "ssp", mixinStandardHelpOptions = true,
        description = {
            "Writes FMUs, their connections and parameter values as an SSP 1.0 file (System Structure and "
                + "Parameterization): SystemStructure.ssd and the FMUs under resources/. OMEdit, OMSimulator "
                + "and bt-fmu simulate open it.",
            "The communication step travels in an annotation of type org.btfmu.cosim inside the "
                + "DefaultExperiment (SSP 1.0 has no attribute for it). A coupling with an algebraic loop is "
                + "written as it is (other tools may solve it); bt-fmu simulate refuses it."})
public final class SspCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--fmu", required = true, paramLabel = "[<name>=]<file.fmu>",
            description = "An FMU of the system (repeat for several); <name> becomes its component name.")
    List<String> fmus = new ArrayList<>();

    @Option(names = "--connections", paramLabel = "<file.json>",
            description = "Connections and parameters, as for bt-fmu simulate.")
    Path connections;

    @Option(names = {"-p", "--parameter"}, paramLabel = "<fmu.variable>=<value>",
            description = "A parameter or input start value (repeatable; after those of --connections).")
    List<String> parameterValues = new ArrayList<>();

    @Option(names = "--start", defaultValue = "0", description = "Start time in s (default ${DEFAULT-VALUE}).")
    double start;

    @Option(names = "--stop", description = "Stop time in s (the DefaultExperiment's stopTime).")
    Double stop;

    @Option(names = "--step", description = "Communication step in s.")
    Double step;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "<file.ssp>", description = "The SSP file to write.")
    Path output;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        try {
            write(err);
            spec.commandLine().getOut().println("wrote " + output);
            spec.commandLine().getOut().flush();
            return 0;
        } catch (CoSimulationException e) {
            err.println("bt-fmu ssp: " + e.getMessage());
            err.flush();
            return BtFmu.EXIT_BAD_INPUT;
        }
    }

    private void write(PrintWriter err) {
        if (step != null && !(step > 0)) {
            throw new CoSimulationException("--step must be positive (got " + step + ")");
        }
        if (stop != null && !(stop > start)) {
            throw new CoSimulationException("--stop must be after --start (got " + start + " and " + stop + ")");
        }
        Path parent = output.toAbsolutePath().getParent();
        if (!Files.isDirectory(parent)) {
            throw new CoSimulationException(output + ": the folder " + parent + " does not exist");
        }
        List<CoSimulation.FmuSpec> specs = fmus.stream().map(CoSimulation.FmuSpec::parse).toList();
        try (CoSimulation sim = CoSimulation.load(specs, err::println)) {
            List<FmuInstance> loaded = sim.fmus();
            ConnectionFile wiring = connections == null ? new ConnectionFile(List.of(), List.of())
                    : ConnectionFile.read(connections, loaded);
            List<ConnectionFile.ParameterValue> values = new ArrayList<>(wiring.parameters());
            parameterValues.forEach(p -> values.add(ConnectionFile.ParameterValue.assignment(p, loaded)));
            String file = output.getFileName().toString();
            String name = SspWriter.identifier(file.endsWith(".ssp") ? file.substring(0, file.length() - 4) : file);
            SspWriter.write(output, name, loaded, wiring.connections(), values,
                    new Experiment(start, stop == null ? Double.NaN : stop, step == null ? Double.NaN : step));
        }
    }
}
