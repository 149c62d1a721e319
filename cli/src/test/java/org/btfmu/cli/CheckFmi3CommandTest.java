package org.btfmu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code bt-fmu check} on FMI 3.0 mission FMUs ({@code bt-fmu build --fmi 3}). */
class CheckFmi3CommandTest {

    @TempDir
    Path dir;

    private Path build(String example) {
        Path fmu = dir.resolve(example + ".fmu");
        Console build = Console.run("build", Path.of("..", "examples", example + ".json").toString(), "--fmi", "3",
                "-o", fmu.toString());
        assertEquals(0, build.exit(), build.out() + build.err());
        return fmu;
    }

    /** Event indicators (solar day), a state machine, the traffic circuit's waypoint loop. */
    @ParameterizedTest
    @ValueSource(strings = {"traffic-circuit", "solar-day", "square-waypoints-statemachine"})
    void anFmi3MissionFmuChecksClean(String example) {
        Path fmu = build(example);
        Console check = Console.run("check", fmu.toString());
        assertEquals(0, check.exit(), check.out() + check.err());
        assertTrue(check.out().contains(fmu + ": 0 errors, "), check.out());
        assertTrue(check.out().lines().noneMatch(l -> l.contains(": error: ")), check.out());
        // it refuses every call its state machine does not allow (the Reference FMUs accept three)
        assertTrue(check.out().lines().noneMatch(l -> l.contains("FMI 3.0 state machine")), check.out());
    }

    /**
     * The mission's own time events in the run with Event Mode and early return (steps of 0.01 s,
     * no default experiment, so to 0.05 s): the Wait ends at 0.025 s inside the third step, which
     * returns early there; the entry of 0.01 s then ends at 0.035 s, the end of the next step, an
     * event without early return. Six steps, one early return, two events.
     */
    @Test
    void theEventModeRunMeetsTheMissionsTimeEvents() throws Exception {
        Path mission = Files.writeString(dir.resolve("waits.json"), """
                {"name": "waits", "variables": [{"name": "x", "causality": "input", "type": "Real"},
                   {"name": "y", "causality": "output", "type": "Real"}],
                 "tree": {"type": "Root", "name": "waits", "children": [
                   {"type": "Sequence", "name": "plan", "children": [
                     {"type": "Wait", "name": "first", "duration": 0.025},
                     {"type": "Action", "name": "hold", "entryDuration": 0.01, "outputs": {"y": "1"},
                      "done": "x > 0"}]}]}}
                """);
        Path fmu = dir.resolve("waits.fmu");
        Console build = Console.run("build", mission.toString(), "--fmi", "3", "-o", fmu.toString());
        assertEquals(0, build.exit(), build.out() + build.err());
        Console check = Console.run("check", fmu.toString());
        assertEquals(0, check.exit(), check.out() + check.err());
        assertTrue(check.out().contains(fmu + ": note: Co-Simulation calling sequence with Event Mode and early"
                + " return, Step Mode: 6 steps of 0.01 to t = 0.05: 1 early return, 2 events handled in Event Mode"),
                check.out());
    }

    /** x = 2 - 1 is one of the probe values: there y = 1 / 0, which the FMU refuses; the other values show y <- x. */
    @Test
    void aProbeValueWhereAnOutputIsInfiniteIsSkippedWithANote() throws Exception {
        Path mission = Files.writeString(dir.resolve("reciprocal.json"), """
                {"name": "reciprocal", "variables": [
                  {"name": "x", "causality": "input", "type": "Real", "start": 2},
                  {"name": "y", "causality": "output", "type": "Real"}],
                 "tree": {"type": "Root", "name": "root", "children": [
                   {"type": "Action", "name": "track", "outputs": {"y": "1 / (x - 1)"}, "done": "false"}]}}
                """);
        Path fmu = dir.resolve("reciprocal.fmu");
        Console build = Console.run("build", mission.toString(), "--fmi", "3", "-o", fmu.toString());
        assertEquals(0, build.exit(), build.out() + build.err());
        Console check = Console.run("check", fmu.toString());
        assertEquals(0, check.exit(), check.out() + check.err());
        assertTrue(check.out().contains(fmu + ": note: Step Mode, x: skipped the value 1.0 for x: the FMU refused it"
                + " (fmi3GetFloat64(y) returned fmi3Error"), check.out());
        assertTrue(check.out().contains("Initialization Mode, x: skipped the value 1.0"), check.out());
        assertTrue(check.out().contains(fmu + ": 0 errors, "), check.out());
        assertFalse(check.out().contains("Step Mode, x: declared"), check.out());
    }

    /** A copy of the FMU whose model description has {@code from} replaced by {@code to}. */
    private Path edited(Path fmu, String from, String to) throws Exception {
        Path broken = dir.resolve("broken.fmu");
        try (ZipFile zip = new ZipFile(fmu.toFile()); OutputStream file = Files.newOutputStream(broken);
                ZipOutputStream out = new ZipOutputStream(file)) {
            Enumeration<? extends ZipEntry> entries = zip.entries();
            while (entries.hasMoreElements()) {
                ZipEntry entry = entries.nextElement();
                byte[] bytes = zip.getInputStream(entry).readAllBytes();
                if (entry.getName().equals("modelDescription.xml")) {
                    String xml = new String(bytes, StandardCharsets.UTF_8);
                    assertTrue(xml.contains(from), xml);
                    bytes = xml.replace(from, to).getBytes(StandardCharsets.UTF_8);
                }
                out.putNextEntry(new ZipEntry(entry.getName()));
                out.write(bytes);
                out.closeEntry();
            }
        }
        return broken;
    }

    /** Its first status output taken out of <Output>: exit 2, the list and the value references named. */
    @Test
    void anFmi3MissionFmuWithABrokenDescriptionIsRefused() throws Exception {
        Path broken = edited(build("traffic-circuit"), "<Output valueReference=\"9\" dependencies=\"\"/>", "");
        Console check = Console.run("check", broken.toString());
        assertEquals(BtFmu.EXIT_BAD_INPUT, check.exit(), check.out());
        assertTrue(check.out().contains(broken + ": error: ModelStructure/Output: lists the value references [10,"),
                check.out());
        assertTrue(check.out().contains("but the variables with causality output are [9, 10,"), check.out());
    }

    /**
     * The solar day's first event indicator is the crossing function of soc >= soc_full, so it
     * moves with the input soc in Continuous-Time Mode: declared without dependencies, it is an
     * error of the Model Exchange dependency check.
     */
    @Test
    void anEventIndicatorMovedByAnUndeclaredInputIsAnError() throws Exception {
        Path broken = edited(build("solar-day"), "<EventIndicator valueReference=\"28\"/>",
                "<EventIndicator valueReference=\"28\" dependencies=\"\"/>");
        Console check = Console.run("check", broken.toString());
        assertEquals(BtFmu.EXIT_BAD_INPUT, check.exit(), check.out());
        assertTrue(check.out().contains(broken + ": error: Model Exchange, Continuous-Time Mode, eventIndicator[1] <- soc:"
                + " eventIndicator[1] went from "), check.out());
        assertTrue(check.out().contains("without a step, but its dependencies in <EventIndicator> do not list soc"),
                check.out());
        assertTrue(check.out().contains(broken + ": 1 error, "), check.out());
    }
}
