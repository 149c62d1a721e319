package org.btfmu.core.tasks;

import static org.btfmu.core.Board.flag;
import static org.btfmu.core.Board.set;
import static org.btfmu.core.Tasks.action;
import static org.btfmu.core.Tasks.condition;
import static org.btfmu.core.Tasks.root;
import static org.btfmu.core.Tasks.sequence;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.Stream;
import org.btfmu.core.Board;
import org.btfmu.core.ProcessingMode;
import org.btfmu.core.Status;
import org.btfmu.core.TreeInstance;
import org.btfmu.core.blackboard.SlotType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * OnHalted under a sequence guarded by {@code go}: r(0) / s(1) / [go(2), h(3) / a(4)]; the
 * action finishes on {@code done}, fails on {@code fail}; the hook sets {@code halted} to 1.
 */
class OnHaltedTest {

    static final int GO = 0;
    static final int DONE = 1;
    static final int FAIL = 2;
    static final int HALTED = 3;
    static final int HOOK = 3;
    static final int ACTION = 4;

    static Stream<ProcessingMode> modes() {
        return Stream.of(ProcessingMode.EVENT_DRIVEN, ProcessingMode.ticked(1));
    }

    static TreeInstance tree(ProcessingMode mode) {
        Board b = new Board();
        b.input("go", SlotType.BOOLEAN);
        b.input("done", SlotType.BOOLEAN);
        b.input("fail", SlotType.BOOLEAN);
        b.output("halted", SlotType.INTEGER);
        TreeInstance t = b.instance(root("r", sequence("s", condition("go", flag(GO)),
                new OnHalted("h", action("a").done(flag(DONE)).fail(flag(FAIL)).build(),
                        List.of(set(HALTED, 1))))), mode);
        t.setBoolean(GO, true);
        t.start(0);
        return t;
    }

    @ParameterizedTest
    @MethodSource("modes")
    void runsItsCodeWhenTheRunningChildIsHalted(ProcessingMode mode) {
        TreeInstance t = tree(mode);
        assertEquals(Status.RUNNING, t.status(HOOK));
        assertEquals(Status.RUNNING, t.status(ACTION));
        assertEquals(0, t.getInteger(HALTED), "nothing halted yet");
        t.setBoolean(GO, false);
        t.advanceTo(1);
        assertEquals(1, t.getInteger(HALTED));
        assertEquals(false, t.isActive(ACTION));
    }

    @ParameterizedTest
    @MethodSource("modes")
    void followsItsChildsResult(ProcessingMode mode) {
        TreeInstance ok = tree(mode);
        ok.setBoolean(DONE, true);
        ok.advanceTo(1);
        assertEquals(Status.FINISHED, ok.status(HOOK));
        TreeInstance ko = tree(mode);
        ko.setBoolean(FAIL, true);
        ko.advanceTo(1);
        assertEquals(Status.ABORTED, ko.status(HOOK));
    }

    @ParameterizedTest
    @MethodSource("modes")
    void aChildThatReturnedIsNotHalted(ProcessingMode mode) {
        for (int result : new int[] {DONE, FAIL}) {
            TreeInstance t = tree(mode);
            t.setBoolean(result, true);
            t.advanceTo(1);
            assertEquals(result == DONE ? Status.FINISHED : Status.ABORTED, t.status(ACTION));
            t.setBoolean(GO, false);
            t.advanceTo(2);
            t.advanceTo(3);
            assertEquals(0, t.getInteger(HALTED), "the child had returned: no halt");
        }
    }

    /** The child's result and the halt in one instant: the child has returned, nothing runs. */
    @ParameterizedTest
    @MethodSource("modes")
    void aResultInTheHaltingInstantCountsAsReturned(ProcessingMode mode) {
        TreeInstance t = tree(mode);
        t.setBoolean(GO, false);
        t.setBoolean(DONE, true);
        t.advanceTo(1);
        assertEquals(false, t.isActive(ACTION));
        assertEquals(0, t.getInteger(HALTED));
    }
}
