package org.btfmu.fmu;

import static org.btfmu.fmu.FmuSlaveTest.address;
import static org.btfmu.fmu.FmuSlaveTest.names;
import static org.btfmu.fmu.FmuSlaveTest.reals;
import static org.btfmu.fmu.FmuSlaveTest.vrs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Memory;
import java.nio.file.Path;
import org.btfmu.mission.Mission;
import org.btfmu.mission.MissionLoader;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What a slave publishes for the shim to answer reads from (PublishedValues; the shim's side is
 * checked by fmu-tests' importer.c, scenario "published"): every value as a read in Step Mode
 * saw it, and nothing where Java must see each read (Initialization Mode, logCalls).
 */
class PublishedValuesTest {

    static final int OK = 0;

    FmuSlave slave;
    final Memory value = reals(0);

    @BeforeEach
    void instantiate() {
        Mission mission = MissionLoader.load(FmuSlaveTest.MISSION, "unit.json");
        FmuResources resources = new FmuResources(Path.of("/unit"), "{guid}", mission, ModelVariables.of(mission));
        slave = new FmuSlave(resources, new ImporterLog((status, category, text) -> { }, true));
        assertEquals(OK, slave.setupExperiment(false, 0, 0, false, 0));
        assertEquals(OK, slave.enterInitializationMode());
    }

    /** What the shim does before it forwards a call to Java. */
    private void shimForwards() {
        NativeMemory.putInt(slave.published.address(), 0);
    }

    private double publishedReal(int vr) {
        long address = slave.published.address();
        int count = NativeMemory.getInt(address + 4);
        return NativeMemory.getDouble(address + 16 + ((count + 7) & ~7) + 8L * vr);
    }

    private int read(int vr) {
        shimForwards();
        return slave.getReal(address(vrs(vr)), 1, address(value));
    }

    @Test
    void aReadInStepModePublishesEveryValueAsItSawThem() {
        assertEquals(OK, read(FmuSlaveTest.TARGET));
        assertFalse(slave.published.valid(), "Initialization Mode: its preview is rebuilt on every set");
        assertEquals(OK, slave.exitInitializationMode());
        assertEquals(OK, slave.setReal(address(vrs(FmuSlaveTest.ALTITUDE)), 1, address(reals(42))));
        assertEquals(OK, read(FmuSlaveTest.TARGET));
        assertTrue(slave.published.valid());
        assertEquals(42, publishedReal(FmuSlaveTest.ALTITUDE));
        assertEquals(value.getDouble(0), publishedReal(FmuSlaveTest.TARGET));
        assertEquals(OK, slave.doStep(0, 1, true));
        assertEquals(OK, read(FmuSlaveTest.ALTITUDE));
        assertTrue(slave.published.valid());
        assertEquals(42, value.getDouble(0));
    }

    private byte flags(int vr) {
        long address = slave.published.address();
        int count = NativeMemory.getInt(address + 4);
        return (byte) (NativeMemory.getByte(address + 16 + vr) & ~3); // the type is in the low bits
    }

    /** What the shim does with a fmi2SetReal it takes (shim.c, pending_set). */
    private void shimTakesSet(int vr, double value) {
        long address = slave.published.address();
        int count = NativeMemory.getInt(address + 4);
        int pending = NativeMemory.getInt(address + 8);
        long entry = address + 16 + ((count + 7) & ~7) + 8L * count + 16L * pending;
        NativeMemory.putInt(entry, vr);
        NativeMemory.putDouble(entry + 8, value);
        NativeMemory.putInt(address + 8, pending + 1);
    }

    @Test
    void inputsNoTaskWritesAreSetHereAndOutputsTheyFeedAreMarked() {
        assertEquals(PublishedValues.SET_HERE, flags(FmuSlaveTest.ALTITUDE));
        assertEquals(PublishedValues.FEEDS, flags(FmuSlaveTest.TARGET), "target = gain * altitude");
        assertEquals(0, flags(FmuSlaveTest.GAIN), "a tunable parameter goes to Java");
        assertEquals(0, flags(FmuSlaveTest.STATUS_CLIMB), "statuses change only at fmi2DoStep");
        long address = slave.published.address();
        assertEquals(0, address % 64, "the header and the kinds in one cache line");
        assertEquals(PublishedValues.REAL, NativeMemory.getByte(address + 16 + FmuSlaveTest.ALTITUDE) & 3);
        assertEquals(PublishedValues.INTEGER, NativeMemory.getByte(address + 16 + FmuSlaveTest.STATUS_CLIMB) & 3);
    }

    /** All of shim.c's pending_set: the value goes into the published values and the pending list. */
    private void shimTakesSetAsTheShimDoes(int vr, double value) {
        long address = slave.published.address();
        int count = NativeMemory.getInt(address + 4);
        NativeMemory.putDouble(address + 16 + ((count + 7) & ~7) + 8L * vr, value);
        shimTakesSet(vr, value);
    }

    /**
     * Publishing writes only what differs from what the published values hold: a value a set the
     * shim took overwrote there, and that Java then set back, is published again (a publish that
     * compared with what it last wrote itself would leave the shim's value there).
     */
    @Test
    void aValueTheShimOverwroteIsPublishedAgainWhenJavaSetsItBack() {
        assertEquals(OK, slave.exitInitializationMode());
        assertEquals(OK, slave.setReal(address(vrs(FmuSlaveTest.ALTITUDE)), 1, address(reals(3))));
        assertEquals(OK, slave.doStep(0, 1, true));
        assertEquals(3, publishedReal(FmuSlaveTest.ALTITUDE));
        shimTakesSetAsTheShimDoes(FmuSlaveTest.ALTITUDE, 7);
        assertEquals(7, publishedReal(FmuSlaveTest.ALTITUDE));
        shimForwards(); // the importer's next set goes to Java (FmiEntry applies the pending sets first)
        slave.takePendingSets();
        assertEquals(OK, slave.setReal(address(vrs(FmuSlaveTest.ALTITUDE)), 1, address(reals(3))));
        assertEquals(OK, slave.doStep(1, 1, true));
        assertTrue(slave.published.valid());
        assertEquals(3, publishedReal(FmuSlaveTest.ALTITUDE));
        for (ModelVariables.Entry v : slave.variables.entries()) {
            if (v.type() == org.btfmu.core.blackboard.SlotType.REAL) {
                double published = publishedReal(v.valueReference());
                shimForwards();
                assertEquals(OK, slave.getReal(address(vrs(v.valueReference())), 1, address(value)));
                assertEquals(value.getDouble(0), published, v.name());
            }
        }
    }

    /**
     * Reals are compared as doubles before they are published: -0.0 after 0.0 (equal by {@code ==})
     * is still published with its sign, and so is 0.0 after a -0.0 the shim took.
     */
    @Test
    void aZerosSignIsPublished() {
        assertEquals(OK, slave.exitInitializationMode());
        assertEquals(OK, slave.setReal(address(vrs(FmuSlaveTest.ALTITUDE)), 1, address(reals(0.0))));
        assertEquals(OK, slave.doStep(0, 1, true));
        assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(publishedReal(FmuSlaveTest.ALTITUDE)));
        shimForwards();
        assertEquals(OK, slave.setReal(address(vrs(FmuSlaveTest.ALTITUDE)), 1, address(reals(-0.0))));
        assertEquals(OK, slave.doStep(1, 1, true));
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(publishedReal(FmuSlaveTest.ALTITUDE)));
        shimTakesSetAsTheShimDoes(FmuSlaveTest.ALTITUDE, 0.0);
        shimForwards();
        slave.takePendingSets();
        assertEquals(OK, slave.setReal(address(vrs(FmuSlaveTest.ALTITUDE)), 1, address(reals(-0.0))));
        assertEquals(OK, slave.doStep(2, 1, true));
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(publishedReal(FmuSlaveTest.ALTITUDE)));
    }

    @Test
    void theSetsTheShimTookAreAppliedInOrderBeforeJavasNextCall() {
        assertEquals(OK, slave.exitInitializationMode());
        assertEquals(OK, slave.doStep(0, 1, true));
        assertTrue(slave.published.valid(), "a step publishes: the reads after it need no up-call");
        shimTakesSet(FmuSlaveTest.ALTITUDE, 7);
        shimTakesSet(FmuSlaveTest.ALTITUDE, 42);
        shimForwards();
        slave.takePendingSets();
        assertEquals(0, NativeMemory.getInt(slave.published.address() + 8), "the list is emptied");
        assertEquals(OK, slave.getReal(address(vrs(FmuSlaveTest.ALTITUDE)), 1, address(value)));
        assertEquals(42, value.getDouble(0), "the last set wins");
    }

    /** A Wait, then an output: the engine changes values and statuses in a step with nothing set. */
    static final String TIMER = """
            {"name": "timer", "variables": [
              {"name": "level", "causality": "output", "type": "Real", "start": 0},
              {"name": "altitude", "causality": "input", "type": "Real"}
             ],
             "tree": {"type": "Root", "name": "timer", "children": [
               {"type": "Sequence", "name": "plan", "children": [
                 {"type": "Wait", "name": "wait", "duration": 2},
                 {"type": "Action", "name": "raise", "outputs": {"level": "5"}}]}]}}
            """;

    /**
     * Every Real and Integer value published is what Java returns to a read now (all published
     * values first: a read that Java serves publishes again).
     */
    private void assertPublishedAsJavaReads(String when) {
        assertTrue(slave.published.valid(), when);
        long address = slave.published.address();
        int count = NativeMemory.getInt(address + 4);
        long values = address + 16 + ((count + 7) & ~7);
        long[] published = new long[count];
        for (int vr = 0; vr < count; vr++) {
            published[vr] = NativeMemory.getLong(values + 8L * vr);
        }
        Memory integer = new Memory(4);
        for (ModelVariables.Entry v : slave.variables.entries()) {
            int vr = v.valueReference();
            shimForwards();
            switch (v.type()) {
                case REAL -> {
                    assertEquals(OK, slave.getReal(address(vrs(vr)), 1, address(value)));
                    assertEquals(value.getDouble(0), Double.longBitsToDouble(published[vr]), when + ": " + v.name());
                }
                case INTEGER -> {
                    assertEquals(OK, slave.getInteger(address(vrs(vr)), 1, address(integer)));
                    assertEquals(integer.getInt(0), published[vr], when + ": " + v.name());
                }
                default -> {
                    // Boolean: none in these missions; String: never published
                }
            }
        }
    }

    /**
     * Steps in which nothing changes leave the published values alone (TreeInstance#changeCount);
     * a step in which the engine alone changes an output and statuses (a Wait's time event, with
     * nothing set) publishes them, and so does a step after sets the shim took.
     */
    @Test
    void whatTheEngineChangesWithNothingSetIsPublished() {
        Mission mission = MissionLoader.load(TIMER, "timer.json");
        FmuResources resources = new FmuResources(Path.of("/unit"), "{guid}", mission, ModelVariables.of(mission));
        slave = new FmuSlave(resources, new ImporterLog((status, category, text) -> { }, true));
        assertEquals(OK, slave.setupExperiment(false, 0, 0, false, 0));
        assertEquals(OK, slave.enterInitializationMode());
        assertEquals(OK, slave.exitInitializationMode());
        int level = slave.variables.find("level").orElseThrow().valueReference();
        int altitude = slave.variables.find("altitude").orElseThrow().valueReference();
        double levelBefore = -1;
        for (int k = 0; k < 4; k++) {
            shimForwards();
            slave.takePendingSets();
            assertEquals(OK, slave.doStep(k, 1, true));
            assertPublishedAsJavaReads("after the step to t=" + (k + 1));
            if (k == 0) {
                levelBefore = publishedReal(level);
            }
            shimTakesSetAsTheShimDoes(altitude, 10 * k); // read by nothing: changes no output
        }
        assertEquals(0, levelBefore, "waiting after the first step");
        assertEquals(5, publishedReal(level), "the Wait ended at t=2 and the Action wrote level");
    }

    @Test
    void withLogCallsEveryReadGoesToJava() {
        assertEquals(OK, slave.exitInitializationMode());
        assertEquals(OK, slave.setDebugLogging(true, 1, address(names("logCalls"))));
        assertEquals(OK, read(FmuSlaveTest.TARGET));
        assertFalse(slave.published.valid());
    }

    @Test
    void upcallStubsAreMadeExactlyWhereTheJvmHasTheFfmApi() {
        Memory table = new Memory(8 * 7);
        table.clear();
        UpcallStubs.fill(address(table));
        boolean ffm = Runtime.version().feature() >= 22;
        for (int i = 0; i < 7; i++) {
            assertEquals(ffm, table.getLong(8L * i) != 0, "stub " + i + " on Java " + Runtime.version());
        }
    }

    @Test
    void theStubsGuardsReturnFmi2ErrorForAnUnknownInstance() {
        assertEquals(ImporterLog.ERROR, UpcallStubs.doStep(12345, 0, 1, true));
        assertEquals(ImporterLog.ERROR, UpcallStubs.getReal(12345, 0, 0, 0));
    }
}
