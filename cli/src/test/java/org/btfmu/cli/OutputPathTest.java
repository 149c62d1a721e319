package org.btfmu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Output paths that cannot be written: the message says what is wrong with the path, and nothing is replaced. */
class OutputPathTest {

    @TempDir
    Path dir;

    @Test
    void buildNeverReplacesAnEmptyDirectoryNamedLikeTheFmu() throws Exception {
        Path mission = Files.writeString(dir.resolve("climb.json"), Missions.VALID);
        Path target = Files.createDirectory(dir.resolve("existing_dir.fmu"));
        for (String check : new String[] {"--no-check", "--interfaces=cs,me"}) {
            Console console = Console.run("build", mission.toString(), "-o", target.toString(), check);
            assertEquals(BtFmu.EXIT_BAD_INPUT, console.exit(), console.err());
            assertEquals("bt-fmu build: " + target + " is a directory; -o names the FMU file to write (e.g. "
                    + target.resolve("climb.fmu") + "), and an existing directory is never replaced\n", console.err());
            assertTrue(Files.isDirectory(target), "still the directory");
        }
    }

    @Test
    void buildNamesANonEmptyDirectoryWithoutAnExceptionName() throws Exception {
        Path mission = Files.writeString(dir.resolve("climb.json"), Missions.VALID);
        Path target = Files.createDirectory(dir.resolve("existing_dir.fmu"));
        Files.writeString(target.resolve("keep.txt"), "mine");
        Console console = Console.run("build", mission.toString(), "-o", target.toString());
        assertEquals(BtFmu.EXIT_BAD_INPUT, console.exit(), console.err());
        assertTrue(console.err().contains(target + " is a directory"), console.err());
        assertFalse(console.err().contains("Exception"), console.err());
        assertEquals("mine", Files.readString(target.resolve("keep.txt")));
    }

    @Test
    void demoSaysWhyItCannotCreateItsOutputDirectory() {
        Console proc = Console.run("demo", "-o", "/proc/x");
        assertEquals(BtFmu.EXIT_BAD_INPUT, proc.exit(), proc.err());
        assertEquals("bt-fmu demo: cannot create the output directory /proc/x: /proc exists but does not accept"
                + " new files or directories (a virtual file system?)\n", proc.err());
        assertEquals("", proc.out(), "nothing is built first");
    }

    @Test
    void demoBelowAFileSaysThePathIsNoDirectory() throws Exception {
        Path file = Files.writeString(dir.resolve("plain"), "x");
        Console console = Console.run("demo", "-o", file.resolve("out").toString());
        assertEquals(BtFmu.EXIT_BAD_INPUT, console.exit(), console.err());
        assertEquals("bt-fmu demo: cannot create the output directory " + file.resolve("out") + ": not a directory\n",
                console.err());
    }

    @Test
    void simulateSaysWhyItCannotCreateItsOutputDirectory() {
        Console console = Console.run("simulate", "--fmu", org.btfmu.testfmus.PlantFmu.EXPONENTIAL_DECAY.copyTo(dir)
                .toString(), "--stop", "1", "--step", "1", "-o", "/proc/x");
        assertEquals(BtFmu.EXIT_BAD_INPUT, console.exit(), console.err());
        assertTrue(console.err().startsWith("bt-fmu simulate: cannot create the output directory /proc/x: /proc exists"),
                console.err());
    }
}
