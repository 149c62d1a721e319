package org.btfmu.modelexchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.btfmu.core.Status;
import org.btfmu.cosim.ModelExchangeMaster;
import org.btfmu.demo.MissionCoSimulation;
import org.btfmu.demo.Recording;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A mission's Condition against a plant climbing at a known rate, both Model Exchange, one
 * integrator: the condition switches where its event indicator crosses zero, located by the
 * integrator, not at an output point.
 */
class EventLocationTest {

    /** PointMassAircraft in mode 1 climbs at climb_rate_max = 5 m/s from 0 m: 300 m at t = 60 s. */
    private static final double RATE = 5.0;

    @TempDir
    Path dir;

    private Path mission(String predicate, double hysteresis) throws Exception {
        String json = """
                {"name": "climb_check", "variables": [
                  {"name": "altitude", "causality": "input", "type": "Real"},
                  {"name": "mode", "causality": "output", "type": "Integer", "start": 1}],
                 "tree": {"type": "Root", "name": "r", "children": [
                   {"type": "Condition", "name": "high", "predicate": "%s", "hysteresis": %s}]}}
                """.formatted(predicate, hysteresis);
        return Files.writeString(dir.resolve("climb_check.json"), json);
    }

    private Path connections() throws Exception {
        return Files.writeString(dir.resolve("connections.json"), """
                {"connections": [{"from": "plant.altitude", "to": "mission.altitude"},
                                 {"from": "mission.mode", "to": "plant.mode"}]}
                """);
    }

    private record Run(ModelExchangeMaster.Result result, Recording recording) {
    }

    private Run fly(double hysteresis, String name) throws Exception {
        Path work = dir.resolve(name);
        MissionCoSimulation.prepare(mission("altitude >= 300", hysteresis), PlantFmu.POINT_MASS_AIRCRAFT, work);
        Recording recording = new Recording();
        ModelExchangeMaster.Result result = MissionCoSimulation.runModelExchange(work, connections(), 100, 10,
                List.of(recording), message -> { });
        return new Run(result, recording);
    }

    /** The time of the first sample at which the condition reports SUCCESS. */
    private static double switchTime(Recording r) {
        int[] status = r.integers("mission.status.r.high");
        double[] times = r.times();
        for (int i = 0; i < status.length; i++) {
            if (status[i] == Status.SUCCESS.ordinal() + 1) {
                return times[i];
            }
        }
        return Double.NaN;
    }

    @Test
    void switchesAtTheAnalyticCrossingTime() throws Exception {
        Run run = fly(0, "plain");
        double crossing = 300 / RATE;
        assertEquals(crossing, switchTime(run.recording()), 1e-6,
                "the status changes at the located event, not at the 10 s output grid");
        assertTrue(run.result().stateEvents() >= 1, "a state event: " + run.result());
        assertEquals(0, run.result().timeEvents(), "the tree asks for no time event");
        assertTrue(run.result().eventTimes().stream().anyMatch(t -> Math.abs(t - crossing) < 1e-6),
                "an event at the crossing (the plant has its own, at 36 s: wp1 within reach): "
                        + run.result().eventTimes());
        double[] altitude = run.recording().values("plant.altitude");
        assertEquals(100 * RATE, altitude[altitude.length - 1], 1e-6, "the plant integrated exactly");
    }

    @Test
    void hysteresisShiftsTheSwitchToTheBandsEdge() throws Exception {
        Run run = fly(20, "hysteresis");
        assertEquals(320 / RATE, switchTime(run.recording()), 1e-6, "true above 300 + 20 m");
    }
}
