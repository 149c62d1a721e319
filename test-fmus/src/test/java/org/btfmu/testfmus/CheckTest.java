package org.btfmu.testfmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.btfmu.checker.Checker;
import org.btfmu.checker.Finding;
import org.btfmu.checker.Report;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bt-fmu check on every plant: the declared dependencies equal what the check observes,
 * except the listed ones that cannot show from the start state (each is a note, and the
 * list is exact, so a new unobserved or an undeclared dependency fails the test). And on
 * the three FMUs whose declarations are untrue on purpose (one only in Model Exchange).
 */
class CheckTest {

    @TempDir
    Path dir;

    private Report check(PlantFmu plant) throws Exception {
        return Checker.check(plant.copyTo(dir));
    }

    /** "mode, unknown <- known" for every declared dependency the check did not see. */
    private static Set<String> unobserved(Report report) {
        Set<String> pairs = new TreeSet<>();
        for (String mode : List.of(Report.INITIALIZATION_MODE, Report.STEP_MODE, Report.CONTINUOUS_TIME_MODE)) {
            report.unobserved(mode).forEach((unknown, knowns) -> knowns.forEach(
                    known -> pairs.add(mode + ", " + unknown + " <- " + known)));
        }
        return pairs;
    }

    private static Set<String> lines(String text) {
        return new TreeSet<>(text.strip().lines().map(String::strip).toList());
    }

    @Test
    void exponentialDecayAndFeedthroughDeclareExactlyWhatTheyDo() throws Exception {
        Report decay = check(PlantFmu.EXPONENTIAL_DECAY);
        assertEquals(List.of(), decay.findings());
        assertEquals(Map.of("x", Set.of("x0")), decay.observed(Report.INITIALIZATION_MODE));
        assertEquals(Map.of("x", Set.of()), decay.observed(Report.STEP_MODE));
        Report feedthrough = check(PlantFmu.FEEDTHROUGH);
        assertEquals(List.of(), feedthrough.findings());
        for (String mode : List.of(Report.INITIALIZATION_MODE, Report.STEP_MODE)) {
            for (String type : List.of("real", "integer", "boolean", "string", "enumeration")) {
                assertEquals(Set.of(type + "_in"), feedthrough.observed(mode).get(type + "_out"), mode);
            }
        }
    }

