/**
 * The behavior-tree engine of A. Klöckner's papers (DESIGN.md §3): definitions, run-time
 * instances and their processing. Decisions where the papers and the design note are
 * silent are written here.
 *
 * <h2>Definition and instance</h2>
 * A {@link org.btfmu.core.TaskNode} tree bound to a {@link org.btfmu.core.BlackboardDefinition}
 * becomes an immutable {@link org.btfmu.core.TreeDefinition}: tasks flattened in depth-first
 * order (root = 0), plus the dependency index (slot → tasks and output writers reading it).
 * A {@link org.btfmu.core.TreeInstance} keeps all run-time state in flat arrays indexed by
 * task and slot: statuses, active flags, the tasks' own state, slot values, writer flags.
 * {@link org.btfmu.core.TreeState} is a copy of those arrays.
 *
 * <h2>One evaluation</h2>
 * Evaluating task i: its type computes the trigger flags ({@code returns}, {@code success},
 * {@code switching}, and a focus child) from its children's statuses, the slots it reads,
 * the time and its own state; {@link org.btfmu.core.StatusCycle} gives the new status; on
 * ACCEPT→ACTIVATING the entry procedure runs and outputs start, on the transition into
 * DEACTIVATING outputs stop and the exit procedure runs; then the task sets its children's
 * active flags. One cycle step per evaluation: chains such as
 * ACCEPT→ACTIVATING→RUNNING→FINISHED happen in consecutive evaluations of the same instant.
 * A task whose predicate alone decides its flags ({@code TaskNode.plainPredicate()}, a
 * Condition without hysteresis) and is a Real slot compared with a constant is tested by the
 * engine itself from flat arrays by task index ({@code SlotComparisons}): the same result and
 * non-finite check, without reaching the task's objects (which a sweep over 100,000 tasks
 * would wait on memory for).
 *
 * <h2>Focus and break before make</h2>
 * A composite that is ACTIVATING or RUNNING keeps exactly its focus child active. A focus
 * child that is not yet active is activated only when no other child is in the
 * non-transient part and the composite does not return. A composite that is FINISHED or
 * ABORTED keeps the child that decided its result active if that child is non-transient
 * (its outputs continue until the parent ends the composite) and deactivates all others.
 * Transient or DEACTIVATING composites keep no child active. The {@code switching} flag of
 * the composites is "a child is ACTIVATING or DEACTIVATING, or its active flag disagrees
 * with its part" (so a composite leaves DEACTIVATING only after all children have).
 * The root is always active and returns only when its child is FINISHED or ABORTED.
 *
 * <h2>Processing an instant: sweeps</h2>
 * An instant is settled by sweeps (event iterations) that alternate direction: first
 * bottom-up (descending index: children before parents, so status changes reach the root
 * in one sweep), then top-down (ascending: activation reaches the leaves in one sweep),
 * and so on until nothing is left to do. Within a sweep, a task marked for re-evaluation
 * that is still ahead in the sweep's order is evaluated in the same sweep, any other in
 * the next. A task is marked when a slot it reads changes, a child's status, its active
 * flag or its state changes, a time event it asked for arrives, or its own status changed
 * in a way the cycle may continue (into the non-transient part, or to ACCEPT while
 * active); a move between transient statuses while not activated is final for the same
 * inputs, so it is not re-checked.
 * <b>Event-driven</b> processing evaluates only marked tasks, so the cost of an input
 * change grows with the depth of the affected paths, not the size of the tree. Before it
 * marks a task for a changed slot it asks the task for the flags its predicates give now
 * ({@code TaskNode.inputFlags}; Condition and Action answer): if they equal the flags of its
 * last evaluation, nothing can change and the task is not marked. This is the zero-crossing
 * test of the continuous-time original: an input that moves without crossing a threshold
 * costs a predicate check, not an event.
 * <b>Ticked</b> processing evaluates every task in every sweep and stops after a sweep in
 * which nothing changed. Since every task's evaluation is a function of what marks it,
 * evaluating an unmarked task changes nothing, and both modes reach the same statuses and
 * outputs at every instant where both settle. An instant that needs more than
 * {@link org.btfmu.core.TreeInstance#DEFAULT_MAX_ITERATIONS} sweeps
 * ({@code setMaxIterationsPerInstant}; missions: {@code maxSweepsPerInstant}) is undone
 * and reported as an {@link org.btfmu.core.UnsettledInstantException} naming the tasks
 * still switching: the instance is back at the instant's left limit (every earlier event
 * completed, the time at the instant, the instant's time events or new inputs pending
 * again) and usable; processing on from there meets the same instant again. To undo an
 * instant without copying the state, every write to the run-time arrays while an instant
 * settles records the value it replaces in an {@code UndoJournal}, which the next instant
 * clears: a step or tick in which nothing changes records nothing. Outputs that depend
 * on each other without settling, and a task or expression that fails, end in an
 * {@link org.btfmu.core.EngineException} instead, after which the instance must be
 * restored before further use. Nothing in the processing recurses, so the depth of a tree
 * is bounded only by memory (paths are built on demand).
 * The tasks marked for a sweep wait in a bitset by task index with a summary bit per
 * 64 tasks, polled from the last evaluated task onwards: a sweep over d marked tasks costs
 * O(d), not a heap's O(d log d). The focus rule keeps per-task counts of active and
 * non-transient children, so a composite whose only active child is its focus (or that
 * has none) looks at no other child when it sets their active flags.
 *
 * <h2>Time</h2>
 * Simulation time only. A task asks to be woken at a future time ({@code wakeAt}); in
 * event-driven mode {@code advanceTo(t)} settles every such time in (now, t] in order with
 * the inputs held, then t. In ticked mode tasks see time only at ticks: every
 * {@code start}/{@code settle} and every grid point {@code t0 + k·period}.
 * {@code advanceTo} may be bounded ({@code setMaxEventsPerAdvance}): it then stops after
 * that many time events (ticks) at the last completed one and returns false, so a caller
 * can hand back control instead of processing an unbounded number of events.
 *
 * <h2>Non-finite values</h2>
 * A NaN or infinity that reaches a comparison (a predicate's result), a Real output or
 * local written by a task, or a hook assignment is checked where it arrives: a finite
 * check on the value, and for comparisons a call from the expression to
 * {@code SlotReader.nonFinite} on the slow path only. {@code setNonFinite} decides:
 * ERROR throws a {@link org.btfmu.core.NonFiniteException} whose message names the time,
 * the task, what was reached and the first operation (in evaluation order) that produced
 * a non-finite value from finite operands, with operands and column (located by
 * re-evaluating the expression's parts, {@code expr.NonFiniteTrace}); WARN reports the
 * same text once per task through the warning listeners; ALLOW (the engine's default;
 * mission files default to ERROR) is IEEE 754 behaviour. Slot values set from outside
 * are not checked when set, only where they reach a result.
 *
 * <h2>Blackboard</h2>
 * Every slot has a stored value (initially its default; set by the environment and by
 * entry/exit assignments, which persist) and may have writers: output assignments of
 * tasks, active while their task is ACTIVATING, RUNNING, FINISHED or ABORTED (not while
 * DEACTIVATING, so the exit procedure takes over at once). The visible value is the first
 * active writer's in depth-first order (a second active writer is reported once per slot
 * through the warning listeners), else the stored value. When the last writer stops, a
 * {@code holdLast} slot stores the writer's last value. Outputs are re-evaluated whenever a
 * slot they read changes. Tasks may assign only OUTPUT and LOCAL slots.
 *
 * <h2>Determinism</h2>
 * Order is fixed everywhere (index order, queues with index tie-breaks, no hashing of
 * run-time data, no wall clock): the same definition and inputs give bit-identical
 * statuses and values.
 */
package org.btfmu.core;
