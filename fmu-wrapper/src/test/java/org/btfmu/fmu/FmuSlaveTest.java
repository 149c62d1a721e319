package org.btfmu.fmu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.btfmu.core.Status;
import org.btfmu.mission.Mission;
import org.btfmu.mission.MissionLoader;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The slave as the shim drives it: arguments in C memory, return codes of FMI
 * 2.0, messages as the importer's logger receives them (escaped; the call
 * itself goes through the shim, tested by fmu-tests).
 */
class FmuSlaveTest {

    static final int OK = 0;
    static final int ERROR = 3;

    /** climb until altitude >= climb_to, then cruise (target = gain * altitude) until go. */
    static final String MISSION = """
            {"name": "unit", "variables": [
              {"name": "altitude", "causality": "input", "type": "Real"},
              {"name": "go", "causality": "input", "type": "Boolean"},
              {"name": "target", "causality": "output", "type": "Real"},
              {"name": "climb_to", "causality": "parameter", "type": "Real", "start": 100},
              {"name": "gain", "causality": "parameter", "type": "Real", "variability": "tunable",
               "start": 2},
              {"name": "note", "causality": "input", "type": "String", "start": "100% sure #1"}
             ],
             "tree": {"type": "Root", "name": "unit", "children": [
               {"type": "Sequence", "name": "plan", "children": [
                 {"type": "Action", "name": "climb", "done": "altitude >= climb_to",
                  "outputs": {"target": "climb_to"}},
                 {"type": "Action", "name": "cruise", "done": "go",
                  "outputs": {"target": "gain * altitude"}}]}]}}
            """;
    static final int ALTITUDE = 0;
    static final int GO = 1;
    static final int TARGET = 2;
    static final int CLIMB_TO = 3;
    static final int GAIN = 4;
    static final int NOTE = 5;
    static final int STATUS_CLIMB = 8; // after the 6 variables: unit, unit/plan, climb, cruise
    static final int STATUS_CRUISE = 9;

    record Message(int status, String category, String text) {
    }

    final List<Message> messages = new ArrayList<>();
    FmuSlave slave;

    @BeforeEach
    void instantiate() {
        slave = create(false);
    }

    FmuSlave create(boolean loggingOn) {
        return create(MISSION, loggingOn);
    }

    FmuSlave create(String missionText, boolean loggingOn) {
        Mission mission = MissionLoader.load(missionText, "unit.json");
        FmuResources resources = new FmuResources(Path.of("/unit"), "{guid}", mission,
                ModelVariables.of(mission));
        ImporterLog log = new ImporterLog(
                (status, category, text) -> messages.add(new Message(status, category, text)),
                loggingOn);
        return new FmuSlave(resources, log);
    }

    // ---- C memory helpers ----

    static Memory vrs(int... refs) {
        Memory memory = new Memory(4L * Math.max(1, refs.length));
        memory.write(0, refs, 0, refs.length);
        return memory;
    }

    static Memory reals(double... values) {
        Memory memory = new Memory(8L * Math.max(1, values.length));
        memory.write(0, values, 0, values.length);
        return memory;
    }

    static long address(Pointer pointer) {
        return Pointer.nativeValue(pointer);
    }

    int setReal(int vr, double value) {
        return slave.setReal(address(vrs(vr)), 1, address(reals(value)));
    }

    double getReal(int vr) {
        Memory value = reals(Double.NaN);
        assertEquals(OK, slave.getReal(address(vrs(vr)), 1, address(value)), lastMessage());
        return value.getDouble(0);
    }

    int getInteger(int vr) {
        Memory value = new Memory(4);
        assertEquals(OK, slave.getInteger(address(vrs(vr)), 1, address(value)), lastMessage());
        return value.getInt(0);
    }

    String lastMessage() {
        return messages.isEmpty() ? "(no message)" : messages.get(messages.size() - 1).text();
    }

    void initialize(double stopTime) {
        assertEquals(OK, slave.setupExperiment(false, 0, 0, stopTime > 0, stopTime));
        assertEquals(OK, slave.enterInitializationMode());
        assertEquals(OK, slave.exitInitializationMode());
    }

