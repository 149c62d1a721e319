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
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.btfmu.mission.Mission;
import org.btfmu.mission.MissionLoader;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code loggingOn = fmi2True} at fmi2Instantiate switches on what an importer expects
 * (events, warnings, discards, errors), not the per-call trace: calls that change nothing
 * log nothing, so logging costs the importer nothing per call unless it names logCalls.
 */
class LoggingOnTest {

    static final int OK = 0;

    final List<FmuSlaveTest.Message> messages = new ArrayList<>();
    FmuSlave slave;

    @BeforeEach
    void instantiate() {
        Mission mission = MissionLoader.load(FmuSlaveTest.MISSION, "unit.json");
        FmuResources resources = new FmuResources(Path.of("/unit"), "{guid}", mission, ModelVariables.of(mission));
        slave = new FmuSlave(resources, new ImporterLog(
                (status, category, text) -> messages.add(new FmuSlaveTest.Message(status, category, text)), true));
        assertEquals(OK, slave.setupExperiment(false, 0, 0, false, 0));
        assertEquals(OK, slave.enterInitializationMode());
        assertEquals(OK, slave.exitInitializationMode());
        messages.clear();
    }

    @Test
    void loggingOnSwitchesOnTheExpectedCategoriesNotThePerCallOnes() {
        ImporterLog log = new ImporterLog((status, category, text) -> { }, true);
        for (LogCategory category : LogCategory.values()) {
            boolean expected = EnumSet.of(LogCategory.EVENTS, LogCategory.STATUS_WARNING, LogCategory.STATUS_DISCARD,
                    LogCategory.STATUS_ERROR, LogCategory.STATUS_FATAL).contains(category);
            assertEquals(expected, log.enabled(category), category.fmiName());
        }
        log.enable(LogCategory.ALL, true);
        assertTrue(log.enabled(LogCategory.CALLS), "named: logAll is every category");
        log.enable(LogCategory.ALL, false);
        assertFalse(log.enabled(LogCategory.STATUS_WARNING));
    }

    /** 1000 rounds of what a master does at each step, the inputs changing nothing in the tree. */
    void quietSteps(double from) {
        Memory value = reals(0);
        for (int i = 0; i < 1000; i++) {
            assertEquals(OK, slave.setReal(address(vrs(FmuSlaveTest.ALTITUDE)), 1, address(reals(i % 50))));
            assertEquals(OK, slave.doStep(from + i, 1, true));
            assertEquals(OK, slave.getReal(address(vrs(FmuSlaveTest.TARGET)), 1, address(value)));
        }
    }

    @Test
    void callsThatChangeNothingLogNothingUnlessLogCallsIsNamed() {
        quietSteps(0);
        assertEquals(List.of(), messages, "loggingOn alone");
        assertEquals(OK, slave.setDebugLogging(true, 0, 0));
        quietSteps(1000);
        assertEquals(List.of(), messages, "fmi2SetDebugLogging(fmi2True, 0, NULL): the same categories");
        assertEquals(OK, slave.setDebugLogging(true, 1, address(names("logCalls"))));
        quietSteps(2000);
        assertEquals(4000, messages.size(), "three calls and one step report per round");
        assertTrue(messages.stream().allMatch(m -> m.category().equals("logCalls")), messages.get(0).toString());
    }

    @Test
    void aStepWithAStatusChangeIsReportedInLogEvents() {
        quietSteps(0);
        assertEquals(OK, slave.setReal(address(vrs(FmuSlaveTest.ALTITUDE)), 1, address(reals(150))));
        assertEquals(OK, slave.doStep(1000, 1, true));
        assertEquals(1, messages.size(), messages.toString());
        assertEquals("logEvents", messages.get(0).category());
        assertTrue(messages.get(0).text().startsWith("step to t=1001.0: 0 time events, "), messages.get(0).text());
    }
}