    @Test
    void pointMassAircraftDeclaresWhatItDoes() throws Exception {
        Report report = check(PlantFmu.POINT_MASS_AIRCRAFT);
        assertEquals(List.of(), report.errors());
        Map<String, Set<String>> step = report.observed(Report.STEP_MODE);
        assertEquals(Set.of("advance_request"), step.get("advance_ack"));
        assertEquals(Set.of("advance_request"), step.get("waypoint_index"));
        assertEquals(Set.of("mode", "target_altitude"), step.get("climb_rate"));
        assertEquals(Set.of(), step.get("altitude"), "a state: no feedthrough");
        Map<String, Set<String>> initial = report.observed(Report.INITIALIZATION_MODE);
        assertEquals(Set.of("mode", "target_altitude", "altitude0"), initial.get("der(altitude)"));
        assertEquals(Set.of("target_speed"), initial.get("der(speed)"));
        Map<String, Set<String>> continuous = report.observed(Report.CONTINUOUS_TIME_MODE);
        assertEquals(Set.of("heading", "speed"), continuous.get("der(x)"), "Model Exchange");
        assertEquals(Set.of("altitude", "target_altitude"), continuous.get("der(altitude)"));
        assertEquals(Set.of("x", "y"), continuous.get("distance_to_target"));
        // At the start the pointer is at waypoint 1 (a reset changes nothing), the mode is 0
        // (the mode-2 target is not used, and the heading does not turn), the aircraft is on
        // the ground far from wp1, due north of it and heading north, and it keeps its speed.
        // In Model Exchange the same start: the heading holds, the speed is at its target, and
        // the mode-2 target is unused (ModelExchangeDependencyTest chooses an instant where all show).
        assertEquals(lines("""
                Continuous-Time Mode, der(heading) <- heading
                Continuous-Time Mode, der(heading) <- target_x
                Continuous-Time Mode, der(heading) <- target_y
                Continuous-Time Mode, der(heading) <- x
                Continuous-Time Mode, der(heading) <- y
                Continuous-Time Mode, der(speed) <- speed
                Continuous-Time Mode, distance_to_target <- target_x
                Continuous-Time Mode, distance_to_target <- target_y
                Initialization Mode, climb_rate <- climb_rate_max
                Initialization Mode, der(altitude) <- climb_rate_max
                Initialization Mode, der(heading) <- heading0
                Initialization Mode, der(heading) <- mode
                Initialization Mode, der(heading) <- target_x
                Initialization Mode, der(heading) <- target_y
                Initialization Mode, der(heading) <- turn_rate_max
                Initialization Mode, der(heading) <- wp1_x
                Initialization Mode, der(heading) <- wp1_y
                Initialization Mode, der(heading) <- x0
                Initialization Mode, der(heading) <- y0
                Initialization Mode, der(speed) <- speed0
                Initialization Mode, distance_to_target <- target_x
                Initialization Mode, distance_to_target <- target_y
                Initialization Mode, target_reached <- reach_radius
                Initialization Mode, target_reached <- target_x
                Initialization Mode, target_reached <- target_y
                Initialization Mode, target_reached <- wp1_x
                Initialization Mode, target_reached <- x0
                Initialization Mode, target_reached <- y0
                Step Mode, advance_failed <- reset_request
                Step Mode, at_last_waypoint <- reset_request
                Step Mode, distance_to_target <- reset_request
                Step Mode, distance_to_target <- target_x
                Step Mode, distance_to_target <- target_y
                Step Mode, target_reached <- reset_request
                Step Mode, target_reached <- target_x
                Step Mode, target_reached <- target_y
                Step Mode, waypoint_index <- reset_request
                """), unobserved(report));
    }

    @Test
    void solarAircraftDeclaresWhatItDoes() throws Exception {
        Report report = check(PlantFmu.SOLAR_AIRCRAFT);
        assertEquals(List.of(), report.errors());
        assertEquals(Set.of("mode", "target_altitude"), report.observed(Report.STEP_MODE).get("vertical_speed"));
        assertEquals(Set.of("battery_capacity", "soc0", "altitude0", "avionics_power", "level_power_min",
                "efficiency", "mode", "target_altitude", "vertical_speed_max", "sunrise", "sunset", "altitude_min",
                "altitude_max"),
                report.observed(Report.INITIALIZATION_MODE).get("der(soc)"));
        assertEquals(Set.of("altitude", "soc", "target_altitude"),
                report.observed(Report.CONTINUOUS_TIME_MODE).get("der(soc)"), "Model Exchange");
        // At t = 0 (and a few minutes around it) it is night: no sun. Level-flight power and
        // the climb's mass term vanish at altitude_min and zero vertical speed, which is
        // also clamped to the altitude limits there. The derivatives follow the same terms.
        // In Model Exchange every declared state and continuous-input dependency shows.
        assertEquals(lines("""
                Initialization Mode, battery_power <- level_power_max
                Initialization Mode, battery_power <- mass
                Initialization Mode, battery_power <- solar_peak_power
                Initialization Mode, battery_power <- time_of_day0
                Initialization Mode, der(altitude) <- altitude_max
                Initialization Mode, der(altitude) <- altitude_min
                Initialization Mode, der(soc) <- level_power_max
                Initialization Mode, der(soc) <- mass
                Initialization Mode, der(soc) <- solar_peak_power
                Initialization Mode, der(soc) <- time_of_day0
                Initialization Mode, power_demand <- level_power_max
                Initialization Mode, power_demand <- mass
                Initialization Mode, solar_power <- solar_peak_power
                Initialization Mode, solar_power <- time_of_day0
                Initialization Mode, vertical_speed <- altitude_max
                Initialization Mode, vertical_speed <- altitude_min
                """), unobserved(report));
    }

