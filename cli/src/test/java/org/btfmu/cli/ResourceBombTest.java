package org.btfmu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Missions that would exhaust time or memory: sub-trees that multiply each other past the
 * task bound, and mission paths that are no regular file (a FIFO blocks, /dev/zero never ends).
 */
class ResourceBombTest {

    @TempDir
    Path dir;

    /** Ten sub-trees, each referencing the next four times: 4^10, over a million tasks, in about 3 KB. */
    static String subtreeBomb() {
        StringBuilder subtrees = new StringBuilder();
        for (int level = 0; level < 10; level++) {
            StringBuilder children = new StringBuilder();
            for (int i = 0; i < 4; i++) {
                children.append(i == 0 ? "" : ", ").append("{\"type\": \"SubTree\", \"name\": \"c").append(i)
                        .append("\", \"subtree\": \"s").append(level + 1).append("\"}");
            }
            subtrees.append("\"s").append(level).append("\": {\"tree\": {\"type\": \"Sequence\", \"children\": [")
                    .append(children).append("]}},\n");
        }
        subtrees.append("\"s10\": {\"tree\": {\"type\": \"Condition\", \"predicate\": \"true\"}}");
        return "{\"name\": \"bomb\", \"subtrees\": {" + subtrees + "},\n"
                + "\"tree\": {\"type\": \"Root\", \"name\": \"r\", \"children\": ["
                + "{\"type\": \"SubTree\", \"name\": \"go\", \"subtree\": \"s0\"}]}}";
    }

    @Test
    void subTreesThatExpandPastTheBoundAreRefusedWithTheirPath() throws Exception {
        Path file = Files.writeString(dir.resolve("bomb.json"), subtreeBomb());
        assertTrue(Files.size(file) < 4000, "a small file: " + Files.size(file));
        Console console = assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> Console.run("validate", file.toString()));
        assertEquals(BtFmu.EXIT_BAD_INPUT, console.exit(), console.err());
        String err = console.err();
        assertTrue(err.startsWith(file + ": 1 problem\n" + file + ":"), err);
        assertTrue(err.contains("/tree/children/0: the mission expands to more than 100000 tasks"), err);
        assertTrue(err.contains("sub-tree path s0 -> s1 -> s2 -> s3 -> s4 -> s5 -> s6 -> s7 -> s8"), err);
        assertFalse(err.contains("Exception"), err);
    }

    @Test
    void buildRefusesTheSameBombWithoutWritingAnything() throws Exception {
        Path file = Files.writeString(dir.resolve("bomb.json"), subtreeBomb());
        Path fmu = dir.resolve("bomb.fmu");
        Console console = assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> Console.run("build", file.toString(), "-o", fmu.toString()));
        assertEquals(BtFmu.EXIT_BAD_INPUT, console.exit(), console.err());
        assertTrue(console.err().contains("the mission expands to more than 100000 tasks"), console.err());
        assertFalse(Files.exists(fmu));
    }

    @Test
    void aFifoIsNotOpened() throws Exception {
        Path fifo = dir.resolve("mission.json");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertEquals(0, mkfifo.waitFor());
        for (String command : new String[] {"validate", "build", "show"}) {
            Console console = assertTimeoutPreemptively(Duration.ofSeconds(30),
                    () -> Console.run(command, fifo.toString()), command + " blocks on a FIFO");
            assertEquals(BtFmu.EXIT_BAD_INPUT, console.exit(), command + ": " + console.err());
            assertTrue(console.err().contains(fifo + ": not a regular file (a FIFO)"), command + ": " + console.err());
        }
    }

    @Test
    void aDeviceIsNotReadToTheEnd() {
        for (String device : new String[] {"/dev/zero", "/dev/null"}) {
            Console console = assertTimeoutPreemptively(Duration.ofSeconds(30),
                    () -> Console.run("validate", device));
            assertEquals(BtFmu.EXIT_BAD_INPUT, console.exit(), console.err());
            assertEquals(device + ": 1 problem\n" + device + ": not a regular file (a character device);"
                    + " a mission is read only from a regular file\n", console.err());
        }
    }

    @Test
    void aDirectoryIsSaidToBeOne() {
        Console console = Console.run("validate", dir.toString());
        assertEquals(BtFmu.EXIT_BAD_INPUT, console.exit(), console.err());
        assertTrue(console.err().contains(dir + ": not a regular file (a directory)"), console.err());
    }
}
