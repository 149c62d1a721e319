package org.btfmu.fmu;

import static org.btfmu.fmu.FmuSlaveTest.address;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Memory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.btfmu.mission.Mission;
import org.btfmu.mission.MissionLoader;
import org.junit.jupiter.api.Test;

/**
 * A step that would process more time events than the mission's {@code maxEventsPerStep}
 * stops at the last completed event with fmi2Discard (FMI 2.0 §4.2.3), instead of keeping
 * the importer waiting for ever.
 */
class BoundedStepTest {

    static final int OK = 0;
    static final int DISCARD = 2;
    static final int ERROR = 3;
    static final int LAST_SUCCESSFUL_TIME = 2;
    static final int TERMINATED = 3;

    /** A loop around a one-second wait: one time event per simulated second, for ever. */
    static final String TICKER = """
            {"name": "ticker", %s
             "variables": [{"name": "n", "causality": "output", "type": "Integer"}],
             "tree": {"type": "Root", "name": "ticker", "children": [
               {"type": "Loop", "name": "again", "children": [
                 {"type": "Wait", "name": "second", "duration": 1}]}]}}
            """;

    final List<FmuSlaveTest.Message> messages = new ArrayList<>();

    FmuSlave slave(String missionText) {
        Mission mission = MissionLoader.load(missionText, "ticker.json");
        FmuResources resources = new FmuResources(Path.of("/ticker"), "{guid}", mission,
                ModelVariables.of(mission));
        return new FmuSlave(resources, new ImporterLog(
                (status, category, text) -> messages.add(new FmuSlaveTest.Message(status, category, text)), false));
    }

    static void initialize(FmuSlave slave) {
        assertEquals(OK, slave.setupExperiment(false, 0, 0, false, 0));
        assertEquals(OK, slave.enterInitializationMode());
        assertEquals(OK, slave.exitInitializationMode());
    }

    static double lastSuccessfulTime(FmuSlave slave) {
        Memory time = new Memory(8);
        assertEquals(OK, slave.getRealStatus(LAST_SUCCESSFUL_TIME, address(time)));
        return time.getDouble(0);
    }

    @Test
    void aStepOverTooManyEventsStopsAtTheLastCompletedOneWithDiscard() {
        FmuSlave slave = slave(TICKER.formatted("\"maxEventsPerStep\": 10,"));
        initialize(slave);
        assertEquals(OK, slave.doStep(0, 10, true), "ten events fit the bound");
        assertEquals(DISCARD, slave.doStep(10, 1e300, true));
        assertEquals(FmiState.STEP_FAILED, slave.state());
        assertEquals(20.0, lastSuccessfulTime(slave), "the tenth event of this step is at t=20");
        Memory terminated = new Memory(4);
        terminated.setInt(0, 1);
        assertEquals(OK, slave.getBooleanStatus(TERMINATED, address(terminated)));
        assertEquals(0, terminated.getInt(0), "the mission does not ask to stop");

        FmuSlaveTest.Message why = messages.get(messages.size() - 1);
        assertEquals(DISCARD, why.status(), "logged even with logging off");
        assertEquals("logStatusDiscard", why.category());
        assertTrue(why.text().contains("fmi2DoStep") && why.text().contains("t=20.0")
                && why.text().contains("maxEventsPerStep = 10"), why.text());

        // stepFailed: no further step, but terminate is allowed (FMI 2.0 §4.2.4)
        assertEquals(ERROR, slave.doStep(20, 1, true));
    }

    @Test
    void theMasterCanRedoADiscardedStepFromASavedStateWithASmallerStep() {
        FmuSlave slave = slave(TICKER.formatted("\"maxEventsPerStep\": 3,"));
        initialize(slave);
        Memory state = new Memory(8);
        state.setLong(0, 0);
        assertEquals(OK, slave.getFMUstate(address(state)));
        assertEquals(DISCARD, slave.doStep(0, 100, true));
        assertEquals(3.0, lastSuccessfulTime(slave));
        assertEquals(OK, slave.setFMUstate(state.getLong(0)));
        assertEquals(OK, slave.doStep(0, 3, true));
        assertEquals(OK, slave.doStep(3, 3, true));
        assertEquals(FmiState.STEP_COMPLETE, slave.state());
    }

    @Test
    void ticksCountAsEventsInTickedProcessing() {
        FmuSlave slave = slave(TICKER.formatted(
                "\"maxEventsPerStep\": 4, \"processing\": {\"mode\": \"ticked\", \"period\": 0.5},"));
        initialize(slave);
        assertEquals(OK, slave.doStep(0, 2, true), "four ticks");
        assertEquals(DISCARD, slave.doStep(2, 1e300, true));
        assertEquals(4.0, lastSuccessfulTime(slave));
    }

    @Test
    void theChatteringExampleAnswersAHugeStepWithDiscardInsteadOfHanging() throws Exception {
        Path example = Path.of("../examples/traffic-circuit-chattering.json");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isRegularFile(example), "needs the examples folder");
        FmuSlave slave = slave(Files.readString(example));
        initialize(slave);
        assertEquals(DISCARD, slave.doStep(0, 1e300, true));
        double reached = lastSuccessfulTime(slave);
        assertTrue(reached > 0 && reached < 1e300, "stopped at t=" + reached);
    }
}
