package org.btfmu.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Set;
import java.util.concurrent.Callable;
import org.btfmu.btcpp.BtcppException;
import org.btfmu.btcpp.TreeImporter;
import org.btfmu.checker.Checker;
import org.btfmu.checker.Finding;
import org.btfmu.checker.Report;
import org.btfmu.fmu.ModelVariables;
import org.btfmu.mission.Mission;
import org.btfmu.mission.MissionException;
import org.btfmu.mission.MissionLoader;
import org.btfmu.packager.FmuBuildException;
import org.btfmu.packager.FmuInterface;
import org.btfmu.packager.FmiVersion;
import org.btfmu.packager.FmuPackager;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code bt-fmu build mission.json -o X.fmu [--interfaces cs,me]}: an FMI 2.0 FMU
 * (Model Exchange and Co-Simulation by default) from a mission, checked with
 * {@code bt-fmu check} before it takes its place (unless {@code --no-check}). Bad input
 * (mission problems, a model identifier that is no C identifier, an output that cannot be
 * written, a failing check) → exit 2 with every problem listed; nothing is written then,
 * and an existing file is left as it was.
 */
@Command(name = "build", mixinStandardHelpOptions = true,
        description = "Build an FMI 2.0 FMU (linux64; Model Exchange and Co-Simulation) from a mission file.")
