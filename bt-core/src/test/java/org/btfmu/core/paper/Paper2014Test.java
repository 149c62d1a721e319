package org.btfmu.core.paper;

import static org.btfmu.core.Board.flag;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.btfmu.core.Board;
import org.btfmu.core.Recorder;
import org.btfmu.core.Status;
import org.btfmu.core.Tasks;
import org.btfmu.core.TreeInstance;
import org.btfmu.core.blackboard.SlotType;
import org.junit.jupiter.api.Test;

/** 2014, "The Modelica BehaviorTrees Library", Sec. 5: event-driven processing of a sequence. */
class Paper2014Test {

    @Test
    void listing4AndFig6SequenceProcessingOrder() {
        // The surplus condition turns true: the sequence stops returning Failure and accepts,
        // the root activates it, it passes the flag to its first accepting child, and it
        // runs once the child runs. Our cycle takes ACTIVATING as soon as the sequence is
        // activated (DESIGN §3.1: ACCEPT|active) and holds it while the child's entry is in
        // progress (switching), so the sequence's Activating precedes the child's.
        Board b = new Board();
        int surplus = b.input("surplus", SlotType.BOOLEAN);
        TreeInstance t = b.instance(Tasks.root("r", Tasks.sequence("s", Tasks.condition("surplus", flag(surplus)),
                Tasks.action("potential").entryDuration(60).build())));
        t.start(0);
        assertEquals(Status.FAILURE, t.status(1), "initially the sequence consistently returns Failure");
        Recorder rec = new Recorder();
        t.addStatusListener(rec);
        t.setBoolean(surplus, true);
        t.settle();
        assertEquals(List.of("r/s/surplus:FAILURE->SUCCESS", "r/s:FAILURE->ACCEPT", "r/s:ACCEPT->ACTIVATING",
                "r/s/potential:ACCEPT->ACTIVATING"), rec.changes);
        rec.clear();
        t.advanceTo(100);
        assertEquals(List.of("r/s/potential:ACTIVATING->RUNNING", "r/s:ACTIVATING->RUNNING"), rec.changes,
                "the child's Running is a new event (a time event here) that the sequence follows");
    }
}
