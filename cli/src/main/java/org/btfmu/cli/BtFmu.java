package org.btfmu.cli;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code bt-fmu} command. Exit codes: 0 success, 2 bad input or a failed run
 * (the message says what and where), 1 an internal error.
 */
@Command(name = "bt-fmu", mixinStandardHelpOptions = true, version = "bt-fmu 0.1.0",
        description = "Behavior-tree mission plans as FMI 2.0 Co-Simulation FMUs.")
public final class BtFmu {

    /** Exit code for bad input: a mission, FMU or option the user must fix. */
    public static final int EXIT_BAD_INPUT = 2;

    /** Every subcommand, in the order the help lists them. */
    static final List<Class<?>> COMMANDS = List.of(
            CommandLine.HelpCommand.class,
            ValidateCommand.class,
            ShowCommand.class,
            BuildCommand.class,
            ImportCommand.class,
            ExportCommand.class,
            CheckCommand.class,
            SimulateCommand.class,
            SspCommand.class,
            SweepCommand.class,
            DemoCommand.class,
            org.btfmu.demo.Table1Command.class);

    public static void main(String[] args) {
        // No option takes a java.time or java.sql type: picocli need not load their converters by
        // reflection (about 10 ms of every start).
        if (System.getProperty("picocli.converters.excludes") == null) {
            System.setProperty("picocli.converters.excludes", "java\\.sql\\..*,java\\.time\\..*");
        }
        System.exit(run(args));
    }

    /** Runs the command line and returns its exit code (tests call this). */
    public static int run(String... args) {
        CommandLine commandLine = commandLine(args);
        commandLine.setParameterExceptionHandler((ex, cmdArgs) -> {
            CommandLine cmd = ex.getCommandLine();
            cmd.getErr().println("bt-fmu: " + ex.getMessage());
            if (ex instanceof CommandLine.UnmatchedArgumentException unmatched && !unmatched.getSuggestions().isEmpty()
                    && !unmatched.isUnknownOption()) {
                cmd.getErr().println("bt-fmu: did you mean " + unmatched.getSuggestions().get(0) + "?");
            }
            // qualifiedName: "bt-fmu" or "bt-fmu simulate", so the name is never written twice.
            cmd.getErr().println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help'.");
            return EXIT_BAD_INPUT;
        });
        commandLine.setExecutionStrategy(parseResult -> {
            Integer help = CommandLine.executeHelpRequest(parseResult);
            if (help != null) {
                return help;
            }
            int exit = new CommandLine.RunLast().execute(parseResult);
            if (exit == 0) {
                ClassDataArchive.keep();
            }
            return exit;
        });
        return commandLine.execute(args);
    }

    /**
     * The command line for {@code args}: with only the subcommand they name when they start with
     * one (picocli's model of a command is built by reflection over its options, a tenth of a
     * second for all of them at a start), else with every subcommand (the top-level help, a
     * mistyped name's suggestion, {@code help <command>}). Tests that need picocli's own object
     * (to set its streams) start here: the subcommands are not in {@code @Command}.
     */
    public static CommandLine commandLine(String... args) {
        CommandLine commandLine = new CommandLine(new BtFmu());
        String first = args.length == 0 ? "" : args[0];
        List<Class<?>> named = COMMANDS.stream().filter(c -> !c.equals(CommandLine.HelpCommand.class)
                && c.getAnnotation(Command.class).name().equals(first)).toList();
        for (Class<?> command : named.isEmpty() ? COMMANDS : named) {
            commandLine.addSubcommand(new CommandLine(command));
        }
        return commandLine;
    }
}
