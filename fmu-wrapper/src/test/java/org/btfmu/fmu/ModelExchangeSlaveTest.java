package org.btfmu.fmu;

import static org.btfmu.fmu.FmuSlaveTest.ERROR;
import static org.btfmu.fmu.FmuSlaveTest.OK;
import static org.btfmu.fmu.FmuSlaveTest.address;
import static org.btfmu.fmu.FmuSlaveTest.reals;
import static org.btfmu.fmu.FmuSlaveTest.vrs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Memory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.btfmu.core.Status;
import org.btfmu.mission.Mission;
import org.btfmu.mission.MissionLoader;
import org.junit.jupiter.api.Test;

/** The Model Exchange instance as the shim drives it: its calling sequence, events and indicators. */
class ModelExchangeSlaveTest {

    /** FmuSlaveTest's mission: climb until altitude >= climb_to (100), then cruise until go. */
    private static final int ALTITUDE = FmuSlaveTest.ALTITUDE;
    private static final int GO = FmuSlaveTest.GO;
    private static final int STATUS_CLIMB = FmuSlaveTest.STATUS_CLIMB;
    private static final int STATUS_CRUISE = FmuSlaveTest.STATUS_CRUISE;

    /** Waits 5 s, then holds 2 s in an action's entry; its root asks to stop when done. */
    private static final String TIMED = """
            {"name": "timed", "variables": [{"name": "x", "causality": "input", "type": "Real"}],
             "tree": {"type": "Root", "name": "timed", "terminateWhenDone": true, "children": [
               {"type": "Sequence", "name": "plan", "children": [
                 {"type": "Wait", "name": "pause", "duration": 5},
                 {"type": "Action", "name": "settle", "entryDuration": 2, "done": "x > 0"}]}]}}
            """;

    private final List<String> messages = new ArrayList<>();
    private ModelExchangeSlave model = create(FmuSlaveTest.MISSION);

    private ModelExchangeSlave create(String text) {
        Mission mission = MissionLoader.load(text, "unit.json");
        FmuResources resources = new FmuResources(Path.of("/unit"), "{guid}", mission, ModelVariables.of(mission));
        ImporterLog log = new ImporterLog((status, category, message) -> messages.add(message), false);
        return new ModelExchangeSlave(resources, mission.processing(), log);
    }

    private String last() {
        return messages.isEmpty() ? "(no message)" : messages.get(messages.size() - 1);
    }

    private void rejected(int status, String... words) {
        assertEquals(ERROR, status, last());
        for (String word : words) {
            assertTrue(last().contains(word), "'" + word + "' not in: " + last());
        }
        assertEquals(ModelExchangeState.ERROR, model.meState());
    }

    private void initialize() {
        assertEquals(OK, model.setupExperiment(false, 0, 0, false, 0));
        assertEquals(OK, model.enterInitializationMode());
        assertEquals(OK, model.exitInitializationMode(), last());
        assertEquals(ModelExchangeState.EVENT_MODE, model.meState());
    }

    /** fmi2NewDiscreteStates; returns {needed, terminate, nominals, values, nextDefined, nextEventTime}. */
    private double[] newDiscreteStates() {
        Memory info = new Memory(32);
        info.clear();
        assertEquals(OK, model.newDiscreteStates(address(info)), last());
        return new double[] {info.getInt(0), info.getInt(4), info.getInt(8), info.getInt(12), info.getInt(16),
            info.getDouble(24)};
    }

    private double[] indicators(int n) {
        Memory z = new Memory(8L * Math.max(1, n));
        assertEquals(OK, model.getEventIndicators(address(z), n), last());
        return z.getDoubleArray(0, n);
    }

    private int status(int vr) {
        Memory value = new Memory(4);
        assertEquals(OK, model.getInteger(address(vrs(vr)), 1, address(value)), last());
        return value.getInt(0);
    }

    private int setReal(int vr, double value) {
        return model.setReal(address(vrs(vr)), 1, address(reals(value)));
    }

