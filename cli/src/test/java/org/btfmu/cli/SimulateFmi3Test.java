package org.btfmu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bt-fmu simulate} with FMI 3.0 mission FMUs ({@code build --fmi 3}): a mission Wait
 * inside a communication step ends the step early at its instant, the whole coupling stops
 * there (an FMI 2.0 plant included), and without early return the run is the FMI 2.0 one.
 */
class SimulateFmi3Test {

    /** Waits 10 s, then commands mode 1 (take-off climb) until the plant is 1,000 m higher. */
    static final String WAITER = """
            {"name": "waiter",
             "variables": [
               {"name": "altitude", "causality": "input", "type": "Real", "unit": "m"},
               {"name": "mode", "causality": "output", "type": "Integer", "start": 0}],
             "tree": {"type": "Root", "name": "waiter", "children": [
               {"type": "Sequence", "name": "plan", "children": [
                 {"type": "Wait", "name": "hold", "duration": 10},
                 {"type": "Action", "name": "climb", "outputs": {"mode": "1"}, "done": "altitude > 1000"}]}]}}
            """;

    static final String WIRING = """
            {"connections": [
              {"from": "mission.mode", "to": "plant.mode"},
              {"from": "plant.altitude", "to": "mission.altitude"}]}
            """;

    /** Lets the tank drain until it is low, then fills it at 2 /s (for good: the Memory keeps the drain done). */
    static final String FILLER = """
            {"name": "filler",
             "variables": [
               {"name": "low", "causality": "input", "type": "Boolean"},
               {"name": "inflow", "causality": "output", "type": "Real", "start": 0}],
             "tree": {"type": "Root", "name": "filler", "children": [
               {"type": "Sequence", "name": "plan", "children": [
                 {"type": "Memory", "name": "drained", "children": [
                   {"type": "Action", "name": "drain", "outputs": {"inflow": "0"}, "done": "low"}]},
                 {"type": "Action", "name": "fill", "outputs": {"inflow": "2"}, "done": "false"}]}]}}
            """;

    @TempDir
    Path dir;

    private String err = "";
    private String out = "";

    private int run(String... args) {
        PrintStream savedOut = System.out;
        PrintStream savedErr = System.err;
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
        try {
            return BtFmu.run(args);
        } finally {
            System.setOut(savedOut);
            System.setErr(savedErr);
            out = o.toString(StandardCharsets.UTF_8);
            err = e.toString(StandardCharsets.UTF_8);
        }
    }

    private Path build(String fmi) throws Exception {
        Path mission = Files.writeString(dir.resolve("waiter.json"), WAITER);
        Path fmu = dir.resolve("waiter" + fmi + ".fmu");
        List<String> args = new ArrayList<>(List.of("build", mission.toString(), "-o", fmu.toString()));
        if (fmi.equals("3")) {
            args.addAll(List.of("--fmi", "3"));
        }
        assertEquals(0, run(args.toArray(String[]::new)), err);
        return fmu;
    }

    /** The rows of result.csv, split at commas (the header first). */
    private List<String[]> simulate(String name, Path mission, boolean withPlant, String... more) throws Exception {
        Path outDir = dir.resolve(name);
        List<String> args = new ArrayList<>(List.of("simulate", "--fmu", "mission=" + mission, "--stop", "20",
                "--step", "3", "-o", outDir.toString()));
        if (withPlant) {
            args.addAll(List.of("--fmu", "plant=" + PlantFmu.POINT_MASS_AIRCRAFT.copyTo(dir), "--connections",
                    Files.writeString(dir.resolve("wiring.json"), WIRING).toString()));
        }
        args.addAll(Arrays.asList(more));
        assertEquals(0, run(args.toArray(String[]::new)), err);
        return Files.readAllLines(outDir.resolve("result.csv")).stream().map(l -> l.split(",")).toList();
    }

    private static double firstTimeOf(List<String[]> rows, String column, String value) {
        int c = Arrays.asList(rows.get(0)).indexOf(column);
        assertTrue(c > 0, column + " in " + Arrays.toString(rows.get(0)));
        for (String[] row : rows.subList(1, rows.size())) {
            if (row[c].equals(value)) {
                return Double.parseDouble(row[0]);
            }
        }
        return Double.NaN;
    }

    private static List<Double> times(List<String[]> rows) {
        return rows.subList(1, rows.size()).stream().map(r -> Double.parseDouble(r[0])).toList();
    }

    @Test
    void aWaitInsideAStepEndsTheStepAtItsInstant() throws Exception {
        List<String[]> fmi3 = simulate("fmi3", build("3"), false);
        assertEquals(List.of(0.0, 3.0, 6.0, 9.0, 10.0, 12.0, 15.0, 18.0, 20.0), times(fmi3));
        assertEquals(10.0, firstTimeOf(fmi3, "mode", "1"), "the Wait's end takes effect at 10 s exactly");
        assertTrue(out.contains("1 ended early at an FMU's event, Event Mode at 1 instants"), out);
        List<String[]> fmi2 = simulate("fmi2", build("2"), false);
        assertEquals(12.0, firstTimeOf(fmi2, "mode", "1"), "FMI 2.0: at the next communication point");
    }

