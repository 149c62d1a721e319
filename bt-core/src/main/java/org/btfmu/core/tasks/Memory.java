package org.btfmu.core.tasks;

import java.util.List;
import org.btfmu.core.ParameterKind;
import org.btfmu.core.ParameterSpec;
import org.btfmu.core.Status;
import org.btfmu.core.TaskArguments;
import org.btfmu.core.TaskContext;
import org.btfmu.core.TaskNode;
import org.btfmu.core.TaskType;

/**
 * 2015 memory decorator. Unlatched, it asks to be activated (ACCEPT) and, once active,
 * runs its child; it latches the first result it sees while active (SUCCESS or FINISHED
 * latch success; FAILURE or ABORTED latch failure unless {@code successOnly}, in which case
 * a failure passes through unlatched). So a child that already succeeds when its parent
 * gets to the memory is latched in that instant, while a child that succeeds before its
 * parent gets there (a waypoint passed on the way) is not. Latched, the memory returns the
 * latched result (transiently while idle: it is never activated again) and keeps its child
 * inactive, until a reset signal from a Reset or Loop above clears the latch. With
 * {@code thenFail} (Nav2's SingleTrigger) the latched result is given once, while the memory is
 * still active; idle again it reports FAILURE until the reset.
 */
public final class Memory extends TaskNode {

    public static final TaskType TYPE = TaskType.of("Memory", 1, 1, List.of(
            ParameterSpec.optional("successOnly", ParameterKind.BOOLEAN, false,
                    "latch only a success; a failure passes through unlatched"),
            ParameterSpec.optional("thenFail", ParameterKind.BOOLEAN, false,
                    "once the parent has deactivated it, report FAILURE instead of the latched result")),
            new TaskType.Factory() {
                @Override
                public TaskNode create(String name, TaskArguments args, List<TaskNode> children) {
                    return new Memory(name, children.get(0), args.bool("successOnly"),
                        args.bool("thenFail"));
                }
            });

    private static final int NONE = 0;
    private static final int SUCCEEDED = 1;
    private static final int FAILED = 2;

    private final boolean successOnly;
    private final boolean thenFail;

    public Memory(String name, TaskNode child, boolean successOnly) {
        this(name, child, successOnly, false);
    }

    public Memory(String name, TaskNode child, boolean successOnly, boolean thenFail) {
        super(name, TYPE.name(), List.of(child));
        this.successOnly = successOnly;
        this.thenFail = thenFail;
    }

    @Override
    protected int intStateSize() {
        return 1;
    }

    @Override
    protected boolean resettable() {
        return true;
    }

    @Override
    protected void onReset(TaskContext ctx) {
        ctx.setIntState(0, NONE);
    }

    @Override
    protected void evaluate(TaskContext ctx) {
        int latch = ctx.intState(0);
        Status child = ctx.childStatus(0);
        Status self = ctx.status();
        if (latch == NONE && (self == Status.ACTIVATING || self == Status.RUNNING)) {
            if (child.isSucceeded()) {
                latch = SUCCEEDED;
            } else if (child.isFailed() && !successOnly) {
                latch = FAILED;
            }
            ctx.setIntState(0, latch);
        }
        if (latch != NONE) {
            boolean given = thenFail && (!self.isNonTransient() || self == Status.DEACTIVATING);
            ctx.returns(true, latch == SUCCEEDED && !given);
            ctx.focus(-1);
        } else {
            ctx.returns(successOnly && child.isFailed(), false);
            ctx.focus(0);
        }
        ctx.switchingFromChildren();
    }
}
