package org.btfmu.core;

/**
 * Work done by a {@link TreeInstance} since it was created.
 *
 * @param eventIterations sweeps over the tree (each a bottom-up or top-down pass)
 * @param taskEvaluations calls of a task's {@code evaluate}
 * @param activations     transitions into ACTIVATING
 * @param deactivations   transitions into DEACTIVATING
 * @param timeEvents      instants processed because a task asked to be woken then
 * @param predicateChecks event-driven only: tests whether a changed slot flips a task's
 *                        predicates, each sparing an evaluation when it does not
 */
public record Counters(long eventIterations, long taskEvaluations, long activations, long deactivations,
        long timeEvents, long predicateChecks) {
}
