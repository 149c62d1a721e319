package org.btfmu.core;

import java.util.Arrays;
import org.btfmu.core.blackboard.SlotReader;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.core.expr.Expression;
import org.btfmu.core.expr.SlotComparison;

/**
 * The tasks whose result is a {@link SlotComparison} ({@link TaskNode#plainPredicate()}: a
 * Condition {@code altitude >= 300}), held in flat arrays by task index, so that a sweep
 * tests them in task order without reaching the task and expression objects. At 100,000
 * tasks those objects no longer fit the caches and the sweep waited on memory for each
 * of them (BENCHMARKS.md §1).
 */
final class SlotComparisons {

    /** Per task: the slot compared, or -1 if the task is evaluated by its node. */
    private final int[] slot;
    private final double[] constant;
    private final byte[] outcomes;
    /** The definition's tasks, whose predicates the non-finite report names (the slow path). */
    private final TaskNode[] nodes;

    SlotComparisons(TaskNode[] nodes, byte[] slotTypes) {
        int n = nodes.length;
        slot = new int[n];
        Arrays.fill(slot, -1);
        constant = new double[n];
        outcomes = new byte[n];
        this.nodes = nodes;
        for (int i = 0; i < n; i++) {
            Expression predicate = nodes[i].children().isEmpty() ? nodes[i].plainPredicate() : null;
            SlotComparison c = predicate == null ? null : predicate.slotComparison();
            if (c != null && slotTypes[c.slot()] == SlotType.REAL.ordinal()) {
                slot[i] = c.slot();
                constant[i] = c.constant();
                outcomes[i] = (byte) c.outcomes();
            }
        }
    }

    /** True if the task's result is its comparison, tested by {@link #holds}. */
    boolean has(int task) {
        return slot[task] >= 0;
    }

    /**
     * Whether the task's comparison holds for the Real slot values {@code reals}; a
     * non-finite value is first told to {@link SlotReader#nonFinite}, as the expression
     * itself would.
     */
    boolean holds(int task, double[] reals, SlotReader reader) {
        double value = reals[slot[task]];
        if (!Double.isFinite(value)) {
            reader.nonFinite(nodes[task].plainPredicate());
        }
        return SlotComparison.holds(outcomes[task], value, constant[task]);
    }
}
