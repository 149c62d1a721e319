package org.btfmu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class BtFmuTest {

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
}
