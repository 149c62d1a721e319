package org.btfmu.benchmarks;

import java.util.concurrent.TimeUnit;
import org.btfmu.core.ProcessingMode;
import org.btfmu.core.Status;
import org.btfmu.core.TreeInstance;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Event-driven processing with many dirty tasks at once, the case the dirty-task queue
 * is for: every input changes before one {@code settle()}, so every condition and every
 * sequence is queued in the same sweep (on the deep tree: half the tasks are leaves, the
 * other half the spine they hang on). Each invocation negates all inputs, so every
 * condition flips. Linear processing shows as a constant cost per task across sizes.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class AllInputsBenchmark {

    @Param({"DEEP", "BALANCED"})
    public TreeShape.Kind shape;

    @Param({"1000", "10000", "100000"})
    public int tasks;

    TreeInstance tree;
    int inputs;
    int top;
    double value = EngineTree.HOLDS;

    @Setup(Level.Trial)
    public void build() {
        EngineTree engineTree = new EngineTree(TreeShape.of(shape, tasks));
        inputs = engineTree.shape().inputs();
        top = engineTree.task(0);
        tree = new TreeInstance(engineTree.definition(), ProcessingMode.EVENT_DRIVEN);
        tree.start(0);
    }

    @Benchmark
    public Status flipEveryCondition() {
        value = -value;
        for (int slot = 0; slot < inputs; slot++) {
            tree.setReal(slot, value);
        }
        tree.settle();
        return tree.status(top);
    }
}
