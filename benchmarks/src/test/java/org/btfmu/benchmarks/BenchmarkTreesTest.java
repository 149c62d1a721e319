package org.btfmu.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.badlogic.gdx.ai.btree.Task;
import org.btfmu.core.ProcessingMode;
import org.btfmu.core.Status;
import org.btfmu.core.TreeInstance;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Keeps the benchmarks honest without running them: the trees have the sizes and shapes
 * the tables claim, bt-fmu and gdx-ai build the same tree and agree on its result, the
 * event-driven flip really flips, and a ticked tick really evaluates every task.
 */
class BenchmarkTreesTest {

    @ParameterizedTest
    @EnumSource(TreeShape.Kind.class)
    void bothEnginesRunExactlyTheRequestedNumberOfTasks(TreeShape.Kind kind) {
        for (int tasks : new int[] {3, 100, 1_001, 10_000}) {
            TreeShape shape = TreeShape.of(kind, tasks);
            assertEquals(tasks, new EngineTree(shape).definition().size(), kind + " " + tasks);
            assertEquals(tasks, new GdxAiTree(shape).tasks(), kind + " " + tasks);
        }
    }

    @Test
    void balancedTreesAreLogarithmicallyDeepAndDeepTreesHalfTheirSize() {
        // root, then levels of 1, 10, 100, 1,000 and the remaining 8,888 sequences and conditions
        TreeShape balanced = TreeShape.of(TreeShape.Kind.BALANCED, 10_000);
        assertEquals(5, balanced.height());
        assertEquals(new EngineTree(balanced).definition().depth(), balanced.height());
        assertEquals(6, TreeShape.of(TreeShape.Kind.BALANCED, 100_000).height());
        TreeShape deep = TreeShape.of(TreeShape.Kind.DEEP, 10_000);
        assertTrue(deep.height() >= 4_999, "height " + deep.height());
        assertEquals(new EngineTree(deep).definition().depth(), deep.height());
        assertEquals(1 + 1, deep.depth(deep.shallowestLeaf()));
    }

    @ParameterizedTest
    @EnumSource(TreeShape.Kind.class)
    void flippingOneInputFlipsTheTopInBothEnginesAndFlippingBackRestoresIt(TreeShape.Kind kind) {
        TreeShape shape = TreeShape.of(kind, 1_000);
        EngineTree engineTree = new EngineTree(shape);
        GdxAiTree gdxAi = new GdxAiTree(shape);
        TreeInstance tree = new TreeInstance(engineTree.definition(), ProcessingMode.EVENT_DRIVEN);
        tree.start(0);
        int leaf = shape.deepestLeaf();
        int top = engineTree.task(0);
        gdxAi.step();
        assertEquals(Status.SUCCESS, tree.status(top));
        assertEquals(Task.Status.SUCCEEDED, gdxAi.topStatus());

        tree.setReal(engineTree.slot(leaf), -EngineTree.HOLDS);
        tree.settle();
        gdxAi.inputs()[shape.input(leaf)] = -EngineTree.HOLDS;
        gdxAi.step();
        assertEquals(Status.FAILURE, tree.status(engineTree.task(leaf)));
        assertEquals(Status.FAILURE, tree.status(top));
        assertEquals(Task.Status.FAILED, gdxAi.topStatus());

        tree.setReal(engineTree.slot(leaf), EngineTree.HOLDS);
        tree.settle();
        gdxAi.inputs()[shape.input(leaf)] = EngineTree.HOLDS;
        gdxAi.step();
        assertEquals(Status.SUCCESS, tree.status(top));
        assertEquals(Task.Status.SUCCEEDED, gdxAi.topStatus());
    }

    @Test
    void eventDrivenFlipEvaluatesOnlyThePathToTheRoot() {
        TreeShape shape = TreeShape.of(TreeShape.Kind.BALANCED, 10_000);
        long evaluations = EngineReport.evaluationsPerChange(shape, shape.deepestLeaf());
        assertTrue(evaluations >= shape.height() + 1, "at least leaf to root: " + evaluations);
        assertTrue(evaluations < 10 * (shape.height() + 1), "a few per level, not the tree: " + evaluations);
    }

    @Test
    void aTickedTickWithNoChangeEvaluatesEveryTaskOnce() {
        TreeShape shape = TreeShape.of(TreeShape.Kind.BALANCED, 1_000);
        TreeInstance tree = new TreeInstance(new EngineTree(shape).definition(), ProcessingMode.ticked(1.0));
        tree.start(0);
        long before = tree.counters().taskEvaluations();
        tree.advanceTo(1.0);
        assertEquals(shape.tasks(), tree.counters().taskEvaluations() - before);
    }

    @Test
    void aTickedTickAfterOneInputChangeSweepsTwice() {
        TreeShape shape = TreeShape.of(TreeShape.Kind.BALANCED, 1_000);
        EngineTree engineTree = new EngineTree(shape);
        TreeInstance tree = new TreeInstance(engineTree.definition(), ProcessingMode.ticked(1.0));
        tree.start(0);
        long before = tree.counters().taskEvaluations();
        tree.setReal(engineTree.slot(shape.deepestLeaf()), -EngineTree.HOLDS);
        tree.advanceTo(1.0);
        assertEquals(2L * shape.tasks(), tree.counters().taskEvaluations() - before);
        assertEquals(Status.FAILURE, tree.status(engineTree.task(0)));
    }

    @Test
    void benchmarkMethodsRunAndAlternateTheResult() {
        InputChangeBenchmark change = new InputChangeBenchmark();
        change.shape = TreeShape.Kind.DEEP;
        change.tasks = 100;
        change.leaf = "deepest";
        change.build();
        assertEquals(Status.FAILURE, change.flipOneCondition());
        assertEquals(Status.SUCCESS, change.flipOneCondition());

        TickBenchmark tick = new TickBenchmark();
        tick.tasks = 1_000;
        tick.build();
        assertEquals(Status.SUCCESS, tick.engineTick());
        assertEquals(Status.FAILURE, tick.engineTickAfterInputChange());
        assertEquals(Task.Status.SUCCEEDED, tick.gdxAiStep());
    }
}
