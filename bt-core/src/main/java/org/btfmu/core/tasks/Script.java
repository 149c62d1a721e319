package org.btfmu.core.tasks;

import java.util.List;
import org.btfmu.core.Assignment;
import org.btfmu.core.ParameterKind;
import org.btfmu.core.ParameterSpec;
import org.btfmu.core.TaskArguments;
import org.btfmu.core.TaskContext;
import org.btfmu.core.TaskNode;
import org.btfmu.core.TaskType;

/**
 * Runs its assignments once, on activation, and finishes in the same instant (BT.CPP's
 * {@code Script} and {@code SetBlackboard}). It accepts until it has run; then, idle, it
 * reports SUCCESS until a reset signal (a Loop, Retry or memory composite above starting a new
 * run) clears that, so a parent that deactivates it does not run it again in the same instant.
 */
public final class Script extends TaskNode {

    public static final TaskType TYPE = TaskType.of("Script", 0, 0, List.of(
            ParameterSpec.required("code", ParameterKind.ASSIGNMENTS, "assignments run in order on activation")),
            new TaskType.Factory() {
                @Override
                public TaskNode create(String name, TaskArguments args, List<TaskNode> children) {
                    return new Script(name, args.assignments("code"));
                }
            });

    private final List<Assignment> code;

    public Script(String name, List<Assignment> code) {
        super(name, TYPE.name(), List.of());
        this.code = List.copyOf(code);
    }

    @Override
    protected List<Assignment> hookAssignments() {
        return code;
    }

    @Override
    protected int intStateSize() {
        return 1; // 1 once run
    }

    @Override
    protected boolean resettable() {
        return true;
    }

    @Override
    protected void onReset(TaskContext ctx) {
        ctx.setIntState(0, 0);
    }

    @Override
    protected void onActivate(TaskContext ctx) {
        ctx.assign(code);
        ctx.setIntState(0, 1);
    }

    @Override
    protected void evaluate(TaskContext ctx) {
        ctx.returns(ctx.intState(0) == 1, true);
    }
}
