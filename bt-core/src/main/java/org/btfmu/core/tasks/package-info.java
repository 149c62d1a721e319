/**
 * The built-in task types (DESIGN.md §3.2), one class each with its manifest entry
 * ({@code TYPE}), registered in {@link org.btfmu.core.tasks.BuiltIns}. Decisions beyond the
 * papers, also stated on each class:
 * <ul>
 * <li><b>Root</b> is always active and returns only when its child is FINISHED or ABORTED;
 * a child that returns transiently is watched and activated when it accepts (with
 * {@code endOnTransientResult}, the BT.CPP import's choice, such a result ends the tree).</li>
 * <li><b>MemorySequence</b>, <b>MemorySelector</b>, <b>IfThenElse</b>: the children passed
 * (the condition's result) in the evaluation that starts a run hold for the run, even when
 * the next child, started in that instant, changes what they read.</li>
 * <li><b>Action</b>: {@code fail} wins over {@code done}; outputs are written from the
 * entry (after the entry assignments) until the exit starts; entry/exit durations are time
 * events. {@code resultHold} lets the result of a finished or aborted run stand for a while
 * after the exit (a time event), so an action that answers only when activated (2013's
 * non-transient pre-condition) asks again once per hold, not again in the same instant,
 * which would never settle; a reset signal clears the held result.</li>
 * <li><b>Condition</b> hysteresis: inside the band {@code |crossing| <= h} the previous
 * result is held, outside it the predicate decides.</li>
 * <li><b>Parallel</b>: failure is checked before success, and success that can no longer be
 * reached is a failure.</li>
 * <li><b>Memory</b> asks to be activated while unlatched and latches only while active, so
 * it remembers what happened when its parent got to it, not what its child did before
 * (a waypoint passed on the way does not count).</li>
 * <li><b>Reset</b> signals its subtree on its own activation; <b>Loop</b> signals its subtree
 * on its activation and before every new iteration. An iteration needs the child to reach
 * FINISHED (or ABORTED with continueOnFailure): a transient success does not spin the loop.
 * The reset signal clears Memory latches, Loop counters, and the expiry of Wait and
 * Timeout.</li>
 * <li><b>Wait</b> and <b>Timeout</b> remember their expiry until reset, so a sequence does
 * not restart a finished wait the moment it deactivates it.</li>
 * <li><b>StateMachine</b> transitions fire while RUNNING, in list order, repeatedly within
 * one evaluation (bounded by {@code maxTransitionsPerInstant}); a delay is the time the
 * source state must have been current (Modelica StateGraph's wait time).</li>
 * <li>BehaviorTree.CPP's nodes (see the btcpp module) added their own types:
 * <b>MemorySequence</b> / <b>MemorySelector</b> remember which children they passed while they
 * run (BT.CPP's non-reactive Sequence, SequenceWithMemory and Fallback; the plain Sequence and
 * Selector are its Reactive ones), restart after deactivation and reset their subtree once
 * its children have left the non-transient part (not at once: a reset active task may latch
 * again, and a reset read in the same instant is stale); <b>ParallelAll</b> waits for every child; <b>IfThenElse</b> latches the branch
 * per run, <b>WhileDoElse</b> follows its condition; <b>Retry</b> re-runs an aborted child up
 * to a count (only runs count: a child failing without activation is waited for); <b>RunOnce</b> latches
 * for good (no reset); <b>Delay</b> waits before activating its child; <b>Script</b> runs
 * assignments on activation and reports SUCCESS until reset; <b>OnHalted</b> follows its child and
 * runs its assignments when it is deactivated while the child is still ACTIVATING or RUNNING (a
 * halt: BT.CPP's {@code _onHalted}), judged by the child's status at that moment, so a child
 * that finished or aborted in the same instant counts as returned, not halted. An Action with
 * {@code idleResult: false} accepts whenever idle, like BT.CPP's stateful action that acts
 * only when ticked.</li>
 * <li>Nav2's nodes (the btcpp module's Nav2 library) added <b>Throttle</b>: a success of its
 * child stands for an interval of simulation time (or of a measure such as a travelled
 * distance), then the throttle resets its subtree and asks to run the child again;
 * <b>RoundRobin</b>: a MemorySelector whose run starts after the child that succeeded last; and
 * <b>Memory</b> {@code thenFail}: the latched result once, then FAILURE until a reset.</li>
 * </ul>
 */
package org.btfmu.core.tasks;
