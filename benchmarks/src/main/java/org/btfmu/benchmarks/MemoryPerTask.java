package org.btfmu.benchmarks;

import java.lang.management.ManagementFactory;
import java.util.function.Supplier;
import org.btfmu.core.ProcessingMode;
import org.btfmu.core.TreeInstance;

/**
 * Heap bytes per task, measured as the difference of the heap used after full garbage
 * collections before and after creating many copies of the same thing (no agent, no
 * extra dependency; over millions of tasks the error of one GC's accounting is far
 * below one byte per task).
 *
 * <p>A {@link TreeInstance} holds arrays per task and per blackboard slot. Two 10,000-task
 * trees with different slot counts (balanced: 9,001 inputs, deep: 5,000) give two
 * equations {@code bytes = perTask * tasks + perSlot * slots} and so both figures.
 */
public final class MemoryPerTask {

    static final int TASKS = 10_000;
    private static final int COPIES = 100;
    private static final int DEFINITION_COPIES = 20;

    /** All figures in bytes. */
    public record Figures(double instancePerTaskBalanced, double instancePerTaskDeep, double perTask,
            double perSlot, double serializedPerTask, double definitionPerTask, double gdxAiPerTask) {
    }

    private MemoryPerTask() {
    }

    public static void main(String[] args) {
        System.out.println(measure());
    }

    public static Figures measure() {
        EngineTree balanced = new EngineTree(TreeShape.of(TreeShape.Kind.BALANCED, TASKS));
        EngineTree deep = new EngineTree(TreeShape.of(TreeShape.Kind.DEEP, TASKS));
        double perInstanceBalanced = bytesPerCopy(() -> started(balanced), COPIES);
        double perInstanceDeep = bytesPerCopy(() -> started(deep), COPIES);
        int slotsBalanced = balanced.shape().inputs();
        int slotsDeep = deep.shape().inputs();
        // Same task count, different slot counts: the difference is the slots' share.
        double perSlot = (perInstanceBalanced - perInstanceDeep) / (slotsBalanced - slotsDeep);
        double perTask = (perInstanceBalanced - perSlot * slotsBalanced) / TASKS;
        double serialized = (double) started(balanced).snapshot().toBytes().length / TASKS;
        double definition = bytesPerCopy(
                () -> new EngineTree(TreeShape.of(TreeShape.Kind.BALANCED, TASKS)).definition(), DEFINITION_COPIES)
                / TASKS;
        TreeShape shape = balanced.shape();
        double gdxAi = bytesPerCopy(() -> new GdxAiTree(shape), COPIES) / TASKS;
        return new Figures(perInstanceBalanced / TASKS, perInstanceDeep / TASKS, perTask, perSlot, serialized,
                definition, gdxAi);
    }

    private static TreeInstance started(EngineTree tree) {
        TreeInstance instance = new TreeInstance(tree.definition(), ProcessingMode.EVENT_DRIVEN);
        instance.start(0);
        return instance;
    }

    /** Heap retained per object made by {@code make}, averaged over {@code copies} copies. */
    static double bytesPerCopy(Supplier<Object> make, int copies) {
        make.get(); // load and initialise the classes involved first
        Object[] keep = new Object[copies];
        long before = usedAfterGc();
        for (int k = 0; k < copies; k++) {
            keep[k] = make.get();
        }
        long after = usedAfterGc();
        if (keep[copies - 1] == null) {
            throw new AssertionError("unreachable: keeps the copies alive until after the measurement");
        }
        return (double) (after - before) / copies;
    }

    private static long usedAfterGc() {
        long used = Long.MAX_VALUE;
        for (int k = 0; k < 5; k++) {
            System.gc();
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            used = Math.min(used, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        }
        return used;
    }
}