    @Test
    void stateEventFromAnIndicatorChangesStatusesOnlyInNewDiscreteStates() {
        initialize();
        assertEquals(OK, setReal(ALTITUDE, 40));
        double[] info = newDiscreteStates();
        assertEquals(0, info[0], "the tree settles within one call");
        assertEquals(0, info[4], "no time event pending");
        assertEquals(OK, model.enterContinuousTimeMode());
        assertEquals(-60, indicators(1)[0], 1e-12, "altitude - climb_to");
        assertEquals(OK, model.setTime(3.0));
        assertEquals(OK, setReal(ALTITUDE, 130));
        assertEquals(30, indicators(1)[0], 1e-12, "the indicator follows the input at once");
        assertEquals(ModelVariables.statusValue(Status.RUNNING), status(STATUS_CLIMB),
                "no status changes in Continuous-Time Mode");
        Memory enterEventMode = new Memory(4);
        Memory terminate = new Memory(4);
        assertEquals(OK, model.completedIntegratorStep(true, address(enterEventMode), address(terminate)));
        assertEquals(0, enterEventMode.getInt(0));
        assertEquals(OK, model.enterEventMode());
        newDiscreteStates();
        assertEquals(ModelVariables.statusValue(Status.SUCCESS), status(STATUS_CLIMB));
        assertEquals(ModelVariables.statusValue(Status.RUNNING), status(STATUS_CRUISE));
    }

    @Test
    void discreteInputsOnlyInEventModeAndTheyTakeEffectInNewDiscreteStates() {
        initialize();
        newDiscreteStates();
        assertEquals(OK, model.enterContinuousTimeMode());
        Memory yes = new Memory(4);
        yes.setInt(0, 1);
        rejected(model.setBoolean(address(vrs(GO)), 1, address(yes)), "fmi2SetBoolean", "Continuous-Time Mode",
                "Event Mode");
        model = create(FmuSlaveTest.MISSION);
        initialize();
        newDiscreteStates();
        assertEquals(OK, model.enterContinuousTimeMode());
        rejected(setReal(FmuSlaveTest.GAIN, 3), "'gain'", "tunable parameter", "only continuous (Real) inputs");
        model = create(FmuSlaveTest.MISSION);
        initialize();
        assertEquals(OK, setReal(ALTITUDE, 200));
        assertEquals(ModelVariables.statusValue(Status.RUNNING), status(STATUS_CLIMB),
                "an input set in Event Mode waits for fmi2NewDiscreteStates");
        newDiscreteStates();
        assertEquals(ModelVariables.statusValue(Status.RUNNING), status(STATUS_CRUISE));
    }

    @Test
    void timeEventsAreAnnouncedAsNextEventTimeAndTheRootAsksToStop() {
        model = create(TIMED);
        initialize();
        double[] info = newDiscreteStates();
        assertEquals(1, info[4]);
        assertEquals(5.0, info[5], "the Wait's deadline");
        assertEquals(0, info[1]);
        assertEquals(OK, model.enterContinuousTimeMode());
        assertEquals(OK, model.setTime(5.0));
        assertEquals(OK, model.enterEventMode());
        info = newDiscreteStates();
        assertEquals(7.0, info[5], "the action's entry duration");
        assertEquals(OK, model.enterContinuousTimeMode());
        assertEquals(OK, model.setTime(7.0));
        assertEquals(OK, setReal(0, 1));
        assertEquals(OK, model.enterEventMode());
        info = newDiscreteStates();
        assertEquals(0, info[4], "nothing pending");
        assertEquals(1, info[1], "terminateWhenDone: the root finished");
    }

    @Test
    void illegalCallsNameTheFunctionAndTheState() {
        rejected(model.setTime(1), "fmi2SetTime", "instantiated", "Continuous-Time Mode");
        assertEquals(OK, model.reset());
        rejected(model.doStep(0, 1, true), "fmi2DoStep", "Co-Simulation function", "Model Exchange");
        assertEquals(OK, model.reset());
        initialize();
        rejected(model.setTime(1), "fmi2SetTime", "pure discrete-time", "1 event indicators");
        assertEquals(OK, model.reset());
        initialize();
        rejected(model.getEventIndicators(address(new Memory(16)), 2), "ni is 2", "numberOfEventIndicators=\"1\"");
        assertEquals(OK, model.reset());
        initialize();
        rejected(model.getDerivatives(address(new Memory(8)), 1), "nx is 1", "no <Derivatives>");
        assertEquals(OK, model.reset());
        initialize();
        newDiscreteStates();
        assertEquals(OK, model.enterContinuousTimeMode());
        assertEquals(OK, model.setTime(2));
        assertEquals(OK, model.enterEventMode());
        newDiscreteStates();
        assertEquals(OK, model.enterContinuousTimeMode());
        rejected(model.setTime(1), "before the last event at t=2");
        assertEquals(OK, model.reset());
        rejected(model.newDiscreteStates(address(new Memory(32))), "fmi2NewDiscreteStates", "instantiated");
    }

