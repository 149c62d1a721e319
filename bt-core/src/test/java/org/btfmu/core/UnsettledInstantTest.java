package org.btfmu.core;

import static org.btfmu.core.Board.flag;
import static org.btfmu.core.Board.not;
import static org.btfmu.core.Board.set;
import static org.btfmu.core.Tasks.action;
import static org.btfmu.core.Tasks.condition;
import static org.btfmu.core.Tasks.loop;
import static org.btfmu.core.Tasks.parallel;
import static org.btfmu.core.Tasks.root;
import static org.btfmu.core.Tasks.sequence;
import static org.btfmu.core.Tasks.waitFor;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.btfmu.core.blackboard.SlotType;
import org.junit.jupiter.api.Test;

/**
 * An instant that needs more sweeps than the bound is undone: the instance is back at the
 * instant's left limit, every earlier event completed, and stays usable.
 */
class UnsettledInstantTest {

    private static final Board BOARD = new Board();
    private static final int GO = BOARD.input("go", SlotType.BOOLEAN);
    private static final int FLAG = BOARD.output("flag", SlotType.BOOLEAN);
    private static final int Y = BOARD.output("y", SlotType.REAL);
    private static final int Z = BOARD.output("z", SlotType.REAL);
    private static final int N = BOARD.output("n", SlotType.INTEGER);
    private static final int LABEL = BOARD.output("label", SlotType.STRING);

    /** A loop whose every iteration ends in the instant it started (as EngineTest.oscillating). */
    private static TaskNode chattering() {
        return loop("l", -1, true, sequence("s", condition("clear", not(FLAG)),
                action("toggle").entry(set(FLAG, true)).exit(set(FLAG, false)).outputs(set(Z, 1.0))
                        .build()));
    }

    /**
     * At t=1 "fly" starts (outputs, an entry assignment, a writer); at t=2 the loop starts
     * chattering; "late" waits for t=10 throughout.
     */
    private static final TreeDefinition AT_TWO = TreeDefinition.of(BOARD.definition(), root("r",
            parallel("p", -1, -1,
                    sequence("a", waitFor("first", 1),
                            action("fly").entry(set(N, 1)).outputs(set(Y, 7.0), set(LABEL, "flying")).build()),
                    sequence("b", waitFor("arm", 2), chattering()),
                    waitFor("late", 10))));

    /** The loop starts chattering when the input go is set. */
    private static final TreeDefinition ON_GO = TreeDefinition.of(BOARD.definition(),
            root("r", sequence("g", condition("go", flag(GO)), chattering())));

    private static TreeInstance instance(TreeDefinition def, ProcessingMode mode) {
        TreeInstance t = new TreeInstance(def, mode);
        t.setMaxIterationsPerInstant(50);
        return t;
    }

    /** The state's bytes without its time (bytes 16 to 23: after magic, version and fingerprint). */
    private static byte[] withoutTime(TreeState state) {
        byte[] bytes = state.toBytes();
        Arrays.fill(bytes, 16, 24, (byte) 0);
        return bytes;
    }

    @Test
    void aTimeEventThatDoesNotSettleIsUndoneToItsLeftLimitAfterTheEarlierEvents() {
        for (ProcessingMode mode : List.of(ProcessingMode.EVENT_DRIVEN, ProcessingMode.ticked(1))) {
            TreeInstance before = instance(AT_TWO, mode);
            before.start(0);
            before.advanceTo(1.5);
            TreeState leftLimit = before.snapshot();
            assertEquals(Status.RUNNING, leftLimit.status(AT_TWO.indexOf("r/p/a/fly")), mode.toString());

            TreeInstance t = instance(AT_TWO, mode);
            t.start(0);
            UnsettledInstantException e = assertThrows(UnsettledInstantException.class, () -> t.advanceTo(5));
            assertEquals(2.0, e.time(), mode.toString());
            assertEquals(50, e.bound());
            assertTrue(e.tasks().contains("r/p/b/l/s/toggle") && e.tasks().contains("r/p/b/l/s/clear"),
                    e.tasks().toString());
            assertTrue(e.getMessage().contains("the instant t=2.0 did not settle within 50 event iterations"),
                    e.getMessage());

            assertEquals(2.0, t.time(), "at the instant: " + mode);
            assertArrayEquals(withoutTime(leftLimit), withoutTime(t.snapshot()),
                    "statuses, active flags, task state, slot values, writers and pending events as before t=2: "
                            + mode);
            assertEquals(Status.RUNNING, t.status(AT_TWO.indexOf("r/p/a/fly")), "the event at t=1 stays done");
            assertEquals(7.0, t.getReal(Y));
            assertEquals(1, t.getInteger(N));
            assertEquals("flying", t.getString(LABEL));
            assertEquals(0.0, t.getReal(Z), "the chattering action's output is gone again");
            assertFalse(t.getBoolean(FLAG));
            assertEquals(2.0, t.nextEventTime(), "the instant is still ahead: " + mode);

            // usable, and the same instant fails the same way again: no progress
            UnsettledInstantException again = assertThrows(UnsettledInstantException.class, () -> t.advanceTo(5));
            assertEquals(2.0, again.time());
            assertArrayEquals(withoutTime(leftLimit), withoutTime(t.snapshot()));
            t.restore(leftLimit);
            assertEquals(1.5, t.time());
        }
    }

