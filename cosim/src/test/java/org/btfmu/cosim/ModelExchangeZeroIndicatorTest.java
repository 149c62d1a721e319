package org.btfmu.cosim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An event indicator that is exactly zero at the start of an integration interval (issue 20):
 * the solar aircraft starts at altitude_min, so its indicator altitude - altitude_min is 0 at
 * t = 0; told to climb to 9,000 m, the indicator turns positive at once. That is no sign change
 * (the indicator rested on its zero, it did not cross it), so the run has no state event there,
 * and time advances: before, the master replaced the zero by -Double.MIN_NORMAL, saw a crossing
 * at t = 0 and crept forward in steps of 2.2e-308 s forever. The work is bounded by counts,
 * not by a clock: an hour of a smooth climb needs a few dozen integrator steps and, with one
 * evaluation of the indicators per output point, a few hundred points of the system.
 */
class ModelExchangeZeroIndicatorTest {

    @Test
    void anIndicatorStartingOnZeroDoesNotStopTime(@TempDir Path dir) {
        Path plant = PlantFmu.SOLAR_AIRCRAFT.copyTo(dir);
        Rows rows = new Rows();
        ModelExchangeMaster.Result result;
        try (CoSimulation sim = CoSimulation.load(List.of(new CoSimulation.FmuSpec("plant", plant)), m -> { },
                true)) {
            FmuInstance fmu = sim.fmus().get(0);
            VariableReference target = new VariableReference(fmu, fmu.variable("target_altitude").orElseThrow());
            sim.set(List.of(ConnectionFile.ParameterValue.of(target, "9000", "test")));
            VariableReference altitude = new VariableReference(fmu, fmu.variable("altitude").orElseThrow());
            result = sim.runModelExchange(0, 3600, 60, ModelExchangeMaster.Tolerances.defaults(),
                    List.of(altitude), List.of(rows), fraction -> { });
        }
        assertEquals(3600, result.stop());
        assertEquals(0, result.stateEvents(), "leaving a zero is no crossing: " + result.eventTimes());
        double last = (Double) rows.values.get(rows.values.size() - 1)[0];
        // 0.01 (9000 - h) per second, at most 1 m/s: about 8,940 m after an hour
        assertTrue(last > 8900 && last < 9000, "altitude after an hour: " + last);
        assertEquals(61, rows.times.size(), "one sample per minute and none for events: " + rows.times);
        assertTrue(result.steps() < 100, "integrator steps: " + result);
        assertTrue(result.evaluations() < 1_000, "points of the system evaluated: " + result);
    }

    /**
     * The plant alone for a day at 9,000 m: the battery runs empty in the night and the charge
     * then rests at exactly 0 (zero derivatives), where the integrator's first-step estimate is
     * unbounded; no evaluation may fall past the stop time (the plant refuses fmi2SetTime
     * there). With output points interpolated, a day takes a few hundred steps, not one per
     * output interval.
     */
    @Test
    void aDayWithTheChargeRestingAtZeroStaysWithinTheStopTime(@TempDir Path dir) {
        Path plant = PlantFmu.SOLAR_AIRCRAFT.copyTo(dir);
        Rows rows = new Rows();
        ModelExchangeMaster.Result result;
        try (CoSimulation sim = CoSimulation.load(List.of(new CoSimulation.FmuSpec("plant", plant)), m -> { },
                true)) {
            FmuInstance fmu = sim.fmus().get(0);
            VariableReference target = new VariableReference(fmu, fmu.variable("target_altitude").orElseThrow());
            sim.set(List.of(ConnectionFile.ParameterValue.of(target, "9000", "test")));
            VariableReference soc = new VariableReference(fmu, fmu.variable("soc").orElseThrow());
            result = sim.runModelExchange(0, 86400, 10, ModelExchangeMaster.Tolerances.defaults(), List.of(soc),
                    List.of(rows), fraction -> { });
        }
        assertEquals(86400, result.stop());
        assertTrue(rows.times.contains(86400.0), "the last output point: " + rows.times.get(rows.times.size() - 1));
        int emptyAt = rows.times.indexOf(25000.0);
        assertEquals(0.0, (Double) rows.values.get(emptyAt)[0], "the battery is empty before sunrise (07:50)");
        assertTrue(result.stateEvents() >= 1, "the charge reaching 0 is an event: " + result);
        assertTrue(result.steps() < 2_000, "integrator steps in a day (8,640 output points): " + result);
    }
}
