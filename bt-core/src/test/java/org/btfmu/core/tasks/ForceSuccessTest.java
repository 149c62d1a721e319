package org.btfmu.core.tasks;

import static org.btfmu.core.tasks.DecoratorsTestSupport.DONE;
import static org.btfmu.core.tasks.DecoratorsTestSupport.FAIL;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.btfmu.core.Status;
import org.btfmu.core.Tasks;
import org.btfmu.core.TreeInstance;
import org.junit.jupiter.api.Test;

class ForceSuccessTest {

    @Test
    void mapsTransientResults() {
        TreeInstance t = DecoratorsTestSupport.decorated(c -> Tasks.forceSuccess("d", c));
        t.setBoolean(DONE, true);
        t.start(0);
        assertEquals(Status.SUCCESS, t.status(2));
        assertEquals(Status.SUCCESS, t.status(1));
        t.setBoolean(DONE, false);
        t.setBoolean(FAIL, true);
        t.settle();
        assertEquals(Status.FAILURE, t.status(2));
        assertEquals(Status.SUCCESS, t.status(1));
    }

    @Test
    void mapsNonTransientResultsAndKeepsTheChildActive() {
        TreeInstance t = DecoratorsTestSupport.decorated(c -> Tasks.forceSuccess("d", c));
        t.start(0);
        assertEquals(Status.RUNNING, t.status(1));
        assertEquals(Status.RUNNING, t.status(2));
        t.setBoolean(DONE, true);
        t.settle();
        assertEquals(Status.FINISHED, t.status(2));
        assertEquals(Status.FINISHED, t.status(1));

        TreeInstance u = DecoratorsTestSupport.decorated(c -> Tasks.forceSuccess("d", c));
        u.start(0);
        u.setBoolean(FAIL, true);
        u.settle();
        assertEquals(Status.ABORTED, u.status(2));
        assertEquals(Status.FINISHED, u.status(1));
        assertEquals(true, u.isActive(2));
    }
}
