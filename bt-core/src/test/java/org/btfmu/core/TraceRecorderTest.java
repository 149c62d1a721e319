package org.btfmu.core;

import static org.btfmu.core.Tasks.root;
import static org.btfmu.core.Tasks.sequence;
import static org.btfmu.core.Tasks.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.btfmu.core.TraceRecorder.Change;
import org.junit.jupiter.api.Test;

class TraceRecorderTest {

    @Test
    void recordsEachTasksTimelineWithTimes() {
        TreeInstance t = new Board().instance(root("r", sequence("s", waitFor("w1", 2), waitFor("w2", 3))));
        TraceRecorder trace = TraceRecorder.attach(t);
        t.start(10);
        t.advanceTo(20);
        assertEquals(List.of(new Change(0, Status.ACCEPT), new Change(10, Status.ACTIVATING),
                new Change(10, Status.RUNNING), new Change(12, Status.FINISHED), new Change(12, Status.DEACTIVATING),
                new Change(12, Status.SUCCESS)), trace.timeline(2));
        assertEquals(Status.RUNNING, trace.statusAt(3, 14));
        assertEquals(Status.FINISHED, trace.statusAt(3, 15));
        assertEquals(1, trace.count(3, Status.ACTIVATING));
        assertThrows(IllegalArgumentException.class, () -> trace.statusAt(3, -1));
    }
}
