package org.btfmu.fmu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.btfmu.core.ProcessingMode;
import org.junit.jupiter.api.Test;

/** The btfmu.processing system property that overrides how a mission's FMU instance processes its tree. */
class ProcessingPropertyTest {

    @Test
    void absentBlankOrEventDrivenMeansEventDriven() {
        assertFalse(FmuSlave.processingMode(null).isTicked());
        assertFalse(FmuSlave.processingMode(" ").isTicked());
        assertFalse(FmuSlave.processingMode("event-driven").isTicked());
    }

    @Test
    void tickedTakesThePeriod() {
        ProcessingMode mode = FmuSlave.processingMode("ticked:60");
        assertTrue(mode.isTicked());
        assertEquals(60.0, mode.period());
        assertEquals(0.5, FmuSlave.processingMode(" ticked:0.5 ").period());
    }

    @Test
    void thePropertyOverridesTheMissionWhenSet() {
        ProcessingMode mission = ProcessingMode.ticked(2);
        assertEquals(mission, FmuSlave.processingMode(null, mission), "not set: the mission's");
        assertEquals(mission, FmuSlave.processingMode(" ", mission), "blank: the mission's");
        assertFalse(FmuSlave.processingMode("event-driven", mission).isTicked());
        assertEquals(60.0, FmuSlave.processingMode("ticked:60", ProcessingMode.EVENT_DRIVEN).period());
        assertThrows(IllegalArgumentException.class, () -> FmuSlave.processingMode("ticked:0", mission));
    }

    @Test
    void anythingElseIsRejectedNamingTheProperty() {
        for (String bad : new String[] {"ticked", "ticked:", "ticked:0", "ticked:-1", "ticked:x", "ticked:Infinity",
                "evented"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> FmuSlave.processingMode(bad), bad);
            assertTrue(e.getMessage().contains("btfmu.processing") && e.getMessage().contains(bad), e.getMessage());
        }
    }
}
