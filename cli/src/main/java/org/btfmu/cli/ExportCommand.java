package org.btfmu.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.btfmu.btcpp.BtcppException;
import org.btfmu.btcpp.TreeExporter;
import org.btfmu.mission.MissionException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code bt-fmu export --btcpp mission.json -o tree.xml}: a mission as a BehaviorTree.CPP format-4 file. */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = "Export a mission as a BehaviorTree.CPP format-4 XML file that Groot2 opens.")
public final class ExportCommand implements Callable<Integer> {

    @Option(names = "--btcpp", required = true, description = "write BehaviorTree.CPP XML (the only format)")
    boolean btcpp;

    @Parameters(index = "0", paramLabel = "MISSION.json", description = "mission file")
    Path mission;

    @Option(names = {"-o", "--output"}, paramLabel = "TREE.xml",
            description = "the XML file to write (default: standard output)")
    Path output;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            String xml = TreeExporter.export(mission);
            if (output == null) {
                out.print(xml);
            } else {
                OutputFiles.writeAtomically(output, xml);
                out.println(output + ": BehaviorTree.CPP tree exported from " + mission);
            }
            return 0;
        } catch (MissionException e) {
            ValidateCommand.printProblems(err, mission, e);
            return BtFmu.EXIT_BAD_INPUT;
        } catch (BtcppException e) {
            ImportCommand.printProblems(err, "export", e);
            return BtFmu.EXIT_BAD_INPUT;
        } catch (IOException e) {
            err.println("bt-fmu export: cannot write " + output + ": " + e.getMessage());
            return BtFmu.EXIT_BAD_INPUT;
        } finally {
            out.flush();
            err.flush();
        }
    }
}
