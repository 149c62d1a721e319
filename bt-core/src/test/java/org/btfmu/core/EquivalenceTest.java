package org.btfmu.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Property tests over 1,000 seeded random trees with random input sequences:
 * event-driven ≡ ticked processing, and snapshot → restore → continue ≡ uninterrupted.
 */
class EquivalenceTest {

    private static final int TREES = 1000;
    private static final int STEPS = 25;

    @Test
    void eventDrivenAndTickedAgreeAtEveryCommonInstant() {
        int nonConverging = 0;
        int activations = 0;
        for (int seed = 0; seed < TREES; seed++) {
            Random random = new Random(seed);
            RandomTrees gen = new RandomTrees(random);
            TreeDefinition tree = gen.tree(40);
            TreeInstance ed = new TreeInstance(tree, ProcessingMode.EVENT_DRIVEN);
            TreeInstance ticked = new TreeInstance(tree, ProcessingMode.ticked(1.0));
            gen.randomInputs(ed, ticked);
            String where = "seed " + seed;
            try {
                ed.start(0);
            } catch (EngineException e) {
                expectFailure(ticked, () -> ticked.start(0), where);
                nonConverging++;
                continue;
            }
            ticked.start(0);
            assertSame(ed, ticked, where + " t=0");
            try {
                for (int step = 1; step <= STEPS; step++) {
                    ed.advanceTo(step);
                    ticked.advanceTo(step);
                    assertSame(ed, ticked, where + " t=" + step + " after time events");
                    gen.randomInputs(ed, ticked);
                    ed.settle();
                    ticked.settle();
                    assertSame(ed, ticked, where + " t=" + step + " after inputs");
                }
            } catch (EngineException e) {
                nonConverging++;
                continue;
            }
            activations += ed.counters().activations();
            assertTrue(ed.counters().taskEvaluations() <= ticked.counters().taskEvaluations(), where);
        }
        assertTrue(nonConverging < TREES / 10, nonConverging + " trees did not settle");
        assertTrue(activations > TREES * 10, "the random trees do activate tasks: " + activations);
        System.out.println("EquivalenceTest: " + TREES + " trees, " + activations + " activations, " + nonConverging
                + " did not settle (same in both modes)");
    }

    @Test
    void snapshotRestoreContinueEqualsAnUninterruptedRun() {
        for (int seed = 0; seed < TREES; seed++) {
            Random random = new Random(1_000_000 + seed);
            RandomTrees gen = new RandomTrees(random);
            TreeDefinition tree = gen.tree(40);
            TreeInstance a = new TreeInstance(tree, ProcessingMode.EVENT_DRIVEN);
            TreeInstance b = new TreeInstance(tree, ProcessingMode.EVENT_DRIVEN);
            int cut = 1 + random.nextInt(STEPS - 1);
            gen.randomInputs(a, b);
            try {
                a.start(0);
                b.start(0);
                for (int step = 1; step <= STEPS; step++) {
                    if (step == cut) {
                        // b is replaced by a fresh instance restored from a's serialized state
                        byte[] bytes = b.snapshot().toBytes();
                        b = new TreeInstance(tree, ProcessingMode.EVENT_DRIVEN);
                        b.restore(TreeState.fromBytes(tree, bytes));
                    }
                    a.advanceTo(step + 0.5);
                    b.advanceTo(step + 0.5);
                    gen.randomInputs(a, b);
                    a.settle();
                    b.settle();
                    assertSame(a, b, "seed " + seed + " t=" + step);
                }
            } catch (EngineException e) {
                continue;
            }
        }
    }

    private static void expectFailure(TreeInstance t, Runnable action, String where) {
        try {
            action.run();
        } catch (EngineException e) {
            return;
        }
        fail(where + ": event-driven processing did not settle, ticked did");
    }

    static void assertSame(TreeInstance a, TreeInstance b, String where) {
        TreeDefinition def = a.definition();
        for (int i = 0; i < def.size(); i++) {
            if (a.status(i) != b.status(i)) {
                fail(where + ": task " + def.path(i) + " is " + a.status(i) + " vs " + b.status(i));
            }
        }
        for (int s = 0; s < def.blackboard().size(); s++) {
            switch (def.blackboard().slot(s).type()) {
                case REAL -> assertEquals(Double.doubleToRawLongBits(a.getReal(s)),
                        Double.doubleToRawLongBits(b.getReal(s)), where + ": slot " + s);
                case INTEGER -> assertEquals(a.getInteger(s), b.getInteger(s), where + ": slot " + s);
                case BOOLEAN -> assertEquals(a.getBoolean(s), b.getBoolean(s), where + ": slot " + s);
                case STRING -> assertEquals(a.getString(s), b.getString(s), where + ": slot " + s);
            }
        }
    }
}
