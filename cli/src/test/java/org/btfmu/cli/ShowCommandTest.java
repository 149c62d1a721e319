package org.btfmu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ShowCommandTest {

    @TempDir
    Path dir;

    @Test
    void printsVariablesAndTheIndentedTree() throws Exception {
        Path file = Files.writeString(dir.resolve("climb.json"), Missions.VALID);
        Console console = Console.run("show", file.toString());
        assertEquals(0, console.exit(), console.err());
        assertEquals("""
                mission climb (event-driven)
                  Climb until high enough.
                variables:
                  input     Real     altitude = 0.0 [m]
                  input     Boolean  reached = false
                  output    Integer  mode = 0
                  output    Real     target = 0.0 [m]
                  parameter Real     limit = 100.0 [m]
                  local     Integer  tries = 0
                tree:
                  Root root
                    Selector climb
                      Condition high
                      Sequence work
                        Action take_off
                        Action up
                """, console.out());
    }

    @Test
    void dotIsAGraphOfTheTree() throws Exception {
        Path file = Files.writeString(dir.resolve("climb.json"), Missions.VALID);
        Console console = Console.run("show", "--dot", file.toString());
        assertEquals(0, console.exit(), console.err());
        String dot = console.out();
        assertTrue(dot.startsWith("digraph \"climb\" {\n"), dot);
        assertTrue(dot.contains("  t2 [label=\"Condition\\nhigh\", shape=ellipse];\n"), dot);
        assertTrue(dot.contains("  t4 [label=\"Action\\ntake_off\", shape=box];\n"), dot);
        assertTrue(dot.contains("  t1 [label=\"Selector\\nclimb\", shape=box, style=rounded];\n"), dot);
        for (String edge : new String[] {"t0 -> t1", "t1 -> t2", "t1 -> t3", "t3 -> t4", "t3 -> t5"}) {
            assertTrue(dot.contains("  " + edge + ";\n"), edge);
        }
        assertEquals(5, dot.split("->", -1).length - 1, "one edge per parent-child pair");
        assertTrue(dot.endsWith("}\n"));
    }

    @Test
    void headerNamesTheTickPeriodOfATickedMission() throws Exception {
        String ticked = Missions.VALID.replaceFirst("\"name\": \"climb\",",
                "\"name\": \"climb\", \"processing\": {\"mode\": \"ticked\", \"period\": 0.5},");
        Path file = Files.writeString(dir.resolve("ticked.json"), ticked);
        Console console = Console.run("show", file.toString());
        assertEquals(0, console.exit(), console.err());
        assertTrue(console.out().startsWith("mission climb (ticked every 0.5 s)\n"), console.out());
    }

    @Test
    void invalidMissionIsBadInput() throws Exception {
        Path file = Files.writeString(dir.resolve("bad.json"), "{\"name\": \"x\"}");
        Console console = Console.run("show", file.toString());
        assertEquals(BtFmu.EXIT_BAD_INPUT, console.exit());
        assertEquals(file + ": 1 problem\n" + file + ":1:1: missing required key 'tree'\n", console.err());
        assertEquals("", console.out());
    }
}
