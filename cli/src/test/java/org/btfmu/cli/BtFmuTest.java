package org.btfmu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class BtFmuTest {

    @Test
    void helpExitsZero() {
        assertEquals(0, BtFmu.run("--help"));
    }

    @Test
    void unknownCommandIsBadInputWithMessage() {
        PrintStream saved = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            assertEquals(BtFmu.EXIT_BAD_INPUT, BtFmu.run("fly-to-the-moon"));
        } finally {
            System.setErr(saved);
        }
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("fly-to-the-moon"), err.toString());
    }
}
