package org.btfmu.core.tasks;

import static org.btfmu.core.Tasks.root;
import static org.btfmu.core.Tasks.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.btfmu.core.Board;
import org.btfmu.core.ProcessingMode;
import org.btfmu.core.Status;
import org.btfmu.core.TreeInstance;
import org.junit.jupiter.api.Test;

class WaitTest {

    @Test
    void finishesAtItsDeadlineAsATimeEvent() {
        TreeInstance t = new Board().instance(root("r", waitFor("w", 2.5)));
        t.start(1);
        assertEquals(Status.RUNNING, t.status(1));
        assertEquals(3.5, t.nextTimeEvent());
        t.advanceTo(3.4);
        assertEquals(Status.RUNNING, t.status(1));
        double[] seen = new double[1];
        t.addStatusListener((time, i, p, from, to) -> {
            if (to == Status.FINISHED) {
                seen[0] = time;
            }
        });
        t.advanceTo(10);
        assertEquals(Status.FINISHED, t.status(1));
        assertEquals(3.5, seen[0], "at the event's own time, not the step end");
    }

    @Test
    void tickedModeSeesTheDeadlineAtTheNextTick() {
        TreeInstance t = new Board().instance(root("r", waitFor("w", 2.5)), ProcessingMode.ticked(1));
        t.start(0);
        double[] seen = new double[1];
        t.addStatusListener((time, i, p, from, to) -> {
            if (to == Status.FINISHED) {
                seen[0] = time;
            }
        });
        t.advanceTo(10);
        assertEquals(3.0, seen[0]);
    }
}
