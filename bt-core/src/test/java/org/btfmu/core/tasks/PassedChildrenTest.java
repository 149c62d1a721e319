package org.btfmu.core.tasks;

import static org.btfmu.core.Board.not;
import static org.btfmu.core.Board.set;
import static org.btfmu.core.Tasks.condition;
import static org.btfmu.core.Tasks.root;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.btfmu.core.Board;
import org.btfmu.core.ProcessingMode;
import org.btfmu.core.Status;
import org.btfmu.core.TaskNode;
import org.btfmu.core.TreeInstance;
import org.btfmu.core.blackboard.SlotType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A child that passed in the evaluation that starts a MemorySequence, MemorySelector or
 * IfThenElse counts as passed for the run, even when the next child, started in the same
 * instant, changes what it read (BT.CPP's Sequence, Fallback and IfThenElse tick a child once
 * per run). Both processing modes.
 */
class PassedChildrenTest {

    static ProcessingMode[] modes() {
        return new ProcessingMode[] {ProcessingMode.EVENT_DRIVEN, ProcessingMode.ticked(1)};
    }

    private static TaskNode script(String name, int slot) {
        return new Script(name, List.of(set(slot, true)));
    }

    @ParameterizedTest
    @MethodSource("modes")
    void aSequenceDoesNotReReadAConditionItPassedWhenItStarted(ProcessingMode mode) {
        Board b = new Board();
        int acted = b.output("acted", SlotType.BOOLEAN);
        int last = b.output("last", SlotType.BOOLEAN);
        TreeInstance t = b.instance(root("r", new MemorySequence("s", List.of(condition("fresh", not(acted)),
                script("act", acted), script("then", last)), false)), mode);
        t.start(0);
        assertTrue(t.getBoolean(acted));
        assertTrue(t.getBoolean(last), "the sequence went on after the condition it had passed turned false");
        assertEquals(Status.FINISHED, t.status(1));
    }

    @ParameterizedTest
    @MethodSource("modes")
    void aSelectorDoesNotReReadAConditionThatFailedWhenItStarted(ProcessingMode mode) {
        Board b = new Board();
        int acted = b.output("acted", SlotType.BOOLEAN);
        int last = b.output("last", SlotType.BOOLEAN);
        TaskNode failAfterActing = new MemorySequence("try", List.of(script("act", acted), condition("no",
                Board.constant(false))), false);
        TreeInstance t = b.instance(root("r", new MemorySelector("f", List.of(condition("done", Board.flag(acted)),
                failAfterActing, script("fallback", last)))), mode);
        t.start(0);
        assertTrue(t.getBoolean(last), "the selector did not go back to 'done' when acting made it true");
        assertEquals(Status.FINISHED, t.status(1));
    }

    @ParameterizedTest
    @MethodSource("modes")
    void anIfThenElseKeepsTheBranchItsConditionChoseAtTheStart(ProcessingMode mode) {
        Board b = new Board();
        int acted = b.output("acted", SlotType.BOOLEAN);
        int other = b.output("other", SlotType.BOOLEAN);
        TreeInstance t = b.instance(root("r", new IfThenElse("i", List.of(condition("fresh", not(acted)),
                script("act", acted), script("else", other)))), mode);
        t.start(0);
        assertTrue(t.getBoolean(acted));
        assertEquals(false, t.getBoolean(other), "the else-branch never ran");
        assertEquals(Status.FINISHED, t.status(1));
    }
}
