package org.btfmu.testfmus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.btfmu.checker.Checker;
import org.btfmu.checker.Report;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dependencies of {@code <Outputs>} and {@code <Derivatives>} on the continuous states
 * and the continuous inputs, seen through Model Exchange by bt-fmu check's probe from an
 * instant chosen so that every declared dependency shows (from the default start some
 * cannot: CheckTest lists those). A change the declaration does not list, or a declared
 * dependency that does not show, fails.
 */
class ModelExchangeDependencyTest {

    @TempDir
    Path dir;

    @Test
    void pointMassAircraftDeclaresWhatItsEquationsRead() throws Exception {
        // Mode 2 towards (500, 300), bearing 59 degrees, heading 57: turning, speeding up and
        // climbing to 5 m, each below its rate limit (a clamped rate would hide its knowns).
        Report report = Checker.probeModelExchange(PlantFmu.POINT_MASS_AIRCRAFT.copyTo(dir), Map.of("heading0", 57.0,
                "target_x", 500.0, "target_y", 300.0, "target_speed", 30.0, "target_altitude", 5.0, "mode", 2));
        // Every declared state and continuous-input dependency shows. (The Boolean and Integer
        // outputs hold between events, and the counters and the mode are discrete inputs, which
        // Continuous-Time Mode cannot set: CheckTest covers those through Co-Simulation.)
        assertEquals(List.of(), report.findings());
        Map<String, Set<String>> seen = report.observed(Report.CONTINUOUS_TIME_MODE);
        assertEquals(Set.of("heading", "target_x", "target_y", "x", "y"), seen.get("der(heading)"));
        assertEquals(Set.of("speed", "target_speed"), seen.get("der(speed)"));
    }

    @Test
    void solarAircraftDeclaresWhatItsEquationsRead() throws Exception {
        // Noon, half charged, at 7,000 m holding 7,050 m: sun, charging, climbing below the rate limit.
        Report report = Checker.probeModelExchange(PlantFmu.SOLAR_AIRCRAFT.copyTo(dir), Map.of("time_of_day0",
                43200.0, "soc0", 0.5, "altitude0", 7000.0, "target_altitude", 7050.0));
        // Every declared dependency shows (mode is discrete: CheckTest covers it).
        assertEquals(List.of(), report.findings());
        assertEquals(Set.of("altitude", "soc", "target_altitude"),
                report.observed(Report.CONTINUOUS_TIME_MODE).get("der(soc)"));
    }
}