    /** Found by the fuzzer: fmi2EnterEventMode makes an event instant even if no fmi2NewDiscreteStates follows. */
    @Test
    void timeMayNotGoBackBeforeAnEventLeftWithoutNewDiscreteStates() {
        initialize();
        newDiscreteStates();
        assertEquals(OK, model.enterContinuousTimeMode());
        assertEquals(OK, model.setTime(5));
        assertEquals(OK, model.setTime(4), "back within the continuous-time interval");
        assertEquals(OK, model.enterEventMode());
        assertEquals(OK, model.enterContinuousTimeMode());
        assertEquals(OK, model.setTime(4.5), "forward again after the event");
        rejected(model.setTime(3), "fmi2SetTime", "time 3.0 is before the last event at t=4.0");
    }

    @Test
    void fmuStateKeepsTheModeAndTheTime() {
        initialize();
        newDiscreteStates();
        assertEquals(OK, model.enterContinuousTimeMode());
        assertEquals(OK, model.setTime(4.5));
        Memory handle = new Memory(8);
        handle.setLong(0, 0);
        assertEquals(OK, model.getFMUstate(address(handle)));
        assertEquals(OK, model.enterEventMode());
        assertEquals(OK, model.setFMUstate(handle.getLong(0)));
        assertEquals(ModelExchangeState.CONTINUOUS_TIME_MODE, model.meState());
        assertEquals(4.5, model.time());
        Memory size = new Memory(8);
        assertEquals(OK, model.serializedFMUstateSize(handle.getLong(0), address(size)));
        Memory bytes = new Memory(size.getLong(0));
        assertEquals(OK, model.serializeFMUstate(handle.getLong(0), address(bytes), size.getLong(0)));
        FmuSlave coSimulation = new FmuSlave(new FmuResources(Path.of("/unit"), "{guid}",
                MissionLoader.load(FmuSlaveTest.MISSION, "unit.json"),
                ModelVariables.of(MissionLoader.load(FmuSlaveTest.MISSION, "unit.json"))),
                new ImporterLog((status, category, message) -> messages.add(message), false));
        Memory other = new Memory(8);
        other.setLong(0, 0);
        assertEquals(ERROR, coSimulation.deSerializeFMUstate(address(bytes), size.getLong(0), address(other)));
        assertTrue(last().contains("Model Exchange instance"), last());
    }

    @Test
    void anEventIterationThatDoesNotSettleIsAnErrorWithTheTreeAtTheInstantsLeftLimit() {
        model = create(BoundedStepTest.CHATTER.formatted("", "true"));
        initialize();
        double[] info = newDiscreteStates();
        assertEquals(1.0, info[5], "the first wait ends at t=1");
        for (double t : new double[] {1.0, 2.0}) {
            assertEquals(OK, model.enterContinuousTimeMode());
            assertEquals(OK, model.setTime(t));
            assertEquals(OK, model.enterEventMode());
            if (t == 1.0) {
                assertEquals(2.0, newDiscreteStates()[5], "the loop is armed at t=2");
            }
        }
        Memory eventInfo = new Memory(32);
        rejected(model.newDiscreteStates(address(eventInfo)), "fmi2NewDiscreteStates: the instant t=2.0 did not"
                + " settle within the mission's maxSweepsPerInstant = 1000 event iterations", "chatter/p/b/l/s/toggle",
                "no fmi2Discard");
        assertEquals(7.0, BoundedStepTest.real(model, "y"), "the event at t=1 stays completed");
        assertEquals(0.0, BoundedStepTest.real(model, "z"), "the chattering action's output is undone");
        Memory saved = new Memory(8);
        saved.setLong(0, 0);
        assertEquals(OK, model.getFMUstate(address(saved)), "the state can be kept in the error state");
        assertEquals(OK, model.reset());
    }
}