public final class BuildCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "MISSION",
            description = "mission JSON file, or a BehaviorTree.CPP XML tree (.xml, or text starting with '<')")
    Path missionFile;

    @Option(names = "--bindings", paramLabel = "FILE.json",
            description = "with a BehaviorTree.CPP tree: its bindings to FMU variables (see bt-fmu import)")
    Path bindings;

    @Mixin
    TreeImportOptions treeOptions = new TreeImportOptions();

    @Option(names = {"-o", "--output"}, paramLabel = "FILE.fmu",
            description = "the FMU to write (default: <mission name>.fmu in the current directory)")
    Path output;

    @Option(names = "--bundle-jre",
            description = "put a minimal Java runtime (jlink'ed from the running JDK; about 16 MB"
                    + " more in the FMU) into the FMU, so it runs where no Java is installed")
    boolean bundleJre;

    /** jlink makes a runtime image for its own platform only; a Windows one needs Windows jmods. */
    static final String WIN64_NO_JRE = "note: the bundled Java runtime is for linux64 only;"
            + " binaries/win64 gets none (jlink needs the Windows JDK's jmods) and uses an"
            + " installed Java 17+ (documentation/externalDependencies.txt)";

    @Option(names = "--model-identifier", paramLabel = "ID",
            description = "the FMU's modelIdentifier and library name, a C identifier"
                    + " (default: the mission name)")
    String modelIdentifier;

    @Option(names = "--interfaces", paramLabel = "cs,me",
            description = "the FMI interfaces the FMU offers: cs (Co-Simulation), me (Model Exchange)"
                    + " or both, comma-separated (default: cs,me)")
    String interfaces = "cs,me";

    @Option(names = "--fmi", paramLabel = "2|3",
            description = "the FMI standard: 2 (FMI 2.0, the default) or 3 (FMI 3.0: Co-Simulation with"
                    + " Event Mode and early return, Model Exchange; not yet read by bt-fmu check)")
    String fmi = "2";

    @Option(names = "--no-check",
            description = "skip bt-fmu check on the new FMU (it runs the FMU in this process)")
    boolean noCheck;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Path target = output;
        Set<FmuInterface> offered;
        FmiVersion version;
        try {
            offered = FmuInterface.parse(interfaces);
            version = FmiVersion.parse(fmi);
        } catch (IllegalArgumentException e) {
            err.println("bt-fmu build: --" + e.getMessage());
            err.flush();
            return BtFmu.EXIT_BAD_INPUT;
        }
        try {
            Mission mission;
            if (isXml(missionFile)) {
                TreeImporter.Imported imported = TreeImporter.importTree(missionFile, bindings, treeOptions.options());
                imported.warnings().forEach(err::println);
                mission = MissionLoader.load(TreeImporter.toText(imported.mission()), missionFile.toString());
            } else if (!treeOptions.given().isEmpty() || bindings != null) {
                err.println("bt-fmu build: " + String.join(", ", treeOptions.given().isEmpty() ? java.util.List.of(
                        "--bindings") : treeOptions.given()) + " apply to a BehaviorTree.CPP tree (.xml), and "
                        + missionFile + " is a mission file");
                return BtFmu.EXIT_BAD_INPUT;
            } else {
                mission = MissionLoader.load(missionFile);
            }
            if (target == null) {
                target = Path.of(mission.name() + ".fmu");
            }
            if (!target.getFileName().toString().endsWith(".fmu")) {
                err.println("bt-fmu build: the output file must end in .fmu (FMI 2.0 §2.3): " + target);
                return BtFmu.EXIT_BAD_INPUT;
            }
            if (Files.isDirectory(target)) {
                err.println("bt-fmu build: " + target + " is a directory; -o names the FMU file to write (e.g. "
                        + target.resolve(mission.name() + ".fmu") + "), and an existing directory is never replaced");
                return BtFmu.EXIT_BAD_INPUT;
            }
            FmuPackager.BuiltFmu fmu = buildChecked(mission, target, offered, version, err);
            if (fmu == null) {
                return BtFmu.EXIT_BAD_INPUT;
            }
            out.println(target + ": " + (version == FmiVersion.FMI3 ? "FMI 3.0 " : "")
                    + FmuInterface.format(offered) + ", "
                    + ModelVariables.of(mission).size() + " variables"
                    + (offered.contains(FmuInterface.MODEL_EXCHANGE)
                            ? ", " + mission.tree().crossingCount() + " event indicators" : "")
                    + ", model identifier " + fmu.modelIdentifier() + ", GUID " + fmu.guid() + ", "
                    + fmu.size() + " bytes" + (bundleJre ? " (with Java runtime)" : ""));
            if (bundleJre) {
                out.println(WIN64_NO_JRE);
            }
            return 0;
        } catch (MissionException e) {
            ValidateCommand.printProblems(err, missionFile, e);
            return BtFmu.EXIT_BAD_INPUT;
        } catch (BtcppException e) {
            ImportCommand.printProblems(err, "build", e);
            return BtFmu.EXIT_BAD_INPUT;
        } catch (FmuBuildException e) {
            err.println("bt-fmu build: " + e.getMessage());
            return BtFmu.EXIT_BAD_INPUT;
        } catch (IOException e) {
            err.println("bt-fmu build: cannot write " + target + ": " + OutputFiles.problem(target, e));
            return BtFmu.EXIT_BAD_INPUT;
        } finally {
            out.flush();
            err.flush();
        }
    }

    /**
     * A BehaviorTree.CPP tree: named *.xml, or its first non-blank character is '&lt;'. A path
     * that is no regular file (a FIFO, a device) is not opened here: the mission loader says what it is.
     */
    static boolean isXml(Path file) {
        if (!Files.isRegularFile(file)) {
            return false;
        }
        if (file.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".xml")) {
            return true;
        }
        try (java.io.Reader r = java.nio.file.Files.newBufferedReader(file)) {
            int c;
            do {
                c = r.read();
            } while (c == '\uFEFF' || (c >= 0 && Character.isWhitespace(c)));
            return c == '<';
        } catch (IOException e) {
            return false; // the mission loader reports the unreadable file
        }
    }

    /**
     * Builds into a temporary file beside the target, checks it, and only then moves it
     * into place; null (after printing the findings) when the check finds an error.
     */
    private FmuPackager.BuiltFmu buildChecked(Mission mission, Path target, Set<FmuInterface> offered,
            FmiVersion version, PrintWriter err) throws FmuBuildException, IOException {
        FmuPackager.Options options = new FmuPackager.Options(modelIdentifier, bundleJre, offered, version);
        Path parent = target.toAbsolutePath().getParent();
        if (noCheck || parent == null || !Files.isDirectory(parent)) {
            return new FmuPackager().build(mission, options, target); // reports a missing folder
        }
        Path candidate = Files.createTempFile(parent, ".bt-fmu-build-", ".fmu");
        try {
            FmuPackager.BuiltFmu fmu = new FmuPackager().build(mission, options, candidate);
            Report report = Checker.check(candidate);
            if (report.hasErrors()) {
                err.println("bt-fmu build: the new FMU fails bt-fmu check, so " + target
                        + " was not written:");
                for (Finding finding : report.errors()) {
                    err.println("  " + finding);
                }
                return null;
            }
            Files.move(candidate, target, StandardCopyOption.REPLACE_EXISTING);
            return fmu;
        } finally {
            Files.deleteIfExists(candidate);
        }
    }
}
