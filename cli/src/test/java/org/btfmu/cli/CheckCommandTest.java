package org.btfmu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bt-fmu check} and the check that {@code bt-fmu build} runs on its output. */
class CheckCommandTest {

    @TempDir
    Path dir;

    @Test
    void aCleanFmuExitsZeroAndAnUndeclaredFeedthroughTwo() {
        Path good = PlantFmu.FEEDTHROUGH.copyTo(dir);
        Console clean = Console.run("check", good.toString());
        assertEquals(0, clean.exit(), clean.out() + clean.err());
        assertTrue(clean.out().contains(good + ": 0 errors, 0 notes"), clean.out());

        Path bad = PlantFmu.HIDDEN_FEEDTHROUGH.copyTo(dir);
        Console console = Console.run("check", good.toString(), bad.toString());
        assertEquals(BtFmu.EXIT_BAD_INPUT, console.exit());
        assertTrue(console.out().contains(bad + ": error: Step Mode, y <- u: y went from 0.0 to 2.0"),
                console.out());
        assertTrue(console.out().contains(bad + ": 2 errors, 0 notes"), console.out());
    }

    @Test
    void notesAloneDoNotFail() {
        Path fmu = PlantFmu.PHANTOM_DEPENDENCY.copyTo(dir);
        Console console = Console.run("check", fmu.toString());
        assertEquals(0, console.exit(), console.out());
        assertTrue(console.out().contains("note: Initialization Mode, u: declared in <InitialUnknowns> for 1"
                + " unknown but not seen"),
                console.out());
    }

    @Test
    void aMissingFileOrNoZipIsBadInput() throws Exception {
        Console missing = Console.run("check", dir.resolve("absent.fmu").toString());
        assertEquals(BtFmu.EXIT_BAD_INPUT, missing.exit());
        assertTrue(missing.err().contains("absent.fmu: no such file"), missing.err());
        Path text = Files.writeString(dir.resolve("text.fmu"), "not a zip");
        Console notZip = Console.run("check", text.toString());
        assertEquals(BtFmu.EXIT_BAD_INPUT, notZip.exit());
        assertTrue(notZip.err().contains("text.fmu: not a zip archive"), notZip.err());
    }

    @Test
    void buildWritesNothingWhenItsFmuFailsTheCheck() throws Exception {
        // Two outputs computed from each other never settle: fmi2ExitInitializationMode fails.
        Path mission = Files.writeString(dir.resolve("loop.json"), """
                {"name": "loop", "variables": [
                  {"name": "a", "causality": "output", "type": "Real"},
                  {"name": "b", "causality": "output", "type": "Real"}],
                 "tree": {"type": "Root", "name": "loop", "children": [
                   {"type": "Action", "name": "spin", "outputs": {"a": "b + 1", "b": "a + 1"}}]}}
                """);
        Path fmu = dir.resolve("loop.fmu");
        Console console = Console.run("build", mission.toString(), "-o", fmu.toString());
        assertEquals(BtFmu.EXIT_BAD_INPUT, console.exit(), console.out() + console.err());
        assertTrue(console.err().contains("fails bt-fmu check") && console.err().contains("fmi2ExitInitializationMode"),
                console.err());
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(mission), files.toList(), "no FMU and no temporary file");
        }
        Console unchecked = Console.run("build", mission.toString(), "-o", fmu.toString(), "--no-check");
        assertEquals(0, unchecked.exit(), unchecked.err());
        assertFalse(Console.run("check", fmu.toString()).exit() == 0);
    }

    @Test
    void aProbeValueWhereAnOutputIsInfiniteIsSkippedWithANoteNotAnError() throws Exception {
        // x = 2 - 1 is one of the probe values: there y = 1 / 0 and the FMU refuses with fmi2Error.
        Path mission = Files.writeString(dir.resolve("reciprocal.json"), """
                {"name": "reciprocal", "variables": [
                  {"name": "x", "causality": "input", "type": "Real", "start": 2},
                  {"name": "y", "causality": "output", "type": "Real"}],
                 "tree": {"type": "Root", "name": "root", "children": [
                   {"type": "Action", "name": "track", "outputs": {"y": "1 / (x - 1)"}, "done": "false"}]}}
                """);
        Path fmu = dir.resolve("reciprocal.fmu");
        Console build = Console.run("build", mission.toString(), "-o", fmu.toString());
        assertEquals(0, build.exit(), build.out() + build.err());
        Console check = Console.run("check", fmu.toString());
        assertEquals(0, check.exit(), check.out() + check.err());
        assertTrue(check.out().contains(fmu + ": note: Step Mode, x: skipped the value 1.0 for x: the FMU refused"
                + " it as not finite (fmi2GetReal(y) returned fmi2Error"), check.out());
        assertTrue(check.out().contains("Initialization Mode, x: skipped the value 1.0"), check.out());
        assertTrue(check.out().contains(fmu + ": 0 errors, "), check.out());
        // the other values were tried: the declared y <- x was seen, so no "not seen" note for it
        assertFalse(check.out().contains("Step Mode, x: declared"), check.out());
        assertFalse(check.out().contains("Initialization Mode, x: declared"), check.out());
    }
}