    @Test
    void withoutEarlyReturnAnFmi3MissionStepsAsFmi2() throws Exception {
        Path fmi2 = dir.resolve("fmi2/result.csv");
        simulate("fmi2", build("2"), true);
        List<String[]> fmi3 = simulate("fmi3", build("3"), true, "--no-early-return");
        assertEquals(Files.readString(fmi2), Files.readString(dir.resolve("fmi3/result.csv")),
                "the same rows, columns and values as the FMI 2.0 mission");
        assertEquals(12.0, firstTimeOf(fmi3, "mission.mode", "1"));
    }

    @Test
    void anFmi2PlantStepsToTheEarlyReturnAndReceivesTheOutputThere() throws Exception {
        List<String[]> mixed = simulate("mixed", build("3"), true);
        List<String[]> fmi2 = simulate("fmi2", build("2"), true);
        assertEquals(List.of(0.0, 3.0, 6.0, 9.0, 10.0, 12.0, 15.0, 18.0, 20.0), times(mixed));
        int altitude = Arrays.asList(mixed.get(0)).indexOf("plant.altitude");
        // Row 6 is t = 12: the plant climbs from 10 s in the mixed coupling, from 12 s with FMI 2.0 only.
        assertEquals("12.0", mixed.get(6)[0]);
        assertEquals(fmi2.get(4)[altitude], mixed.get(5)[altitude], "the same altitude up to 10 s");
        assertTrue(Double.parseDouble(mixed.get(6)[altitude]) > Double.parseDouble(mixed.get(5)[altitude]),
                "climbing between 10 s and 12 s");
        assertEquals("12.0", fmi2.get(5)[0]);
        assertEquals(fmi2.get(4)[altitude], fmi2.get(5)[altitude], "FMI 2.0: still holding at 12 s");
        assertNotEquals(fmi2.get(6)[altitude], mixed.get(7)[altitude]);
    }

    /**
     * A whole FMI 3.0 coupling: the tank (test-fmus LevelCrossing, FMI 3.0 build) returns early
     * where its level crosses 0.5 (t = ln 2), the mission enters Event Mode with it, sees
     * {@code low} there and commands the inflow at once; the level then follows
     * x = 2 - 1.5 exp(-(t - ln 2)). With the FMI 2.0 tank the mission sees {@code low} at 1 s
     * and its inflow reaches the tank at 1.5 s.
     */
    @Test
    void aPlantCrossingInsideAStepTakesEffectInTheMissionAtItsInstant() throws Exception {
        Path mission = Files.writeString(dir.resolve("filler.json"), FILLER);
        Path fmu = dir.resolve("filler.fmu");
        assertEquals(0, run("build", mission.toString(), "--fmi", "3", "-o", fmu.toString()), err);
        Path wiring = Files.writeString(dir.resolve("tank.json"), """
                {"connections": [{"from": "mission.inflow", "to": "tank.inflow"},
                                 {"from": "tank.low", "to": "mission.low"}]}
                """);
        List<List<String[]>> runs = new ArrayList<>();
        for (Path tank : List.of(PlantFmu.LEVEL_CROSSING.copyFmi3To(dir), PlantFmu.LEVEL_CROSSING.copyTo(dir))) {
            Path outDir = dir.resolve("out-" + runs.size());
            assertEquals(0, run("simulate", "--fmu", "mission=" + fmu, "--fmu", "tank=" + tank, "--connections",
                    wiring.toString(), "--stop", "2", "--step", "0.5", "-o", outDir.toString()), err);
            runs.add(Files.readAllLines(outDir.resolve("result.csv")).stream().map(l -> l.split(",")).toList());
        }
        List<String[]> fmi3 = runs.get(0);
        // The grid, and the crossing: down at ln 2, and (the tank filling) up again within 1e-12 s.
        List<Double> grid = times(fmi3).stream().filter(t -> Math.abs(t - Math.log(2)) > 1e-9).toList();
        assertEquals(List.of(0.0, 0.5, 1.0, 1.5, 2.0), grid, times(fmi3).toString());
        assertEquals(Math.log(2), times(fmi3).get(2), 1e-9, "the tank's early return at its crossing");
        assertEquals(times(fmi3).get(2), firstTimeOf(fmi3, "mission.inflow", "2.0"), "the mission reacts there");
        int x = Arrays.asList(fmi3.get(0)).indexOf("tank.x");
        String[] atOne = fmi3.get(1 + times(fmi3).indexOf(1.0));
        assertEquals(2 - 1.5 * Math.exp(-(1 - Math.log(2))), Double.parseDouble(atOne[x]), 1e-8,
                "filling from ln 2 on");
        // FMI 2.0 tank: low shows at 1 s, the mission acts on it in its step from 1 s, and the
        // tank gets the inflow at 1.5 s.
        assertEquals(1.5, firstTimeOf(runs.get(1), "mission.inflow", "2.0"), "FMI 2.0 tank");
    }
}