    @Test
    void anInputChangeThatDoesNotSettleIsUndoneWithTheInputStillPending() {
        for (ProcessingMode mode : List.of(ProcessingMode.EVENT_DRIVEN, ProcessingMode.ticked(1))) {
            TreeInstance t = instance(ON_GO, mode);
            t.start(0);
            t.advanceTo(3);
            int sequence = ON_GO.indexOf("r/g");
            assertEquals(Status.FAILURE, t.status(sequence));
            t.setBoolean(GO, true);
            TreeState set = t.snapshot();

            assertThrows(UnsettledInstantException.class, t::settle);
            assertArrayEquals(set.toBytes(), t.snapshot().toBytes(), "as right after setting go: " + mode);
            assertEquals(Status.FAILURE, t.status(sequence));

            t.setBoolean(GO, false);
            t.settle();
            t.advanceTo(4);
            assertEquals(4.0, t.time());
            assertEquals(Status.FAILURE, t.status(sequence), "the instance goes on: " + mode);
        }
    }

    @Test
    void aStartThatDoesNotSettleLeavesTheInstanceNotStarted() {
        TreeInstance t = instance(ON_GO, ProcessingMode.EVENT_DRIVEN);
        t.setBoolean(GO, true);
        TreeState fresh = t.snapshot();
        UnsettledInstantException e = assertThrows(UnsettledInstantException.class, () -> t.start(3));
        assertEquals(3.0, e.time());
        assertFalse(t.isStarted());
        assertArrayEquals(fresh.toBytes(), t.snapshot().toBytes());

        t.setBoolean(GO, false);
        t.start(3);
        assertEquals(Status.FAILURE, t.status(ON_GO.indexOf("r/g")));
    }

    /**
     * Over random trees (every task type) with a bound of one to three sweeps, so that most
     * instants are undone: each undone instant leaves the state of an uninterrupted run at
     * the instant's left limit, and retrying it with the default bound continues exactly like
     * a run that never hit the bound.
     */
    @Test
    void undoneInstantsRetriedWithTheDefaultBoundContinueLikeAnUninterruptedRun() {
        int undone = 0;
        for (int seed = 0; seed < 300; seed++) {
            Random random = new Random(2_000_000 + seed);
            RandomTrees gen = new RandomTrees(random);
            TreeDefinition tree = gen.tree(40);
            ProcessingMode mode = seed % 2 == 0 ? ProcessingMode.EVENT_DRIVEN : ProcessingMode.ticked(1);
            int bound = 1 + random.nextInt(3);
            TreeInstance bounded = new TreeInstance(tree, mode);
            TreeInstance free = new TreeInstance(tree, mode);
            gen.randomInputs(bounded, free);
            String where = "seed " + seed + " " + mode + " bound " + bound;
            try {
                free.start(0);
            } catch (EngineException e) {
                continue; // does not settle even with the default bound
            }
            bounded.setMaxIterationsPerInstant(bound);
            undone += retried(bounded, bound, () -> bounded.start(0), null, where + " t=0");
            EquivalenceTest.assertSame(bounded, free, where + " t=0");
            try {
                for (int step = 1; step <= 15; step++) {
                    free.advanceTo(step);
                    TreeState from = bounded.snapshot();
                    int at = step;
                    undone += retried(bounded, bound, () -> bounded.advanceTo(at), from, where + " t=" + step);
                    EquivalenceTest.assertSame(bounded, free, where + " t=" + step + " after time events");
                    gen.randomInputs(bounded, free);
                    free.settle();
                    undone += retried(bounded, bound, bounded::settle, bounded.snapshot(), where + " t=" + step);
                    EquivalenceTest.assertSame(bounded, free, where + " t=" + step + " after inputs");
                }
            } catch (EngineException e) {
                assertFalse(e instanceof UnsettledInstantException && e.getMessage().contains("within " + bound
                        + " "), where + ": " + e.getMessage());
            }
        }
        assertTrue(undone > 300, "instants undone and retried: " + undone);
    }

    /**
     * Runs {@code processing} on a tree bounded to {@code bound} sweeps; if an instant does not
     * settle, checks that the tree is at its left limit (reached from {@code from} without the
     * bound), then retries with the default bound. Returns the number of instants undone.
     */
    private static int retried(TreeInstance tree, int bound, Runnable processing, TreeState from, String where) {
        int undone = 0;
        while (true) {
            try {
                processing.run();
                tree.setMaxIterationsPerInstant(bound);
                return undone;
            } catch (UnsettledInstantException e) {
                undone++;
                if (from != null) {
                    TreeInstance reference = new TreeInstance(tree.definition(), tree.mode());
                    reference.restore(from);
                    if (e.time() > from.time()) { // events fall on whole seconds: none in (t - 0.5, t)
                        reference.advanceTo(Math.max(from.time(), e.time() - 0.5));
                    }
                    assertArrayEquals(withoutTime(reference.snapshot()), withoutTime(tree.snapshot()),
                            where + ": the state at the left limit of t=" + e.time());
                    assertEquals(e.time(), tree.time(), where);
                }
                tree.setMaxIterationsPerInstant(TreeInstance.DEFAULT_MAX_ITERATIONS);
            }
        }
    }
}