    @Test
    void anUndeclaredFeedthroughIsAnErrorInBothModes() throws Exception {
        Report report = check(PlantFmu.HIDDEN_FEEDTHROUGH);
        assertEquals(List.of("Initialization Mode, y <- u", "Step Mode, y <- u"),
                report.errors().stream().map(Finding::where).toList());
        assertEquals(true, report.errors().get(1).message().contains("do not list u"),
                report.errors().get(1).message());
    }

    @Test
    void aDeclaredDependencyThatNeverShowsIsANote() throws Exception {
        Report report = check(PlantFmu.PHANTOM_DEPENDENCY);
        assertEquals(List.of(), report.errors());
        assertEquals(Set.of("Initialization Mode, y <- u", "Step Mode, y <- u"), unobserved(report));
        assertEquals(List.of("note: Initialization Mode, u: declared in <InitialUnknowns> for 1 unknown but not"
                + " seen: setting it to [1.0, -1.0, 100.0, -100.0, 10.0] left y unchanged",
                "note: Step Mode, u: declared in <Outputs> for 1 unknown but not seen: setting it to"
                + " [1.0, -1.0, 100.0, -100.0, 10.0] left y unchanged"),
                report.notes().stream().map(Finding::toString).toList());
    }

    @Test
    void anUndeclaredStateDependencyIsAnErrorInModelExchange() throws Exception {
        Report report = check(PlantFmu.HIDDEN_STATE_DEPENDENCY);
        assertEquals(List.of("error: Model Exchange, Continuous-Time Mode, der(v) <- x: der(v) went from -1.0 to"
                + " -2.0 when x was set from 1.0 to 2.0 without a step, but its dependencies in <Derivatives> do"
                + " not list x",
                "note: Model Exchange, Continuous-Time Mode, x: declared in <Derivatives> for 1 unknown but not seen:"
                + " setting it to [2.0, 0.0, -1.0, 101.0, -99.0] left der(x) unchanged"),
                report.findings().stream().map(Finding::toString).toList(), "Co-Simulation finds nothing");
        assertEquals(Map.of("der(x)", Set.of("v"), "der(v)", Set.of("u", "x")),
                report.observed(Report.CONTINUOUS_TIME_MODE));
    }

    @Test
    void aWrongNumberOfEventIndicatorsIsAnErrorInModelExchange() throws Exception {
        // The point-mass aircraft with numberOfEventIndicators="2" (it has 1) in its model description.
        Path original = PlantFmu.POINT_MASS_AIRCRAFT.copyTo(dir);
        Path edited = dir.resolve("TwoIndicators.fmu");
        try (ZipFile in = new ZipFile(original.toFile());
                ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(edited))) {
            for (ZipEntry entry : Collections.list(in.entries())) {
                byte[] bytes = in.getInputStream(entry).readAllBytes();
                if (entry.getName().equals("modelDescription.xml")) {
                    String xml = new String(bytes, StandardCharsets.UTF_8);
                    assertTrue(xml.contains("numberOfEventIndicators=\"1\""));
                    bytes = xml.replace("numberOfEventIndicators=\"1\"", "numberOfEventIndicators=\"2\"")
                            .getBytes(StandardCharsets.UTF_8);
                }
                out.putNextEntry(new ZipEntry(entry.getName()));
                out.write(bytes);
                out.closeEntry();
            }
        }
        Report report = Checker.check(edited);
        assertEquals(List.of("error: Model Exchange calling sequence, Continuous-Time Mode: fmi2GetEventIndicators(n = 2)"
                + " returned fmi2Error (the FMU logged: fmi2GetEventIndicators: the array has 2 elements, the FMU has 1)"),
                report.errors().stream().map(Finding::toString).toList());
        assertEquals(Map.of(), report.observed(Report.CONTINUOUS_TIME_MODE), "no dependency check after the failure");
        assertEquals(check(PlantFmu.POINT_MASS_AIRCRAFT).observed(Report.STEP_MODE), report.observed(Report.STEP_MODE),
                "Co-Simulation does not use the indicators");
    }
}
