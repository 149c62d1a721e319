package org.btfmu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Start values outside a variable's declared min/max, or not finite, are refused before the run. */
class ParameterRangeTest {

    @TempDir
    static Path dir;

    private static Path fmu;

    @BeforeAll
    static void buildMission() throws Exception {
        Path mission = Files.writeString(dir.resolve("gain.json"), """
                {"name": "gain", "variables": [
                  {"name": "k", "causality": "parameter", "type": "Real", "start": 1, "min": 0, "max": 10},
                  {"name": "n", "causality": "parameter", "type": "Integer", "start": 1, "min": 1},
                  {"name": "free", "causality": "parameter", "type": "Real", "start": 1},
                  {"name": "y", "causality": "output", "type": "Real"}],
                 "tree": {"type": "Root", "name": "gain", "children": [
                   {"type": "Action", "name": "hold", "outputs": {"y": "k * n * free"}}]}}
                """);
        fmu = dir.resolve("gain.fmu");
        Console built = Console.run("build", mission.toString(), "-o", fmu.toString(), "--no-check", "--interfaces", "cs");
        assertEquals(0, built.exit(), built.err());
    }

    private static Console simulate(String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("simulate", "--fmu", "mission=" + fmu, "--stop", "1",
                "--step", "1", "-o", dir.resolve("out-" + System.nanoTime()).toString()));
        args.addAll(List.of(more));
        return Console.run(args.toArray(String[]::new));
    }

    private static void assertRefused(String message, Console console) {
        assertEquals(BtFmu.EXIT_BAD_INPUT, console.exit(), console.err());
        assertEquals("bt-fmu simulate: " + message + "\n", console.err());
    }

    @Test
    void aValueAboveTheDeclaredMaxIsRefusedWithTheVariableAndItsBounds() {
        assertRefused("--parameter mission.k=1e6: 1000000 is outside the declared range of 'mission.k': min 0, max 10",
                simulate("-p", "mission.k=1e6"));
        assertRefused("--parameter mission.k=-0.5: -0.5 is outside the declared range of 'mission.k': min 0, max 10",
                simulate("-p", "mission.k=-0.5"));
        assertRefused("--parameter n=0: 0 is outside the declared range of 'mission.n': min 1",
                simulate("-p", "n=0"));
    }

    @Test
    void nonFiniteValuesAreRefusedEvenWithoutBounds() {
        assertRefused("--parameter mission.free=NaN: 'mission.free' needs a finite value, got NaN",
                simulate("-p", "mission.free=NaN"));
        assertRefused("--parameter mission.free=-Infinity: 'mission.free' needs a finite value, got -Infinity",
                simulate("-p", "mission.free=-Infinity"));
    }

    @Test
    void aConnectionsFileIsHeldToTheSameBoundsWithItsPointer() throws Exception {
        Path connections = Files.writeString(dir.resolve("connections.json"),
                "{\"parameters\": {\"mission.free\": 2, \"mission.k\": 1e6}}");
        assertRefused(connections + ": /parameters/mission.k: 1000000 is outside the declared range of 'mission.k':"
                + " min 0, max 10", simulate("--connections", connections.toString()));
        Path infinite = Files.writeString(dir.resolve("infinite.json"), "{\"parameters\": {\"k\": \"Infinity\"}}");
        assertRefused(infinite + ": /parameters/k: 'mission.k' needs a finite value, got Infinity",
                simulate("--connections", infinite.toString()));
    }

    @Test
    void valuesWithinTheBoundsRun() throws Exception {
        Path out = dir.resolve("within");
        Console console = Console.run("simulate", "--fmu", "mission=" + fmu, "-p", "mission.k=10", "-p", "n=3",
                "-p", "free=0.5", "--stop", "1", "--step", "1", "-o", out.toString());
        assertEquals(0, console.exit(), console.err());
        List<String> rows = Files.readAllLines(out.resolve("result.csv"));
        assertFalse(rows.isEmpty());
        int y = List.of(rows.get(0).split(",")).indexOf("y");
        assertEquals(15.0, Double.parseDouble(rows.get(rows.size() - 1).split(",")[y]), 1e-12);
    }
}
