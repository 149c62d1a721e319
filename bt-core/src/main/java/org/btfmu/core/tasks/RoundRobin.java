package org.btfmu.core.tasks;

import java.util.List;
import org.btfmu.core.ParameterKind;
import org.btfmu.core.ParameterSpec;
import org.btfmu.core.TaskArguments;
import org.btfmu.core.TaskContext;
import org.btfmu.core.TaskNode;
import org.btfmu.core.TaskType;

/**
 * A {@link MemorySelector} whose run starts at the child after the one that succeeded last
 * (Nav2's RoundRobin): each run tries the children in turn from there, succeeds with the first
 * that succeeds and fails when every child it may try has failed. With {@code wrapAround} the
 * turn goes past the last child to the first (a run tries every child once); without it a run
 * tries the children up to the last one, and a run that starts after a success of the last
 * child fails at once. A run that fails, or that is halted (deactivated before a result), sends
 * the turn back to the first child. Reset signals do not move the turn: it is what the node
 * remembers across the runs of its parent.
 */
public final class RoundRobin extends MemoryComposite {

    public static final TaskType TYPE = TaskType.of("RoundRobin", 1, TaskType.UNBOUNDED, List.of(
            ParameterSpec.optional("wrapAround", ParameterKind.BOOLEAN, false,
                    "after the last child the turn goes on at the first; false: the run fails there")),
            new TaskType.Factory() {
                @Override
                public TaskNode create(String name, TaskArguments args, List<TaskNode> children) {
                    return new RoundRobin(name, children, args.bool("wrapAround"));
                }
            });

    private final boolean wrapAround;

    public RoundRobin(String name, List<TaskNode> children, boolean wrapAround) {
        super(name, TYPE.name(), children, Polarity.SELECTOR, false);
        this.wrapAround = wrapAround;
    }

    @Override
    int first(TaskContext ctx) {
        return ctx.intState(SUBCLASS_STATE) % ctx.childCount();
    }

    @Override
    int span(TaskContext ctx, int n) {
        return wrapAround ? n : n - ctx.intState(SUBCLASS_STATE);
    }

    @Override
    void runEnded(TaskContext ctx, int result, int position) {
        int n = ctx.childCount();
        int turn = ctx.intState(SUBCLASS_STATE);
        if (result == 2) {
            int next = turn % n + position + 1;
            ctx.setIntState(SUBCLASS_STATE, wrapAround ? next % n : next);
        } else {
            ctx.setIntState(SUBCLASS_STATE, 0);
        }
    }
}