    void assertRejected(int status, String... words) {
        assertEquals(ERROR, status, lastMessage());
        Message last = messages.get(messages.size() - 1);
        assertEquals(ERROR, last.status());
        assertEquals("logStatusError", last.category());
        for (String word : words) {
            assertTrue(last.text().contains(word), "'" + word + "' not in: " + last.text());
        }
        assertEquals(FmiState.ERROR, slave.state());
    }

    // ---- calling sequence ----

    @Test
    void aCallInTheWrongStateIsRejectedAndResetRecovers() {
        assertRejected(slave.doStep(0, 1, true), "fmi2DoStep", "instantiated", "stepComplete");
        assertRejected(slave.doStep(0, 1, true), "fmi2DoStep", "state error");
        assertEquals(OK, slave.reset());
        assertEquals(FmiState.INSTANTIATED, slave.state());
        initialize(0);
        assertEquals(FmiState.STEP_COMPLETE, slave.state());
        assertEquals(OK, slave.doStep(0, 1, true));
    }

    @Test
    void everyFunctionFollowsTheTableInEveryReachableState() {
        // In each state the slave can be driven to, a function the table forbids is rejected.
        for (FmiState state : List.of(FmiState.INSTANTIATED, FmiState.INITIALIZATION_MODE,
                FmiState.STEP_COMPLETE, FmiState.TERMINATED)) {
            for (FmiFunction function : List.of(FmiFunction.SETUP_EXPERIMENT,
                    FmiFunction.ENTER_INITIALIZATION_MODE, FmiFunction.EXIT_INITIALIZATION_MODE,
                    FmiFunction.TERMINATE, FmiFunction.DO_STEP, FmiFunction.GET_STATUS)) {
                slave = create(false);
                driveTo(state);
                int status = call(function);
                if (function.allowedIn(state)) {
                    assertNotEquals(ERROR, status, function + " in " + state + ": " + lastMessage());
                } else {
                    assertRejected(status, function.fmiName(), state.toString());
                }
            }
        }
    }

    void driveTo(FmiState state) {
        if (state == FmiState.INSTANTIATED) {
            return;
        }
        assertEquals(OK, slave.enterInitializationMode());
        if (state == FmiState.INITIALIZATION_MODE) {
            return;
        }
        assertEquals(OK, slave.exitInitializationMode());
        if (state == FmiState.TERMINATED) {
            assertEquals(OK, slave.terminate());
        }
        assertEquals(state, slave.state());
    }

    int call(FmiFunction function) {
        return switch (function) {
            case SETUP_EXPERIMENT -> slave.setupExperiment(false, 0, 0, false, 0);
            case ENTER_INITIALIZATION_MODE -> slave.enterInitializationMode();
            case EXIT_INITIALIZATION_MODE -> slave.exitInitializationMode();
            case TERMINATE -> slave.terminate();
            case DO_STEP -> slave.doStep(0, 1, true);
            case GET_STATUS -> slave.getStatus(0, address(new Memory(4)));
            default -> throw new IllegalArgumentException(function.fmiName());
        };
    }

    // ---- which variables may be set when ----

    @Test
    void beforeInitializationOnlyParametersMayBeSet() {
        assertEquals(OK, setReal(CLIMB_TO, 50));
        assertRejected(setReal(ALTITUDE, 1), "'altitude'", "input", "only parameters");
        assertEquals(OK, slave.reset());
        assertRejected(setReal(TARGET, 1), "'target'", "output");
    }

    @Test
    void inInitializationModeInputsAndParametersMayBeSet() {
        assertEquals(OK, slave.enterInitializationMode());
        assertEquals(OK, setReal(ALTITUDE, 20));
        assertEquals(OK, setReal(CLIMB_TO, 10));
        assertEquals(OK, slave.exitInitializationMode());
        assertEquals(Status.SUCCESS.ordinal() + 1, getInteger(STATUS_CLIMB),
                "the climb is done: altitude 20 >= climb_to 10, both set in Initialization Mode");
        assertEquals(40, getReal(TARGET));
    }

    // ---- the dependency rule (docs/check.md "Dependencies and bt-fmu check") ----

