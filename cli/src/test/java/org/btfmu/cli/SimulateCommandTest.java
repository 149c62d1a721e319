package org.btfmu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.imageio.ImageIO;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimulateCommandTest {

    @TempDir
    Path dir;

    private String out = "";
    private String err = "";

    private int simulate(String... args) {
        PrintStream savedOut = System.out;
        PrintStream savedErr = System.err;
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
        try {
            String[] all = new String[args.length + 1];
            all[0] = "simulate";
            System.arraycopy(args, 0, all, 1, args.length);
            return BtFmu.run(all);
        } finally {
            System.setOut(savedOut);
            System.setErr(savedErr);
            out = o.toString(StandardCharsets.UTF_8);
            err = e.toString(StandardCharsets.UTF_8);
        }
    }

    private String fmu(PlantFmu plant) {
        return plant.copyTo(dir).toString();
    }

    private Path write(String name, String text) throws Exception {
        return Files.writeString(dir.resolve(name), text);
    }

    /** The CSV as header + rows of fields (no quoted fields in these tests). */
    private static List<String[]> csv(Path file) throws Exception {
        List<String[]> rows = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            rows.add(line.split(",", -1));
        }
        return rows;
    }

    private static int column(List<String[]> csv, String name) {
        return List.of(csv.get(0)).indexOf(name);
    }

    @Test
    void anAlgebraicLoopIsBadInputNamingItsVariablesAndNothingRuns() throws Exception {
        Path feedthrough = PlantFmu.FEEDTHROUGH.copyTo(dir);
        Path conn = write("loop.json", "{\"connections\": [{\"from\": \"a.integer_out\", \"to\": \"b.integer_in\"},"
                + " {\"from\": \"b.integer_out\", \"to\": \"a.integer_in\"}]}");
        Path outDir = dir.resolve("loop");
        assertEquals(BtFmu.EXIT_BAD_INPUT, simulate("--fmu", "a=" + feedthrough, "--fmu", "b=" + feedthrough,
                "--connections", conn.toString(), "--stop", "1", "--step", "1", "-o", outDir.toString()));
        assertTrue(err.contains("algebraic loop in Initialization Mode: b.integer_out -> a.integer_in => "
                + "a.integer_out -> b.integer_in => b.integer_out"), err);
        assertFalse(Files.exists(outDir), "reported before anything ran or was written");
    }

    @Test
    void withoutFmusOrAnSspThereIsNothingToSimulate() {
        assertEquals(BtFmu.EXIT_BAD_INPUT, simulate("--stop", "1", "--step", "1", "-o", dir.resolve("o").toString()));
        assertTrue(err.contains("nothing to simulate"), err);
    }

    @Test
    void stopIsRequiredWithoutAnSsp() {
        assertEquals(BtFmu.EXIT_BAD_INPUT, simulate("--fmu", fmu(PlantFmu.EXPONENTIAL_DECAY), "--step", "1",
                "-o", dir.resolve("o").toString()));
        assertTrue(err.contains("--stop is required"), err);
    }

    @Test
    void singleFmuWritesExactValuesUnderTheModelDescriptionNames() throws Exception {
        Path outDir = dir.resolve("out");
        assertEquals(0, simulate("--fmu", fmu(PlantFmu.EXPONENTIAL_DECAY), "-p", "k=2", "--stop", "1", "--step", "0.25",
                "-o", outDir.toString()), err);
        List<String[]> rows = csv(outDir.resolve("result.csv"));
        assertEquals(List.of("time", "x"), List.of(rows.get(0)));
        assertEquals(6, rows.size());
        for (String[] row : rows.subList(1, rows.size())) {
            double t = Double.parseDouble(row[0]);
            assertEquals(Math.exp(-2 * t), Double.parseDouble(row[1]), 1e-9, "x at t=" + t);
        }
        assertEquals("1.0", rows.get(5)[0]);
        assertTrue(out.startsWith("simulating 4 communication points of 0.25 s from 0 s to 1 s (--max-steps 1000000)\n"
                + "simulated 0 s to 1 s in "), out);
        assertTrue(out.contains("4 steps of 0.25 s, 0 status changes"), out);
        assertFalse(Files.exists(outDir.resolve("status.png")), "no status outputs, no timeline");
    }

    @Test
    void connectedFmusExchangeValuesAndColumnsAreNamedWithTheFmu() throws Exception {
        Path conn = write("conn.json", """
                {"connections": [{"from": "ExponentialDecay.x", "to": "Feedthrough.real_in"}],
                 "parameters": {"ExponentialDecay.x0": 3}}""");
        Path outDir = dir.resolve("out");
        assertEquals(0, simulate("--fmu", fmu(PlantFmu.EXPONENTIAL_DECAY), "--fmu", fmu(PlantFmu.FEEDTHROUGH),
                "--connections", conn.toString(), "--stop", "2", "--step", "0.5", "-o", outDir.toString()), err);
        List<String[]> rows = csv(outDir.resolve("result.csv"));
        int x = column(rows, "ExponentialDecay.x");
        int realOut = column(rows, "Feedthrough.real_out");
        assertTrue(x > 0 && realOut > 0, List.of(rows.get(0)).toString());
        for (String[] row : rows.subList(1, rows.size())) {
            double t = Double.parseDouble(row[0]);
            assertEquals(3 * Math.exp(-t), Double.parseDouble(row[x]), 1e-9);
            assertEquals(row[x], row[realOut], "the connected value at the same communication point");
        }
    }

    @Test
    void recordedInputsReplayedIntoTheFmuAloneReproduceItsOutputs() throws Exception {
        Path conn = write("conn.json", """
                {"connections": [{"from": "ExponentialDecay.x", "to": "Feedthrough.real_in"}]}""");
        Path first = dir.resolve("first");
        assertEquals(0, simulate("--fmu", fmu(PlantFmu.EXPONENTIAL_DECAY), "--fmu", fmu(PlantFmu.FEEDTHROUGH),
                "--connections", conn.toString(), "--record-inputs", "--stop", "3", "--step", "0.1",
                "-o", first.toString()), err);
        Path second = dir.resolve("second");
        assertEquals(0, simulate("--fmu", fmu(PlantFmu.FEEDTHROUGH), "--inputs", first.resolve("result.csv").toString(),
                "--stop", "3", "--step", "0.1", "-o", second.toString()), err);
        List<String[]> recorded = csv(first.resolve("result.csv"));
        List<String[]> replayed = csv(second.resolve("result.csv"));
        assertEquals(recorded.size(), replayed.size());
        int before = column(recorded, "Feedthrough.real_out");
        int after = column(replayed, "real_out");
        for (int i = 1; i < recorded.size(); i++) {
            assertEquals(recorded.get(i)[before], replayed.get(i)[after], "row " + i);
        }
    }

    @Test
    void replayedCommandsSteerTheAircraft() throws Exception {
        Path commands = write("commands.csv", "time,mode,target_altitude\n0,1,0\n10,0,50\n");
        Path outDir = dir.resolve("out");
        assertEquals(0, simulate("--fmu", fmu(PlantFmu.POINT_MASS_AIRCRAFT), "--inputs", commands.toString(),
                "--stop", "60", "--step", "1", "--plot", "altitude", "-o", outDir.toString()), err);
        List<String[]> rows = csv(outDir.resolve("result.csv"));
        int altitude = column(rows, "altitude");
        assertEquals(50.0, Double.parseDouble(rows.get(11)[altitude]), 1e-9, "10 s of take-off climb at 5 m/s");
        assertEquals(50.0, Double.parseDouble(rows.get(61)[altitude]), 1e-6, "then holding 50 m");
    }

    @Test
    void plotsArePngsWithContent() throws Exception {
        Path outDir = dir.resolve("out");
        assertEquals(0, simulate("--fmu", fmu(PlantFmu.SOLAR_AIRCRAFT), "--stop", "86400", "--step", "60",
                "--plot", "soc", "--plot", "SolarAircraft.solar_power", "-o", outDir.toString()), err);
        for (String name : List.of("soc.png", "solar_power.png")) {
            BufferedImage image = ImageIO.read(outDir.resolve(name).toFile());
            assertEquals(1000, image.getWidth());
            assertEquals(500, image.getHeight());
            assertTrue(colours(image) > 10, name + " is not blank");
        }
        assertTrue(out.contains("soc.png") && out.contains("solar_power.png"), out);
    }

    static int colours(BufferedImage image) {
        Set<Integer> seen = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 3) {
            for (int x = 0; x < image.getWidth(); x += 3) {
                seen.add(image.getRGB(x, y));
            }
        }
        return seen.size();
    }

    private void assertBadInput(String expected, String... args) {
        assertEquals(BtFmu.EXIT_BAD_INPUT, simulate(args), out);
        assertTrue(err.contains(expected), "expected '" + expected + "' in: " + err);
    }

    @Test
    void unknownVariableInConnectionsIsBadInputNamingFileAndPointer() throws Exception {
        Path conn = write("conn.json", """
                {"connections": [{"from": "ExponentialDecay.x", "to": "Feedthrough.real_inn"}]}""");
        assertBadInput("conn.json: /connections/0/to: FMU 'Feedthrough' has no variable 'real_inn'",
                "--fmu", fmu(PlantFmu.EXPONENTIAL_DECAY), "--fmu", fmu(PlantFmu.FEEDTHROUGH),
                "--connections", conn.toString(), "--stop", "1", "--step", "1", "-o", dir.resolve("o").toString());
        assertFalse(Files.exists(dir.resolve("o")), "nothing written");
    }

    @Test
    void unknownFmuInConnectionsIsBadInput() throws Exception {
        Path conn = write("conn.json", """
                {"connections": [{"from": "plant.x", "to": "Feedthrough.real_in"}]}""");
        assertBadInput("/connections/0/from: 'plant.x' names no variable of any FMU",
                "--fmu", fmu(PlantFmu.EXPONENTIAL_DECAY), "--fmu", fmu(PlantFmu.FEEDTHROUGH),
                "--connections", conn.toString(), "--stop", "1", "--step", "1", "-o", dir.resolve("o").toString());
    }

    @Test
    void typeMismatchIsBadInput() throws Exception {
        Path conn = write("conn.json", """
                {"connections": [{"from": "ExponentialDecay.x", "to": "Feedthrough.integer_in"}]}""");
        assertBadInput("/connections/0: type mismatch: 'ExponentialDecay.x' is Real, 'Feedthrough.integer_in' is Integer",
                "--fmu", fmu(PlantFmu.EXPONENTIAL_DECAY), "--fmu", fmu(PlantFmu.FEEDTHROUGH),
                "--connections", conn.toString(), "--stop", "1", "--step", "1", "-o", dir.resolve("o").toString());
    }

    @Test
    void anInputConnectedTwiceIsBadInput() throws Exception {
        Path conn = write("conn.json", """
                {"connections": [{"from": "ExponentialDecay.x", "to": "Feedthrough.real_in"},
                                 {"from": "Feedthrough.real_out", "to": "Feedthrough.real_in"}]}""");
        assertBadInput("/connections/1/to: input 'Feedthrough.real_in' is already connected by /connections/0",
                "--fmu", fmu(PlantFmu.EXPONENTIAL_DECAY), "--fmu", fmu(PlantFmu.FEEDTHROUGH),
                "--connections", conn.toString(), "--stop", "1", "--step", "1", "-o", dir.resolve("o").toString());
    }

    @Test
    void connectingFromAnInputIsBadInput() throws Exception {
        Path conn = write("conn.json", """
                {"connections": [{"from": "Feedthrough.real_in", "to": "Feedthrough.real_in"}]}""");
        assertBadInput("'Feedthrough.real_in' is not an output",
                "--fmu", fmu(PlantFmu.FEEDTHROUGH), "--connections", conn.toString(), "--stop", "1", "--step", "1",
                "-o", dir.resolve("o").toString());
    }

    @Test
    void invalidJsonIsBadInputWithItsLine() throws Exception {
        Path conn = write("conn.json", "{\"connections\": [\n  {\"from\": }\n]}");
        assertBadInput("conn.json: not valid JSON", "--fmu", fmu(PlantFmu.FEEDTHROUGH), "--connections",
                conn.toString(), "--stop", "1", "--step", "1", "-o", dir.resolve("o").toString());
        assertTrue(err.contains("line 2"), err);
    }

    @Test
    void aFileThatIsNoFmuIsBadInput() throws Exception {
        Path notFmu = write("plan.fmu", "just text");
        assertBadInput("plan.fmu: not an FMU", "--fmu", notFmu.toString(), "--stop", "1", "--step", "1",
                "-o", dir.resolve("o").toString());
    }

    @Test
    void missingRequiredOptionIsBadInput() {
        assertBadInput("--stop", "--fmu", "a.fmu", "--step", "1", "-o", dir.toString());
    }

    @Test
    void anFmuErrorDuringTheRunIsBadInputAndTheCsvHoldsTheRowsBefore() throws Exception {
        Path inputs = write("inputs.csv", "time,real_in\n0,1.5\n3,Infinity\n");
        Path outDir = dir.resolve("out");
        assertBadInput("FMU 'Feedthrough' (Feedthrough.fmu): fmi2DoStep returned fmi2Error at t=3.0: fmi2DoStep: output real_out is not finite",
                "--fmu", fmu(PlantFmu.FEEDTHROUGH), "--inputs", inputs.toString(), "--stop", "10", "--step", "1",
                "-o", outDir.toString());
        List<String[]> rows = csv(outDir.resolve("result.csv"));
        assertEquals(5, rows.size(), "header and t = 0, 1, 2, 3");
        assertEquals("3.0", rows.get(4)[0]);
        assertTrue(err.contains("result.csv holds the results up to there"), err);
    }

    @Test
    void unknownPlotVariableIsBadInputBeforeRunning() {
        assertBadInput("--plot: 'altitud' names no variable of any FMU", "--fmu", fmu(PlantFmu.POINT_MASS_AIRCRAFT),
                "--stop", "1", "--step", "1", "--plot", "altitud", "-o", dir.resolve("o").toString());
        assertFalse(Files.exists(dir.resolve("o")));
    }

    @Test
    void unknownKeyInTheConnectionFileIsBadInput() throws Exception {
        Path conn = write("conn.json", "{\"conections\": []}");
        assertBadInput("conn.json: /conections: unknown key", "--fmu", fmu(PlantFmu.FEEDTHROUGH), "--connections",
                conn.toString(), "--stop", "1", "--step", "1", "-o", dir.resolve("o").toString());
    }

    @Test
    void aValueForAnOutputOrOfTheWrongTypeIsBadInput() throws Exception {
        Path conn = write("conn.json", "{\"parameters\": {\"Feedthrough.real_out\": 1}}");
        assertBadInput("/parameters/Feedthrough.real_out: 'Feedthrough.real_out' is an output", "--fmu",
                fmu(PlantFmu.FEEDTHROUGH), "--connections", conn.toString(), "--stop", "1", "--step", "1",
                "-o", dir.resolve("o").toString());
        assertBadInput("'many' is not a valid Integer value for 'Feedthrough.integer_in'", "--fmu",
                fmu(PlantFmu.FEEDTHROUGH), "-p", "integer_in=many", "--stop", "1", "--step", "1",
                "-o", dir.resolve("o").toString());
    }

    @Test
    void replayedInputsWhoseTimeGoesBackwardsAreBadInputWithTheLine() throws Exception {
        Path inputs = write("inputs.csv", "time,real_in\n0,1\n2,2\n1,3\n");
        assertBadInput("inputs.csv: line 4: time goes backwards", "--fmu", fmu(PlantFmu.FEEDTHROUGH), "--inputs",
                inputs.toString(), "--stop", "3", "--step", "1", "-o", dir.resolve("o").toString());
    }

    @Test
    void replayedInputsWithoutAnyInputColumnAreBadInput() throws Exception {
        Path inputs = write("inputs.csv", "time,real_out\n0,1\n");
        assertBadInput("no column names an input of FMU 'Feedthrough' (its inputs: real_in, integer_in", "--fmu",
                fmu(PlantFmu.FEEDTHROUGH), "--inputs", inputs.toString(), "--stop", "1", "--step", "1",
                "-o", dir.resolve("o").toString());
    }

    @Test
    void replayWithSeveralFmusIsBadInput() throws Exception {
        Path inputs = write("inputs.csv", "time,real_in\n0,1\n");
        assertBadInput("--inputs replays into a single FMU", "--fmu", fmu(PlantFmu.FEEDTHROUGH), "--fmu",
                fmu(PlantFmu.EXPONENTIAL_DECAY), "--inputs", inputs.toString(), "--stop", "1", "--step", "1",
                "-o", dir.toString());
    }
}
