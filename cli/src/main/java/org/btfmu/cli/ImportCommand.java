package org.btfmu.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.btfmu.btcpp.BtcppException;
import org.btfmu.btcpp.ImportOptions;
import org.btfmu.btcpp.TreeImporter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code bt-fmu import tree.xml [--bindings b.json] -o mission.json}: a BehaviorTree.CPP XML
 * tree as a mission file; {@code --tree}, {@code --strict}, {@code --nodes}, {@code --library} as
 * {@link ImportOptions} says; warnings (inferred nodes, leniencies) go to standard error. Bad input → exit 2 with every problem located (file:line:col and
 * the XML path); nothing is written then.
 */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = "Import a BehaviorTree.CPP / Groot2 XML tree (format 3 or 4) as a mission file.")
public final class ImportCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "TREE.xml", description = "BehaviorTree.CPP XML file")
    Path tree;

    @Option(names = "--bindings", paramLabel = "FILE.json",
            description = "binds custom leaves and blackboard keys to FMU variables (default: the handshake"
                    + " X.request/X.ack/X.result, X.value; keys become locals)")
    Path bindings;

    @Mixin
    TreeImportOptions treeOptions = new TreeImportOptions();

    @Option(names = {"-o", "--output"}, paramLabel = "MISSION.json",
            description = "the mission file to write (default: standard output)")
    Path output;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            TreeImporter.Imported imported = TreeImporter.importTree(tree, bindings,
                    treeOptions.options());
            imported.warnings().forEach(err::println);
            String text = TreeImporter.toText(imported.mission());
            if (output == null) {
                out.print(text);
            } else {
                OutputFiles.writeAtomically(output, text);
                out.println(output + ": mission imported from " + tree);
            }
            return 0;
        } catch (BtcppException e) {
            printProblems(err, "import", e);
            return BtFmu.EXIT_BAD_INPUT;
        } catch (IOException e) {
            err.println("bt-fmu import: cannot write " + output + ": " + e.getMessage());
            return BtFmu.EXIT_BAD_INPUT;
        } finally {
            out.flush();
            err.flush();
        }
    }

    static void printProblems(PrintWriter err, String command, BtcppException e) {
        int n = e.problems().size();
        err.println("bt-fmu " + command + ": " + n + (n == 1 ? " problem" : " problems"));
        e.problems().forEach(err::println);
    }
}