    @Test
    void inInitializationModeStatusesSeeStartValuesAndInputsActAtExit() {
        assertEquals(OK, slave.enterInitializationMode());
        assertEquals(OK, setReal(ALTITUDE, 200));
        assertEquals(Status.RUNNING.ordinal() + 1, getInteger(STATUS_CLIMB),
                "statuses are settled with the input's start value 0");
        assertEquals(100, getReal(TARGET), "the climb's target reads the parameter only");
        assertEquals(200, getReal(ALTITUDE), "the input itself reads back as set");
        assertEquals(OK, setReal(CLIMB_TO, 300));
        assertEquals(300, getReal(TARGET), "a parameter set in Initialization Mode counts at once");
        assertEquals(OK, setReal(CLIMB_TO, 100));
        assertEquals(OK, slave.exitInitializationMode());
        assertEquals(Status.SUCCESS.ordinal() + 1, getInteger(STATUS_CLIMB),
                "fmi2ExitInitializationMode settles the start instant with the input set before");
        assertEquals(400, getReal(TARGET));
    }

    @Test
    void anExpressionReadingAnInputFeedsThroughInInitializationMode() {
        assertEquals(OK, setReal(CLIMB_TO, -1)); // the climb is done at the start values: cruise
        assertEquals(OK, slave.enterInitializationMode());
        assertEquals(0, getReal(TARGET));
        assertEquals(OK, setReal(ALTITUDE, 50));
        assertEquals(100, getReal(TARGET), "target = gain * altitude follows the input at once");
        assertEquals(Status.RUNNING.ordinal() + 1, getInteger(STATUS_CRUISE));
    }

    @Test
    void inStepModeAnInputChangesExpressionsAtOnceAndStatusesAtTheNextStep() {
        initialize(0);
        assertEquals(OK, setReal(ALTITUDE, 200));
        assertEquals(100, getReal(TARGET), "the climb still runs: statuses wait for fmi2DoStep");
        assertEquals(Status.RUNNING.ordinal() + 1, getInteger(STATUS_CLIMB));
        assertEquals(OK, slave.doStep(0, 1, true));
        assertEquals(400, getReal(TARGET));
        assertEquals(OK, setReal(GAIN, 3));
        assertEquals(600, getReal(TARGET), "a tunable parameter in the expression feeds through too");
        assertEquals(OK, slave.doStep(1, 1, true));
        assertEquals(600, getReal(TARGET));
        assertEquals(OK, setReal(ALTITUDE, 300));
        assertEquals(900, getReal(TARGET), "cruise's target = gain * altitude: direct feedthrough");
        assertEquals(Status.RUNNING.ordinal() + 1, getInteger(STATUS_CRUISE));
    }

    @Test
    void afterInitializationInputsAndTunableParametersMayBeSet() {
        initialize(0);
        assertEquals(OK, setReal(ALTITUDE, 150));
        assertEquals(OK, setReal(GAIN, 3));
        assertRejected(setReal(CLIMB_TO, 1), "'climb_to'", "fixed parameter",
                "only inputs and tunable parameters");
        assertEquals(OK, slave.reset());
        initialize(0);
        assertRejected(slave.setInteger(address(vrs(STATUS_CLIMB)), 1, address(new Memory(4))),
                "status.unit.plan.climb", "task status output");
    }

    @Test
    void aRejectedSetWritesNothing() {
        initialize(0);
        // altitude is fine, target is not: the call fails and altitude keeps its value
        assertRejected(slave.setReal(address(vrs(ALTITUDE, TARGET)), 2, address(reals(150, 1))),
                "'target'");
        assertEquals(OK, slave.reset());
        initialize(0);
        assertEquals(0, getReal(ALTITUDE));
    }

    // ---- bad arguments ----

    @Test
    void unknownReferencesWrongTypesAndNullPointersAreRejected() {
        initialize(0);
        Memory value = reals(0);
        assertRejected(slave.getReal(address(vrs(999)), 1, address(value)), "999", "0..9");
        slave.reset();
        initialize(0);
        assertRejected(slave.getReal(address(vrs(-1)), 1, address(value)), "4294967295");
        slave.reset();
        initialize(0);
        assertRejected(slave.getReal(address(vrs(STATUS_CLIMB)), 1, address(value)),
                "Integer variable 'status.unit.plan.climb'", "not a Real");
        slave.reset();
        initialize(0);
        assertRejected(slave.getReal(0, 1, address(value)), "vr is NULL");
        slave.reset();
        initialize(0);
        assertRejected(slave.setReal(address(vrs(ALTITUDE)), 1, 0), "value is NULL");
        slave.reset();
        initialize(0);
        assertEquals(OK, slave.getReal(0, 0, 0), "nothing to get: NULL arrays are fine");
    }

