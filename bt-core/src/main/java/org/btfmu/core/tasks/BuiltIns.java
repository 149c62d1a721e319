package org.btfmu.core.tasks;

import java.util.List;
import org.btfmu.core.TaskType;

/** The built-in task types, in manifest order. */
public final class BuiltIns {

    private BuiltIns() {
    }

    public static List<TaskType> types() {
        return List.of(Root.TYPE, Condition.TYPE, Action.TYPE, Sequence.TYPE, Selector.TYPE, Parallel.TYPE,
                Inverter.TYPE, ForceSuccess.TYPE, ForceFailure.TYPE, Memory.TYPE, Reset.TYPE, Loop.TYPE, Wait.TYPE,
                Timeout.TYPE, StateMachine.TYPE, MemorySequence.TYPE, MemorySelector.TYPE, ParallelAll.TYPE,
                IfThenElse.TYPE, WhileDoElse.TYPE, Retry.TYPE, RunOnce.TYPE, Delay.TYPE, Script.TYPE,
                OnHalted.TYPE, Throttle.TYPE, RoundRobin.TYPE);
    }
}
