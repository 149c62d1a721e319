package org.btfmu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class BtFmuTest {

    @Test
    void noOptionOrParameterTakesATypeWhoseConvertersTheCommandLineLeavesOut() {
        // BtFmu.main excludes picocli's java.time and java.sql converters
        List<String> offending = new java.util.ArrayList<>();
        CommandLine all = BtFmu.commandLine();
        for (CommandLine command : all.getSubcommands().values()) {
            for (CommandLine.Model.ArgSpec arg : command.getCommandSpec().args()) {
                List<Class<?>> types = new java.util.ArrayList<>(List.of(arg.type()));
                types.addAll(List.of(arg.auxiliaryTypes()));
                for (Class<?> type : types) {
                    String name = type.getName();
                    if (name.startsWith("java.time.") || name.startsWith("java.sql.")) {
                        offending.add(command.getCommandName() + " " + arg + ": " + name);
                    }
                }
            }
        }
        assertTrue(all.getSubcommands().size() > 5, all.getSubcommands().keySet().toString());
        assertEquals(List.of(), offending);
    }

    @Test
    void helpExitsZero() {
        assertEquals(0, BtFmu.run("--help"));
    }

    private static String stderrOf(String... args) {
        Console console = Console.run(args);
        assertEquals(BtFmu.EXIT_BAD_INPUT, console.exit());
        return console.err();
    }

    @Test
    void unknownCommandIsBadInputWithMessage() {
        String err = stderrOf("fly-to-the-moon");
        assertTrue(err.contains("fly-to-the-moon"), err);
        assertTrue(err.contains("Try 'bt-fmu --help'."), err);
    }

    @Test
    void aMistypedCommandGetsTheClosestOneSuggested() {
        String err = stderrOf("simulte", "--fmu", "x.fmu");
        assertTrue(err.contains("did you mean simulate?"), err);
        assertTrue(err.contains("Try 'bt-fmu --help'."), err);
        assertFalse(err.contains("bt-fmu bt-fmu"), err);
    }

    @Test
    void aBadOptionOfASubcommandPointsToThatSubcommandsHelp() {
        String err = stderrOf("validate", "--no-such-option");
        assertTrue(err.contains("Try 'bt-fmu validate --help'."), err);
    }

    @Test
    void theTopLevelHelpListsEveryCommandInOrder() {
        Console console = Console.run("--help");
        assertEquals(0, console.exit());
        int at = console.out().indexOf("Commands:");
        assertTrue(at > 0, console.out());
        for (Class<?> command : BtFmu.COMMANDS) {
            String name = command.getAnnotation(CommandLine.Command.class).name();
            int found = console.out().indexOf("\n  " + name + " ", at);
            assertTrue(found > at, name + " after the one before it: " + console.out());
            at = found;
        }
    }

    @Test
    void aCommandBuiltAloneHasTheHelpAndNameItHasAmongAllCommands() {
        CommandLine all = BtFmu.commandLine();
        assertEquals(BtFmu.COMMANDS.size(), all.getSubcommands().size());
        for (Class<?> command : BtFmu.COMMANDS) {
            String name = command.getAnnotation(CommandLine.Command.class).name();
            CommandLine alone = BtFmu.commandLine(name, "--help");
            if (name.equals("help")) {
                assertEquals(all.getSubcommands().keySet(), alone.getSubcommands().keySet(),
                        "'help <command>' needs every command");
                continue;
            }
            assertEquals(List.of(name), List.copyOf(alone.getSubcommands().keySet()));
            CommandLine sub = alone.getSubcommands().get(name);
            assertEquals(all.getSubcommands().get(name).getUsageMessage(), sub.getUsageMessage(), name);
            assertEquals("bt-fmu " + name, sub.getCommandSpec().qualifiedName());
        }
    }

    @Test
    void onlyARunThatRanItsCommandToExitZeroMarksItsClassDataArchiveWorthKeeping(@TempDir Path dir)
            throws Exception {
        Path mission = Files.writeString(dir.resolve("climb.json"), Missions.VALID);
        Path bad = Files.writeString(dir.resolve("bad.json"), "{");
        Path mark = dir.resolve("simulate.jsa.123.ok");
        List<List<String>> notKept = List.of(List.of("--help"), List.of("--version"), List.of("validate", "--help"),
                List.of("help", "validate"), List.of("validate", "--no-such-option"), List.of("validate", bad.toString()),
                List.of("no-such-command"));
        System.setProperty("btfmu.cds.ok", mark.toString());
        try {
            for (List<String> args : notKept) {
                Console.run(args.toArray(String[]::new));
                assertFalse(Files.exists(mark), args.toString());
            }
            assertEquals(0, Console.run("validate", mission.toString()).exit());
            assertTrue(Files.exists(mark), "a run of validate to the end");
        } finally {
            System.clearProperty("btfmu.cds.ok");
        }
    }
}