    // ---- stepping ----

    @Test
    void doStepSettlesNewInputsAtTheCurrentInstantThenAdvances() {
        List<String> changes = new ArrayList<>();
        slave = createLoggingStatuses();
        initialize(0);
        assertEquals(100, getReal(TARGET));
        assertEquals(OK, setReal(ALTITUDE, 150));
        messages.clear();
        assertEquals(OK, slave.doStep(0, 1, true));
        for (Message message : messages) {
            if (message.category().equals("logTaskStatus")) {
                changes.add(message.text());
            }
        }
        assertTrue(changes.stream().anyMatch(m -> m.startsWith("t=0.0 unit/plan/climb")),
                "the climb ends at t=0, where the input changed: " + changes);
        assertEquals(300, getReal(TARGET));
        assertEquals(1.0, getRealStatusTime());
    }

    @Test
    void inputsSetAfterQuietStepsAreStillSettledAtTheirInstant() {
        slave = createLoggingStatuses();
        initialize(0);
        assertEquals(OK, slave.doStep(0, 1, true));
        assertEquals(OK, slave.doStep(1, 1, true)); // nothing set: nothing to settle before
        assertEquals(OK, setReal(ALTITUDE, 150));
        messages.clear();
        assertEquals(OK, slave.doStep(2, 1, true));
        assertTrue(statusChanges().stream().anyMatch(m -> m.startsWith("t=2.0 unit/plan/climb")),
                "the climb ends at t=2, where the input changed: " + statusChanges());
    }

    @Test
    void aRestoredStateIsSettledAtItsInstantBeforeTheNextStep() {
        slave = createLoggingStatuses();
        initialize(0);
        assertEquals(OK, setReal(ALTITUDE, 150));
        Memory state = new Memory(8);
        state.setLong(0, 0);
        assertEquals(OK, slave.getFMUstate(address(state)), "taken before the input settled");
        assertEquals(OK, slave.doStep(0, 1, true));
        assertEquals(OK, slave.setFMUstate(state.getLong(0)));
        messages.clear();
        assertEquals(OK, slave.doStep(0, 1, true));
        assertTrue(statusChanges().stream().anyMatch(m -> m.startsWith("t=0.0 unit/plan/climb")),
                "as the first time, the climb ends at t=0: " + statusChanges());
        assertEquals(300, getReal(TARGET));
    }

    /** loggingOn, and logTaskStatus named (loggingOn alone does not switch it on). */
    FmuSlave createLoggingStatuses() {
        FmuSlave created = create(true);
        assertEquals(OK, created.setDebugLogging(true, 1, address(names("logTaskStatus"))));
        return created;
    }

    List<String> statusChanges() {
        return messages.stream().filter(m -> m.category().equals("logTaskStatus"))
                .map(Message::text).toList();
    }

    @Test
    void theMissionFilesTickedProcessingSeesInputsOnlyAtTheNextTick() {
        slave = create(MISSION.replace("{\"name\": \"unit\",",
                "{\"name\": \"unit\", \"processing\": {\"mode\": \"ticked\", \"period\": 2},"), false);
        initialize(0);
        assertEquals(100, getReal(TARGET));
        assertEquals(OK, setReal(ALTITUDE, 150));
        assertEquals(OK, slave.doStep(0, 1, true));
        assertEquals(100, getReal(TARGET), "no tick in (0, 1]: still climbing");
        assertEquals(OK, slave.doStep(1, 1, true));
        assertEquals(300, getReal(TARGET), "the tick at t=2 saw altitude 150: cruising");
    }

    @Test
    void withoutProcessingInTheMissionFileInputsAreSeenAtOnce() {
        initialize(0);
        assertEquals(100, getReal(TARGET));
        assertEquals(OK, setReal(ALTITUDE, 150));
        assertEquals(OK, slave.doStep(0, 1, true));
        assertEquals(300, getReal(TARGET), "cruising from t=0, where the input changed");
    }

