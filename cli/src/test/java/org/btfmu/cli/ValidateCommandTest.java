package org.btfmu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ValidateCommandTest {

    @TempDir
    Path dir;

    @Test
    void validMissionExitsZero() throws Exception {
        Path file = Files.writeString(dir.resolve("climb.json"), Missions.VALID);
        Console console = Console.run("validate", file.toString());
        assertEquals(0, console.exit(), console.err());
        assertEquals(file + ": ok (6 variables, 6 tasks)\n", console.out());
        assertEquals("", console.err());
    }

    @Test
    void operationsThatCanReachTheirBadDomainAreWarnedAboutButTheMissionIsValid() throws Exception {
        String mission = """
                {"name": "nf", "variables": [
                  {"name": "x", "causality": "input", "type": "Real"},
                  {"name": "speed", "causality": "input", "type": "Real", "start": 10, "min": 5},
                  {"name": "y", "causality": "output", "type": "Real"}],
                 "tree": {"type": "Root", "name": "nf", "children": [
                   {"type": "Action", "name": "fly",
                    "outputs": {"y": "1 / speed + sqrt(x - 5)"}}]}}
                """;
        Path file = Files.writeString(dir.resolve("nf.json"), mission);
        Console console = Console.run("validate", file.toString());
        assertEquals(0, console.exit(), console.err());
        assertEquals(file + ": ok (3 variables, 2 tasks, 1 warning)\n"
                + file + ":7:22: /tree/children/0/outputs/y: warning: expression 'sqrt' at column 13: the argument"
                + " can be negative (its range is [-Infinity, Infinity]): the result can be NaN or infinite\n",
                console.out());
    }

    @Test
    void everyProblemIsListedWithLineColumnAndPointer() throws Exception {
        String broken = Missions.VALID
                .replace("\"altitude > limit\"", "\"altitude > limt\"")
                .replace("{\"mode\": \"0\"}", "{\"altitude\": \"0\"}");
        Path file = Files.writeString(dir.resolve("broken.json"), broken);
        Console console = Console.run("validate", file.toString());
        assertEquals(BtFmu.EXIT_BAD_INPUT, console.exit());
        assertEquals(file + ": 2 problems\n"
                + file + ":19:58: /tree/children/0/children/0/predicate: expression column 12: unknown name 'limt'\n"
                + file + ":22:31: /tree/children/0/children/1/children/0/exit/altitude: cannot write input"
                + " 'altitude': tasks write outputs and locals only\n", console.err());
        assertEquals("", console.out());
    }

    @Test
    void severalFilesAreAllChecked() throws Exception {
        Path good = Files.writeString(dir.resolve("good.json"), Missions.VALID);
        Path bad = Files.writeString(dir.resolve("bad.json"), "{");
        Console console = Console.run("validate", bad.toString(), good.toString());
        assertEquals(BtFmu.EXIT_BAD_INPUT, console.exit());
        assertTrue(console.out().contains(good + ": ok"), console.out());
        assertTrue(console.err().startsWith(bad + ": 1 problem\n" + bad + ":1:2: malformed JSON: "), console.err());
    }

    @Test
    void missingFileIsBadInput() {
        Path none = dir.resolve("none.json");
        Console console = Console.run("validate", none.toString());
        assertEquals(BtFmu.EXIT_BAD_INPUT, console.exit());
        assertEquals(none + ": 1 problem\n" + none + ": no such file\n", console.err());
    }

    @Test
    void noFileIsAUsageError() {
        Console console = Console.run("validate");
        assertEquals(BtFmu.EXIT_BAD_INPUT, console.exit());
        assertTrue(console.err().contains("Missing required parameter"), console.err());
    }

    @Test
    void aVariableNamedTimeIsRefusedWhereItIsDeclared() throws Exception {
        String mission = """
                {"name": "clock", "variables": [
                  {"name": "x", "causality": "input", "type": "Real"},
                  {"name": "time", "causality": "output", "type": "Real"}],
                 "tree": {"type": "Root", "name": "clock", "children": [
                   {"type": "Action", "name": "tick", "outputs": {"time": "x"}}]}}
                """;
        Path file = Files.writeString(dir.resolve("clock.json"), mission);
        Console console = Console.run("validate", file.toString());
        assertEquals(BtFmu.EXIT_BAD_INPUT, console.exit(), console.err());
        List<String> lines = console.err().lines().toList();
        assertEquals(file + ":3:12: /variables/1/name: 'time' is reserved: result files"
                + " (bt-fmu simulate, OMSimulator, FMPy) name their first column 'time', the independent variable;"
                + " choose another name", lines.get(1), console.err());
    }
}
