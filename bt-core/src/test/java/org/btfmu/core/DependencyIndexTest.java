package org.btfmu.core;

import static org.btfmu.core.Board.flag;
import static org.btfmu.core.Tasks.action;
import static org.btfmu.core.Tasks.condition;
import static org.btfmu.core.Tasks.root;
import static org.btfmu.core.Tasks.sequence;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.btfmu.core.blackboard.SlotType;
import org.btfmu.core.expr.JavaExpression;
import org.junit.jupiter.api.Test;

/** The dependency index (which slots reach which) and the feedthrough it promises. */
class DependencyIndexTest {

    private final Board b = new Board();
    private final int go = b.input("go", SlotType.BOOLEAN);
    private final int u = b.input("u", SlotType.REAL);
    private final int unused = b.input("unused", SlotType.REAL);
    private final int gain = b.add(Slot.of("gain", SlotType.REAL, SlotKind.PARAMETER));
    private final int offset = b.add(Slot.of("offset", SlotType.REAL, SlotKind.PARAMETER));
    private final int scaled = b.add(Slot.of("scaled", SlotType.REAL, SlotKind.LOCAL));
    private final int y = b.output("y", SlotType.REAL);
    private final int mode = b.output("mode", SlotType.INTEGER);
    private final int never = b.output("never", SlotType.INTEGER);

    /** go starts "fly"; while it runs, scaled = gain * u and y = scaled + 1; its entry sets mode = offset. */
    private TreeDefinition tree() {
        TaskNode fly = action("fly")
                .entry(new Assignment(mode, JavaExpression.integer(r -> (int) r.real(offset), offset)))
                .outputs(new Assignment(scaled, JavaExpression.real(r -> r.real(gain) * r.real(u), gain, u)),
                        new Assignment(y, JavaExpression.real(r -> r.real(scaled) + 1, scaled)))
                .build();
        return TreeDefinition.of(b.definition(), root("r", sequence("s", condition("ready", flag(go)), fly)));
    }

    @Test
    void expressionSourcesFollowWritersThroughLocals() {
        TreeDefinition def = tree();
        assertArrayEquals(new int[] {u, gain, scaled}, def.expressionSources(y));
        assertArrayEquals(new int[] {u, gain}, def.expressionSources(scaled));
        assertArrayEquals(new int[0], def.expressionSources(mode), "a hook is no feedthrough");
    }

    @Test
    void statusAndValueSources() {
        TreeDefinition def = tree();
        assertArrayEquals(new int[] {go}, def.statusSources());
        assertArrayEquals(new int[] {go, offset}, def.valueSources(mode));
        assertArrayEquals(new int[] {go, u, gain, scaled}, def.valueSources(y));
        assertArrayEquals(new int[0], def.valueSources(never), "nothing writes it");
        assertArrayEquals(new int[0], def.valueSources(unused));
    }

    @Test
    void propagatedInputsChangeExpressionsButNoStatus() {
        TreeInstance t = new TreeInstance(tree(), ProcessingMode.EVENT_DRIVEN);
        t.setReal(gain, 2);
        t.setBoolean(go, true);
        t.setReal(u, 3);
        t.start(0);
        assertEquals(Status.RUNNING, t.status(3));
        assertEquals(7.0, t.getReal(y));

        t.setReal(u, 10);
        t.setBoolean(go, false);
        t.propagate();
        assertEquals(21.0, t.getReal(y), "feedthrough at once");
        assertEquals(Status.SUCCESS, t.status(2), "the condition waits for the next settle");
        assertEquals(Status.RUNNING, t.status(3));

        t.settle();
        assertEquals(Status.FAILURE, t.status(2));
        assertEquals(Status.ACCEPT, t.status(3));
    }

    @Test
    void aTunableParameterFeedsThroughLikeAnInput() {
        TreeInstance t = new TreeInstance(tree(), ProcessingMode.EVENT_DRIVEN);
        t.setBoolean(go, true);
        t.setReal(u, 3);
        t.setReal(gain, 2);
        t.start(0);
        t.setReal(gain, 5);
        assertEquals(7.0, t.getReal(y), "nothing moves before propagate()");
        t.propagate();
        assertEquals(16.0, t.getReal(y));
        assertEquals(Status.RUNNING, t.status(3));
    }

    @Test
    void snapshotTakenAfterPropagationStillSettlesTheChange() {
        TreeInstance t = new TreeInstance(tree(), ProcessingMode.EVENT_DRIVEN);
        t.setBoolean(go, true);
        t.start(0);
        t.setBoolean(go, false);
        t.propagate();
        TreeState state = t.snapshot();
        TreeInstance other = new TreeInstance(tree(), ProcessingMode.EVENT_DRIVEN);
        other.restore(state);
        other.settle();
        assertEquals(Status.FAILURE, other.status(2));
    }
}