    @Test
    void stepsMustContinueAtTheFmusTimeAndStayBeforeTheStopTime() {
        initialize(10);
        assertEquals(OK, slave.doStep(0, 4, true));
        assertRejected(slave.doStep(3, 1, true), "currentCommunicationPoint 3.0", "4.0");
        slave.reset();
        initialize(10);
        assertEquals(OK, slave.doStep(0, 4, true));
        assertEquals(OK, slave.doStep(4, 6, true), "up to the stop time is fine");
        assertRejected(slave.doStep(10, 0.5, true), "stopTime 10.0");
        slave.reset();
        initialize(10);
        assertRejected(slave.doStep(0, 0, true), "communicationStepSize 0.0");
    }

    @Test
    void roundingOfCommunicationPointsIsTolerated() {
        initialize(0);
        double t = 0;
        for (int i = 0; i < 1000; i++) {
            assertEquals(OK, slave.doStep(t, 0.1, true), lastMessage());
            t += 0.1; // accumulates rounding errors, as masters do
        }
    }

    // ---- the hot path ----

    @Test
    void gettingSettingAndSteppingAllocateNothing() {
        initialize(0);
        assertEquals(OK, setReal(ALTITUDE, 150));
        // The values read are set back; the last write of each input is its own value, so that
        // nothing grows from round to round (gain := gain * altitude would overflow to infinity,
        // an error with the default nonFinite option).
        Memory refs = vrs(TARGET, CLIMB_TO, ALTITUDE, GAIN, TARGET, CLIMB_TO, ALTITUDE, GAIN, ALTITUDE,
                GAIN);
        Memory inputs = vrs(ALTITUDE, ALTITUDE, ALTITUDE, GAIN, ALTITUDE, ALTITUDE, ALTITUDE, GAIN, ALTITUDE,
                GAIN);
        Memory values = reals(150, 2, 150, 2, 150, 2, 150, 2, 150, 2);
        long vr = address(refs);
        long in = address(inputs);
        long value = address(values);
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        double t = 0;
        for (int round = 0; round < 3; round++) { // the first rounds warm up (class loading, JIT)
            long before = threads.getThreadAllocatedBytes(thread);
            int failed = 0;
            for (int i = 0; i < 20_000; i++) {
                failed |= slave.getReal(vr, 10, value);
                failed |= slave.setReal(in, 10, value);
                failed |= slave.doStep(t, 1, true);
                t += 1;
            }
            assertEquals(OK, failed, lastMessage());
            long allocated = threads.getThreadAllocatedBytes(thread) - before;
            if (round == 2) {
                // measured: 0; the slack absorbs what the JVM itself may allocate (deoptimization)
                assertTrue(allocated < 1024, allocated + " bytes allocated by 60,000 calls");
            }
        }
        assertEquals(FmiState.STEP_COMPLETE, slave.state(), lastMessage());
    }

    // ---- FMU state ----

    @Test
    void serializedStateRestoresIdentically() {
        initialize(0);
        assertEquals(OK, setReal(ALTITUDE, 150));
        assertEquals(OK, slave.doStep(0, 1, true));
        Memory state = new Memory(8);
        state.setLong(0, 0);
        assertEquals(OK, slave.getFMUstate(address(state)));
        long handle = state.getLong(0);
        Memory size = new Memory(8);
        assertEquals(OK, slave.serializedFMUstateSize(handle, address(size)));
        Memory bytes = new Memory(size.getLong(0));
        assertEquals(OK, slave.serializeFMUstate(handle, address(bytes), size.getLong(0)));

        assertEquals(OK, setReal(GAIN, 5));
        assertEquals(OK, slave.doStep(1, 1, true));
        assertEquals(750, getReal(TARGET));

        Memory copy = new Memory(8);
        copy.setLong(0, 0);
        assertEquals(OK, slave.deSerializeFMUstate(address(bytes), size.getLong(0), address(copy)));
        assertEquals(OK, slave.setFMUstate(copy.getLong(0)));
        assertEquals(300, getReal(TARGET), "gain is back at 2");
        assertEquals(1.0, getRealStatusTime());
        assertEquals(OK, slave.doStep(1, 1, true));

        assertEquals(OK, slave.freeFMUstate(address(state)));
        assertEquals(0, state.getLong(0));
        assertRejected(slave.setFMUstate(handle), "not an FMU state of this instance");
    }

