package org.btfmu.fmu;

import static org.btfmu.fmu.FmuSlaveTest.address;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Memory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.btfmu.core.Status;
import org.btfmu.mission.Mission;
import org.btfmu.mission.MissionLoader;
import org.junit.jupiter.api.Test;

/**
 * A step that would process more time events than the mission's {@code maxEventsPerStep}
 * stops at the last completed event with fmi2Discard (FMI 2.0 §4.2.3), instead of keeping
 * the importer waiting for ever; so does a step that meets an instant needing more event
 * iterations than {@code maxSweepsPerInstant}, at that instant's left limit.
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

    /**
     * At t=1 "fly" starts writing y = 7; at t=2, if go holds, a loop starts whose every
     * iteration ends in the instant it started (it sets, then clears, the local flag): that
     * instant never settles.
     */
    static final String CHATTER = """
            {"name": "chatter", %s
             "variables": [{"name": "go", "causality": "input", "type": "Boolean", "start": %s},
                           {"name": "flag", "causality": "local", "type": "Boolean"},
                           {"name": "y", "causality": "output", "type": "Real"},
                           {"name": "z", "causality": "output", "type": "Real"}],
             "tree": {"type": "Root", "name": "chatter", "children": [
               {"type": "Parallel", "name": "p", "successThreshold": -1, "failureThreshold": -1, "children": [
                 {"type": "Sequence", "name": "a", "children": [
                   {"type": "Wait", "name": "first", "duration": 1},
                   {"type": "Action", "name": "fly", "outputs": {"y": "7"}}]},
                 {"type": "Sequence", "name": "b", "children": [
                   {"type": "Wait", "name": "arm", "duration": 2},
                   {"type": "Loop", "name": "l", "continueOnFailure": true, "children": [
                     {"type": "Sequence", "name": "s", "children": [
                       {"type": "Condition", "name": "go", "predicate": "go"},
                       {"type": "Condition", "name": "clear", "predicate": "not flag"},
                       {"type": "Action", "name": "toggle", "entry": {"flag": "true"},
                        "exit": {"flag": "false"}, "outputs": {"z": "1"}}]}]}]}]}]}}
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

    static double real(FmuSlave slave, String name) {
        Memory value = new Memory(8);
        int vr = slave.variables.find(name).orElseThrow().valueReference();
        assertEquals(OK, slave.getReal(address(FmuSlaveTest.vrs(vr)), 1, address(value)));
        return value.getDouble(0);
    }

    static Status status(FmuSlave slave, String taskPath) {
        Memory value = new Memory(4);
        int vr = slave.variables.find(ModelVariables.statusName(taskPath)).orElseThrow().valueReference();
        assertEquals(OK, slave.getInteger(address(FmuSlaveTest.vrs(vr)), 1, address(value)));
        return Status.values()[value.getInt(0) - 1];
    }

    @Test
    void aStepThroughAnInstantThatDoesNotSettleIsDiscardedAtItsLeftLimit() {
        for (String processing : List.of("", "\"processing\": {\"mode\": \"ticked\", \"period\": 0.5},")) {
            messages.clear();
            FmuSlave slave = slave(CHATTER.formatted("\"maxSweepsPerInstant\": 40," + processing, "true"));
            initialize(slave);
            assertEquals(OK, slave.doStep(0, 1.5, true));
            Memory saved = new Memory(8);
            saved.setLong(0, 0);
            assertEquals(OK, slave.getFMUstate(address(saved)));

            assertEquals(DISCARD, slave.doStep(1.5, 3.5, true), processing);
            assertEquals(FmiState.STEP_FAILED, slave.state());
            assertEquals(2.0, lastSuccessfulTime(slave), "the instant that did not settle " + processing);
            FmuSlaveTest.Message why = messages.get(messages.size() - 1);
            assertEquals(DISCARD, why.status(), "logged even with logging off");
            assertEquals("logStatusDiscard", why.category());
            assertTrue(why.text().startsWith("fmi2DoStep: stopped at t=2.0 of the step to t=5.0: the instant t=2.0"
                    + " did not settle within the mission's maxSweepsPerInstant = 40 event iterations; tasks still"
                    + " switching: [") && why.text().contains("chatter/p/b/l/s/toggle")
                    && why.text().contains("chatter/p/b/l/s/clear"), why.text());
            assertEquals(7.0, real(slave, "y"), "the event at t=1 stays completed");
            assertEquals(0.0, real(slave, "z"), "the chattering action's output is undone");
            assertEquals(Status.RUNNING, status(slave, "chatter/p/a/fly"));
            assertEquals(Status.RUNNING, status(slave, "chatter/p/b/arm"), "its deadline t=2 is pending again");
            assertEquals(Status.ACCEPT, status(slave, "chatter/p/b/l"));

            // stepFailed: no further step (the calling sequence), but the state can be kept and restored
            assertEquals(ERROR, slave.doStep(2, 1, true));
            assertTrue(messages.get(messages.size() - 1).text().contains("may not be called in state stepFailed"));
            assertEquals(OK, slave.setFMUstate(saved.getLong(0)));
            assertEquals(OK, slave.doStep(1.5, 0.25, true), "a step that ends before the instant");
            assertEquals(DISCARD, slave.doStep(1.75, 1, true), "the same instant again: no progress");
            assertEquals(2.0, lastSuccessfulTime(slave));
            assertEquals(7.0, real(slave, "y"));
            assertEquals(OK, slave.terminate());
        }
    }

    @Test
    void inputsThatMakeTheCurrentInstantChatterDiscardTheStepWithoutProgress() {
        FmuSlave slave = slave(CHATTER.formatted("", "false"));
        initialize(slave);
        assertEquals(OK, slave.doStep(0, 3, true));
        assertEquals(Status.FAILURE, status(slave, "chatter/p/b/l/s"), "the loop idles while go is false");
        int go = slave.variables.find("go").orElseThrow().valueReference();
        Memory on = new Memory(4);
        on.setInt(0, 1);
        assertEquals(OK, slave.setBoolean(address(FmuSlaveTest.vrs(go)), 1, address(on)));
        assertEquals(DISCARD, slave.doStep(3, 1, true));
        assertEquals(3.0, lastSuccessfulTime(slave), "the step computed nothing");
        assertTrue(messages.get(messages.size() - 1).text().contains("maxSweepsPerInstant = 1000"),
                "the default bound: " + messages.get(messages.size() - 1).text());
        assertEquals(Status.FAILURE, status(slave, "chatter/p/b/l/s"), "as before the step");
        assertEquals(0.0, real(slave, "z"));
    }

    @Test
    void aStartInstantThatDoesNotSettleIsAnErrorAndResetRecovers() {
        FmuSlave slave = slave(CHATTER.replace("\"duration\": 2", "\"duration\": 0").formatted("", "true"));
        assertEquals(OK, slave.setupExperiment(false, 0, 0, false, 0));
        assertEquals(OK, slave.enterInitializationMode());
        assertEquals(ERROR, NonFiniteSlaveTest.call(slave, slave::exitInitializationMode), "as FmiEntry calls it");
        FmuSlaveTest.Message why = messages.get(messages.size() - 1);
        assertTrue(why.text().startsWith("fmi2ExitInitializationMode: the instant t=0.0 did not settle within the"
                + " mission's maxSweepsPerInstant = 1000 event iterations"), why.text());
        assertEquals(FmiState.ERROR, slave.state());
        assertEquals(Status.ACCEPT, status(slave, "chatter/p/a/fly"), "not started: as instantiated");
        assertEquals(OK, slave.reset());
        assertEquals(FmiState.INSTANTIATED, slave.state());
    }
}
