package org.btfmu.core;

import static org.btfmu.core.Board.flag;
import static org.btfmu.core.Tasks.action;
import static org.btfmu.core.Tasks.condition;
import static org.btfmu.core.Tasks.root;
import static org.btfmu.core.Tasks.sequence;
import static org.btfmu.core.Tasks.waitFor;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.core.expr.JavaExpression;
import org.junit.jupiter.api.Test;

class TreeStateTest {

    private static final Board BOARD = new Board();
    private static final int GO = BOARD.input("go", SlotType.BOOLEAN);
    private static final int X = BOARD.input("x", SlotType.REAL);
    private static final int Y = BOARD.output("y", SlotType.REAL);
    private static final int NAME = BOARD.output("name", SlotType.STRING);
    private static final TreeDefinition TREE = TreeDefinition.of(BOARD.definition(), root("r", sequence("s",
            condition("go", flag(GO)), waitFor("w", 5),
            action("track").outputs(new Assignment(Y, JavaExpression.real(r -> r.real(X) * 2, X)))
                    .entry(new Assignment(NAME, JavaExpression.constant("tracking ü"))).build())));

    @Test
    void restoreRollsBackStatusesValuesAndPendingTimeEvents() {
        TreeInstance t = new TreeInstance(TREE, ProcessingMode.EVENT_DRIVEN);
        t.setBoolean(GO, true);
        t.start(0);
        t.advanceTo(2);
        TreeState at2 = t.snapshot();
        t.advanceTo(6);
        t.setReal(X, 4);
        t.settle();
        assertEquals(Status.RUNNING, t.status(4));
        assertEquals(8.0, t.getReal(Y));

        t.restore(at2);
        assertEquals(2.0, t.time());
        assertEquals(Status.RUNNING, t.status(3));
        assertEquals(Status.ACCEPT, t.status(4));
        assertEquals(0.0, t.getReal(Y));
        assertEquals(5.0, t.nextTimeEvent(), "the wait's deadline is restored");
        t.advanceTo(6);
        assertEquals(Status.RUNNING, t.status(4));
        assertEquals("tracking ü", t.getString(NAME));
    }

    @Test
    void bytesRoundTripIntoAFreshInstance() {
        TreeInstance t = new TreeInstance(TREE, ProcessingMode.EVENT_DRIVEN);
        t.setBoolean(GO, true);
        t.start(0);
        t.advanceTo(7);
        t.setReal(X, 1.5);
        byte[] bytes = t.snapshot().toBytes();

        TreeInstance u = new TreeInstance(TREE, ProcessingMode.EVENT_DRIVEN);
        u.restore(TreeState.fromBytes(TREE, bytes));
        u.settle();
        t.settle();
        for (int i = 0; i < TREE.size(); i++) {
            assertEquals(t.status(i), u.status(i));
        }
        assertEquals(3.0, u.getReal(Y), "the input set before the snapshot was still pending");
        assertArrayEquals(bytes, TreeState.fromBytes(TREE, bytes).toBytes());
    }

    @Test
    void badBytesAreRejectedClearly() {
        TreeInstance t = new TreeInstance(TREE, ProcessingMode.EVENT_DRIVEN);
        t.start(0);
        byte[] bytes = t.snapshot().toBytes();
        IllegalArgumentException truncated = assertThrows(IllegalArgumentException.class,
                () -> TreeState.fromBytes(TREE, Arrays.copyOf(bytes, bytes.length - 3)));
        assertTrue(truncated.getMessage().contains("truncated"), truncated.getMessage());
        byte[] magic = bytes.clone();
        magic[0] ^= 1;
        assertThrows(IllegalArgumentException.class, () -> TreeState.fromBytes(TREE, magic));
        byte[] status = bytes.clone();
        status[4 + 4 + 8 + 8 + 1 + 8 + 8 + 4] = 42; // first task status
        IllegalArgumentException corrupt = assertThrows(IllegalArgumentException.class,
                () -> TreeState.fromBytes(TREE, status));
        assertTrue(corrupt.getMessage().contains("status"), corrupt.getMessage());
        TreeDefinition other = TreeDefinition.of(BOARD.definition(), root("r", waitFor("w", 1)));
        IllegalArgumentException foreign = assertThrows(IllegalArgumentException.class,
                () -> TreeState.fromBytes(other, bytes));
        assertTrue(foreign.getMessage().contains("different tree"), foreign.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> new TreeInstance(other, ProcessingMode.EVENT_DRIVEN).restore(t.snapshot()));
    }

    @Test
    void restoreRecoversAFailedInstance() {
        TreeInstance t = EngineTest.oscillating();
        TreeState fresh = t.snapshot();
        assertThrows(EngineException.class, () -> t.start(0));
        assertThrows(IllegalStateException.class, () -> t.advanceTo(1));
        t.restore(fresh);
        assertEquals(false, t.isStarted());
    }
}
