package org.btfmu.core.tasks;

import static org.btfmu.core.Board.flag;
import static org.btfmu.core.Board.set;
import static org.btfmu.core.Tasks.root;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.btfmu.core.Board;
import org.btfmu.core.EngineException;
import org.btfmu.core.FinalKind;
import org.btfmu.core.StateSpec;
import org.btfmu.core.Status;
import org.btfmu.core.Tasks;
import org.btfmu.core.TransitionSpec;
import org.btfmu.core.TreeInstance;
import org.btfmu.core.blackboard.SlotType;
import org.junit.jupiter.api.Test;

class StateMachineTest {

    @Test
    void entersTheFirstStateAndFollowsGuardsSeveralInOneInstant() {
        Board b = new Board();
        int go = b.input("go", SlotType.BOOLEAN);
        int mode = b.output("mode", SlotType.INTEGER);
        int log = b.output("exits", SlotType.INTEGER);
        List<StateSpec> states = List.of(
                new StateSpec("idle", List.of(), List.of(set(log, 1)), List.of(set(mode, 0)), FinalKind.NONE),
                new StateSpec("a", List.of(), List.of(), List.of(set(mode, 1)), FinalKind.NONE),
                new StateSpec("b", List.of(), List.of(), List.of(set(mode, 2)), FinalKind.NONE));
        List<TransitionSpec> transitions = List.of(new TransitionSpec("idle", "a", flag(go), 0),
                new TransitionSpec("a", "b", flag(go), 0));
        TreeInstance t = b.instance(root("r", Tasks.stateMachine("sm", states, transitions)));
        t.start(0);
        assertEquals(Status.RUNNING, t.status(1));
        assertEquals(0, t.getInteger(mode));
        t.setBoolean(go, true);
        t.settle();
        assertEquals(2, t.getInteger(mode), "idle -> a -> b in one instant");
        assertEquals(1, t.getInteger(log), "exit assignment of idle ran");
    }

    @Test
    void delayedTransitionsAreTimeEventsAndFinalStatesReturn() {
        Board b = new Board();
        List<StateSpec> states = List.of(StateSpec.of("hold"),
                new StateSpec("done", List.of(), List.of(), List.of(), FinalKind.FINISHED),
                new StateSpec("bad", List.of(), List.of(), List.of(), FinalKind.ABORTED));
        TreeInstance t = b.instance(root("r", Tasks.stateMachine("sm", states, List.of(
                new TransitionSpec("hold", "done", Board.constant(true), 7)))));
        t.start(0);
        assertEquals(7.0, t.nextTimeEvent());
        t.advanceTo(20);
        assertEquals(Status.FINISHED, t.status(1));
        assertEquals(1, t.counters().timeEvents());
    }

    @Test
    void tooManyTransitionsInOneInstantIsANamedError() {
        Board b = new Board();
        List<StateSpec> states = List.of(StateSpec.of("x"), StateSpec.of("y"));
        TreeInstance t = b.instance(root("r", Tasks.stateMachine("sm", states, List.of(
                new TransitionSpec("x", "y", Board.constant(true), 0),
                new TransitionSpec("y", "x", Board.constant(true), 0)))));
        EngineException e = assertThrows(EngineException.class, () -> t.start(0));
        assertTrue(e.getMessage().contains("r/sm"), e.getMessage());
        assertThrows(IllegalStateException.class, t::settle, "a failed instance must be restored first");
    }

    @Test
    void unknownStateNamesAreRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Tasks.stateMachine("sm",
                List.of(StateSpec.of("x")), List.of(new TransitionSpec("x", "z", Board.constant(true), 0))));
        assertTrue(e.getMessage().contains("'z'"), e.getMessage());
    }
}
