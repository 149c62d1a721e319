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

    /**
     * The built-in type of that name, or null, initialising only its class: {@link #types()}
     * initialises every task class, about 2 ms interpreted at an FMU's first fmi2Instantiate,
     * where a mission uses a few of them. (The cases are the names of {@link #types()}.)
     */
    public static TaskType find(String name) {
        switch (name) {
            case "Root":
                return Root.TYPE;
            case "Condition":
                return Condition.TYPE;
            case "Action":
                return Action.TYPE;
            case "Sequence":
                return Sequence.TYPE;
            case "Selector":
                return Selector.TYPE;
            case "Parallel":
                return Parallel.TYPE;
            case "Inverter":
                return Inverter.TYPE;
            case "ForceSuccess":
                return ForceSuccess.TYPE;
            case "ForceFailure":
                return ForceFailure.TYPE;
            case "Memory":
                return Memory.TYPE;
            case "Reset":
                return Reset.TYPE;
            case "Loop":
                return Loop.TYPE;
            case "Wait":
                return Wait.TYPE;
            case "Timeout":
                return Timeout.TYPE;
            case "StateMachine":
                return StateMachine.TYPE;
            case "MemorySequence":
                return MemorySequence.TYPE;
            case "MemorySelector":
                return MemorySelector.TYPE;
            case "ParallelAll":
                return ParallelAll.TYPE;
            case "IfThenElse":
                return IfThenElse.TYPE;
            case "WhileDoElse":
                return WhileDoElse.TYPE;
            case "Retry":
                return Retry.TYPE;
            case "RunOnce":
                return RunOnce.TYPE;
            case "Delay":
                return Delay.TYPE;
            case "Script":
                return Script.TYPE;
            case "OnHalted":
                return OnHalted.TYPE;
            case "Throttle":
                return Throttle.TYPE;
            case "RoundRobin":
                return RoundRobin.TYPE;
            default:
                return null;
        }
    }
}
