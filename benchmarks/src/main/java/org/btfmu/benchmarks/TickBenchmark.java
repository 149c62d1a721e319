package org.btfmu.benchmarks;

import java.util.concurrent.TimeUnit;
import org.btfmu.core.ProcessingMode;
import org.btfmu.core.Status;
import org.btfmu.core.TreeInstance;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * A full tick of the same balanced tree in bt-fmu's ticked mode and in gdx-ai, side by
 * side. With all inputs holding, a gdx-ai step runs every task (every sequence passes on
 * to its next child) and a bt-fmu tick evaluates every task once (one sweep, nothing
 * changes). {@link #engineTickAfterInputChange} adds one flipped condition before the tick:
 * the engine then needs a second sweep to see that nothing else changes.
 *
 * <p>gdx-ai runs a sequence's next child from inside the previous child's success
 * callback, so one step recurses once per task it completes: a 10,000-task step overflows
 * the default 1 MB thread stack. The forks get a large stack (reserved, not used, by the
 * engine, which does not recurse).
 */
@State(Scope.Thread)
@Fork(jvmArgsAppend = "-Xss256m")
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class TickBenchmark {

    @Param({"1000", "10000", "100000"})
    public int tasks;

    TreeInstance ticked;
    int slot;
    int top;
    double time;
    double value = EngineTree.HOLDS;
    GdxAiTree gdxAi;

    @Setup(Level.Trial)
    public void build() {
        TreeShape shape = TreeShape.of(TreeShape.Kind.BALANCED, tasks);
        EngineTree engineTree = new EngineTree(shape);
        slot = engineTree.slot(shape.deepestLeaf());
        top = engineTree.task(0);
        ticked = new TreeInstance(engineTree.definition(), ProcessingMode.ticked(1.0));
        ticked.start(0);
        gdxAi = new GdxAiTree(shape);
    }

    @Benchmark
    public Status engineTick() {
        time += 1.0;
        ticked.advanceTo(time);
        return ticked.status(top);
    }

    @Benchmark
    public Status engineTickAfterInputChange() {
        value = -value;
        ticked.setReal(slot, value);
        time += 1.0;
        ticked.advanceTo(time);
        return ticked.status(top);
    }

    @Benchmark
    public Object gdxAiStep() {
        gdxAi.step();
        return gdxAi.topStatus();
    }
}
