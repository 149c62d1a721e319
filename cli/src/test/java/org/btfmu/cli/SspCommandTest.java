package org.btfmu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.btfmu.demo.MissionCoSimulation;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SspCommandTest {

    @TempDir
    Path dir;

    private Path connections;

    @BeforeEach
    void fmus() throws Exception {
        Path examples = Path.of("..", "examples");
        MissionCoSimulation.prepare(examples.resolve("traffic-circuit.json"), PlantFmu.POINT_MASS_AIRCRAFT, dir);
        connections = examples.resolve("connections/traffic-circuit.json");
    }

    private String[] fmuOptions() {
        return new String[] {"--fmu", "mission=" + dir.resolve("mission.fmu"), "--fmu", "plant=" + dir.resolve("plant.fmu"),
            "--connections", connections.toString()};
    }

    private Path writeSsp(String... extra) {
        Path ssp = dir.resolve("traffic-circuit.ssp");
        String[] args = concat(concat(new String[] {"ssp"}, fmuOptions()),
                concat(new String[] {"-o", ssp.toString(), "-p", "plant.reach_radius=120"}, extra));
        Console console = Console.run(args);
        assertEquals(0, console.exit(), console.err());
        return ssp;
    }

    private static String[] concat(String[] a, String[] b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    @Test
    void simulatingTheSspGivesTheSameCsvAsTheConnectionsFileBitForBit() throws Exception {
        Path ssp = writeSsp("--stop", "120", "--step", "0.5");
        Console direct = Console.run(concat(concat(new String[] {"simulate"}, fmuOptions()),
                new String[] {"-p", "plant.reach_radius=120", "--stop", "120", "--step", "0.5", "-o", dir.resolve("direct").toString()}));
        assertEquals(0, direct.exit(), direct.err());
        Console fromSsp = Console.run("simulate", ssp.toString(), "-o", dir.resolve("ssp").toString());
        assertEquals(0, fromSsp.exit(), fromSsp.err());
        String expected = Files.readString(dir.resolve("direct/result.csv"));
        assertEquals(expected, Files.readString(dir.resolve("ssp/result.csv")));
        assertEquals(242, expected.lines().count(), "header, t=0 and 240 steps of 0.5 s from the SSP's experiment");
    }

    @Test
    void optionsOverrideTheSspsExperiment() throws Exception {
        Path ssp = writeSsp("--stop", "120", "--step", "0.5");
        Console console = Console.run("simulate", ssp.toString(), "--stop", "10", "--step", "2", "-o", dir.resolve("o").toString());
        assertEquals(0, console.exit(), console.err());
        assertEquals(7, Files.readString(dir.resolve("o/result.csv")).lines().count(), "header and t=0,2,...,10");
    }

    @Test
    void anSspWithoutStopTimeNeedsStop() {
        Path ssp = writeSsp("--step", "1");
        Console console = Console.run("simulate", ssp.toString(), "-o", dir.resolve("o").toString());
        assertEquals(BtFmu.EXIT_BAD_INPUT, console.exit());
        assertTrue(console.err().contains("--stop is required (" + ssp + " has no DefaultExperiment stopTime)"),
                console.err());
    }

    @Test
    void anSspTogetherWithFmusIsRefused() {
        Path ssp = writeSsp("--stop", "10", "--step", "1");
        Console console = Console.run("simulate", ssp.toString(), "--fmu", dir.resolve("plant.fmu").toString(),
                "-o", dir.resolve("o").toString());
        assertEquals(BtFmu.EXIT_BAD_INPUT, console.exit());
        assertTrue(console.err().contains("leave out --fmu and --connections"), console.err());
    }

    @Test
    void aBrokenSspIsBadInputNamingTheFile() throws Exception {
        Path ssp = Files.writeString(dir.resolve("broken.ssp"), "not a zip");
        Console console = Console.run("simulate", ssp.toString(), "-o", dir.resolve("o").toString());
        assertEquals(BtFmu.EXIT_BAD_INPUT, console.exit());
        assertTrue(console.err().startsWith("bt-fmu simulate: " + ssp + ": not an SSP"), console.err());
        assertFalse(Files.exists(dir.resolve("o/result.csv")));
    }

    @Test
    void aBadParameterLeavesNoSspBehind() {
        Path ssp = dir.resolve("bad.ssp");
        Console console = Console.run(concat(concat(new String[] {"ssp"}, fmuOptions()),
                new String[] {"-p", "plant.no_such=1", "-o", ssp.toString()}));
        assertEquals(BtFmu.EXIT_BAD_INPUT, console.exit());
        assertTrue(console.err().contains("FMU 'plant' has no variable 'no_such'"), console.err());
        assertFalse(Files.exists(ssp));
    }
}
