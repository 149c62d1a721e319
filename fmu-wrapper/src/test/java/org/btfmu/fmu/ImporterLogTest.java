package org.btfmu.fmu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ImporterLogTest {

    @Test
    void escapesPrintfAndVariableReferenceCharacters() {
        assertEquals("100%% done, see ##3", ImporterLog.escape("100% done, see #3"));
        assertEquals("plain", ImporterLog.escape("plain"));
    }

    @Test
    void categoriesFollowSetDebugLogging() {
        ImporterLog log = new ImporterLog(1234, 0, "x", false);
        assertFalse(log.enabled(LogCategory.EVENTS));
        log.enable(LogCategory.EVENTS, true);
        assertTrue(log.enabled(LogCategory.EVENTS));
        assertFalse(log.enabled(LogCategory.TASK_STATUS));
        log.enable(LogCategory.ALL, true);
        assertTrue(log.enabled(LogCategory.TASK_STATUS));
        log.enable(LogCategory.TASK_STATUS, false);
        assertFalse(log.enabled(LogCategory.TASK_STATUS));
        assertTrue(log.enabled(LogCategory.EVENTS));
        log.enableAll(false);
        assertFalse(log.enabled(LogCategory.EVENTS));
    }

    @Test
    void withoutLoggerNothingIsEnabled() {
        ImporterLog log = new ImporterLog(0, 0, "x", true);
        assertFalse(log.enabled(LogCategory.EVENTS));
        log.log(ImporterLog.ERROR, LogCategory.STATUS_ERROR, "goes nowhere, and does not crash");
    }

    @Test
    void categoryNamesAreUniqueAndFound() {
        for (LogCategory category : LogCategory.values()) {
            assertEquals(category, LogCategory.byFmiName(category.fmiName()));
        }
        assertEquals(null, LogCategory.byFmiName("logNothing"));
    }
}