    @Test
    void corruptSerializedStateIsRejected() {
        initialize(0);
        Memory state = new Memory(8);
        state.setLong(0, 0);
        assertEquals(OK, slave.getFMUstate(address(state)));
        Memory size = new Memory(8);
        assertEquals(OK, slave.serializedFMUstateSize(state.getLong(0), address(size)));
        int n = (int) size.getLong(0);
        Memory bytes = new Memory(n);
        assertEquals(OK, slave.serializeFMUstate(state.getLong(0), address(bytes), n));
        assertRejected(slave.deSerializeFMUstate(address(bytes), n - 1, address(state)),
                "truncated");
    }

    double getRealStatusTime() {
        Memory value = new Memory(8);
        assertEquals(OK, slave.getRealStatus(2, address(value)));
        return value.getDouble(0);
    }

    // ---- logging ----

    @Test
    void errorsAreLoggedEvenWithLoggingOffOtherCategoriesOnlyWhenEnabled() {
        initialize(0);
        assertEquals(OK, setReal(ALTITUDE, 150));
        assertEquals(OK, slave.doStep(0, 1, true));
        assertTrue(messages.isEmpty(), "logging is off: " + messages);
        slave.reset();
        Memory names = new Memory(8);
        Memory name = new Memory(16);
        name.setString(0, "logTaskStatus");
        names.setPointer(0, name);
        assertEquals(OK, slave.setDebugLogging(true, 1, address(names)));
        initialize(0);
        assertTrue(messages.stream().allMatch(m -> m.category().equals("logTaskStatus")), "" + messages);
        assertTrue(messages.stream().anyMatch(m -> m.text().contains("unit/plan/climb")));
    }

    @Test
    void theEventsCategoryReportsStepsWithEventsAndLogCallsEveryStep() {
        slave = create(true);
        initialize(0);
        assertEquals(OK, setReal(ALTITUDE, 50)); // still below climb_to
        messages.clear();
        assertEquals(OK, slave.doStep(0, 1, true));
        assertEquals(List.of(), messages, "loggingOn: a step without events is per-call tracing");
        assertEquals(OK, slave.setDebugLogging(true, 1, address(names("logCalls"))));
        assertEquals(OK, setReal(ALTITUDE, 60)); // still below climb_to
        messages.clear();
        assertEquals(OK, slave.doStep(1, 1, true));
        assertEquals(List.of("step to t=2.0: 0 time events, 0 event iterations, 0 task evaluations,"
                + " 1 predicate checks"), messages.stream().filter(m -> m.category().equals("logCalls")
                        && m.text().startsWith("step to")).map(Message::text).toList(),
                "the climb's predicate checked, nothing flipped");
        assertEquals(List.of(), stepReports());
        assertEquals(OK, slave.setDebugLogging(false, 1, address(names("logCalls"))));
        assertEquals(OK, setReal(ALTITUDE, 150)); // the climb is done
        messages.clear();
        assertEquals(OK, slave.doStep(2, 1, true));
        String report = stepReports().get(0);
        assertTrue(report.matches("step to t=3.0: 0 time events, [1-9]\\d* event iterations, [1-9]\\d* task"
                + " evaluations, 1 predicate checks"), report);
    }

    /** A C array of C strings: the categories of fmi2SetDebugLogging (kept reachable by the returned memory). */
    static Memory names(String... categories) {
        Memory array = new Memory(8L * categories.length);
        for (int i = 0; i < categories.length; i++) {
            Memory name = new Memory(categories[i].length() + 1);
            name.setString(0, categories[i]);
            array.setPointer(8L * i, name);
            KEEP.add(name);
        }
        return array;
    }

    private static final List<Memory> KEEP = new ArrayList<>();

    List<String> stepReports() {
        return messages.stream().filter(m -> m.category().equals("logEvents")).map(Message::text).toList();
    }

    @Test
    void stringsRoundTripAndMessagesAreEscapedForThePrintfLikeLogger() {
        initialize(0);
        Memory value = new Memory(8);
        assertEquals(OK, slave.getString(address(vrs(NOTE)), 1, address(value)));
        assertEquals("100% sure #1", value.getPointer(0).getString(0, "UTF-8"));
        Memory names = new Memory(8);
        Memory name = new Memory(16);
        name.setString(0, "50% #2");
        names.setPointer(0, name);
        assertRejected(slave.setDebugLogging(true, 1, address(names)), "'50%% ##2'");
    }
}
