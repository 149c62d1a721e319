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
        assertFalse(InstanceSetup.processingMode(null).isTicked());
        assertFalse(InstanceSetup.processingMode(" ").isTicked());
        assertFalse(InstanceSetup.processingMode("event-driven").isTicked());
    }

    @Test
    void tickedTakesThePeriod() {
        ProcessingMode mode = InstanceSetup.processingMode("ticked:60");
        assertTrue(mode.isTicked());
        assertEquals(60.0, mode.period());
        assertEquals(0.5, InstanceSetup.processingMode(" ticked:0.5 ").period());
    }

    @Test
    void thePropertyOverridesTheMissionWhenSet() {
        ProcessingMode mission = ProcessingMode.ticked(2);
        assertEquals(mission, InstanceSetup.processingMode(null, mission), "not set: the mission's");
        assertEquals(mission, InstanceSetup.processingMode(" ", mission), "blank: the mission's");
        assertFalse(InstanceSetup.processingMode("event-driven", mission).isTicked());
        assertEquals(60.0, InstanceSetup.processingMode("ticked:60", ProcessingMode.EVENT_DRIVEN).period());
        assertThrows(IllegalArgumentException.class, () -> InstanceSetup.processingMode("ticked:0", mission));
    }

    @Test
    void anythingElseIsRejectedNamingTheProperty() {
        for (String bad : new String[] {"ticked", "ticked:", "ticked:0", "ticked:-1", "ticked:x", "ticked:Infinity",
                "evented"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> InstanceSetup.processingMode(bad), bad);
            assertTrue(e.getMessage().contains("btfmu.processing") && e.getMessage().contains(bad), e.getMessage());
        }
    }
}
