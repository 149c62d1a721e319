package org.btfmu.core;

import static org.btfmu.core.Status.ABORTED;
import static org.btfmu.core.Status.ACCEPT;
import static org.btfmu.core.Status.ACTIVATING;
import static org.btfmu.core.Status.DEACTIVATING;
import static org.btfmu.core.Status.FAILURE;
import static org.btfmu.core.Status.FINISHED;
import static org.btfmu.core.Status.RUNNING;
import static org.btfmu.core.Status.SUCCESS;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** One case per row of the status-cycle table (DESIGN.md §3.1), flags spelled out. */
class StatusCycleTest {

    @ParameterizedTest(name = "{0} active={1} returns={2} success={3} switching={4} -> {5}")
    @CsvSource({
        // transient part, not activated: the flags decide
        "SUCCESS,      false, true,  true,  false, SUCCESS",
        "SUCCESS,      false, true,  false, false, FAILURE",
        "SUCCESS,      false, false, false, false, ACCEPT",
        "FAILURE,      false, true,  true,  false, SUCCESS",
        "FAILURE,      false, false, true,  false, ACCEPT",
        "ACCEPT,       false, true,  false, false, FAILURE",
        "ACCEPT,       false, false, false, false, ACCEPT",
        "ACCEPT,       false, false, false, true,  ACCEPT",
        // a returning task is never activated, even if asked
        "SUCCESS,      true,  true,  true,  false, SUCCESS",
        "FAILURE,      true,  true,  false, false, FAILURE",
        // activation of an accepting task
        "ACCEPT,       true,  false, false, false, ACTIVATING",
        "ACCEPT,       true,  true,  true,  true,  ACTIVATING",
        // entry procedure
        "ACTIVATING,   true,  false, false, true,  ACTIVATING",
        "ACTIVATING,   true,  false, false, false, RUNNING",
        "ACTIVATING,   true,  true,  true,  false, RUNNING",
        // running until it returns
        "RUNNING,      true,  false, false, false, RUNNING",
        "RUNNING,      true,  true,  true,  false, FINISHED",
        "RUNNING,      true,  true,  false, false, ABORTED",
        // a result holds while active, whatever the flags say
        "FINISHED,     true,  false, false, false, FINISHED",
        "FINISHED,     true,  true,  false, true,  FINISHED",
        "ABORTED,      true,  true,  true,  false, ABORTED",
        // deactivation from every non-transient status starts the exit procedure
        "ACTIVATING,   false, false, false, true,  DEACTIVATING",
        "RUNNING,      false, true,  true,  false, DEACTIVATING",
        "FINISHED,     false, true,  true,  false, DEACTIVATING",
        "ABORTED,      false, false, false, false, DEACTIVATING",
        // exit procedure, then back to the transient part
        "DEACTIVATING, false, false, false, true,  DEACTIVATING",
        "DEACTIVATING, true,  true,  true,  true,  DEACTIVATING",
        "DEACTIVATING, false, false, false, false, ACCEPT",
        "DEACTIVATING, false, true,  true,  false, SUCCESS",
        "DEACTIVATING, false, true,  false, false, FAILURE",
    })
    void followsTheTable(Status previous, boolean active, boolean returns, boolean success,
            boolean switching, Status expected) {
        assertEquals(expected, StatusCycle.next(previous, active, returns, success, switching));
        int index = previous.ordinal() << 4 | (active ? 8 : 0) | (success ? 4 : 0) | (returns ? 2 : 0)
                | (switching ? 1 : 0);
        assertEquals(expected.ordinal(), StatusCycle.TABLE[index], "the engine's table agrees");
    }
}
