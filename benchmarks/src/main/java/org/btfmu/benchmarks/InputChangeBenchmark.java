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
 * Event-driven processing: the cost of one input change that flips one condition
 * ({@code setReal} + {@code settle()}). Each invocation negates the leaf's input, so its
 * condition alternates FAILURE/SUCCESS and the change travels up to the root every time.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class InputChangeBenchmark {

    @Param({"BALANCED", "DEEP"})
    public TreeShape.Kind shape;

    @Param({"100", "1000", "10000", "100000"})
    public int tasks;

    /** Which condition flips: the deepest leaf, or the shallowest. */
    @Param({"deepest", "shallowest"})
    public String leaf;

    TreeInstance tree;
    int slot;
    int top;
    double value = EngineTree.HOLDS;

    @Setup(Level.Trial)
    public void build() {
        EngineTree engineTree = new EngineTree(TreeShape.of(shape, tasks));
        TreeShape s = engineTree.shape();
        int node = leaf.equals("deepest") ? s.deepestLeaf() : s.shallowestLeaf();
        slot = engineTree.slot(node);
        top = engineTree.task(0);
        tree = new TreeInstance(engineTree.definition(), ProcessingMode.EVENT_DRIVEN);
        tree.start(0);
    }

    @Benchmark
    public Status flipOneCondition() {
        value = -value;
        tree.setReal(slot, value);
        tree.settle();
        return tree.status(top);
    }
}
