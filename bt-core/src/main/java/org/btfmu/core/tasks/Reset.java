package org.btfmu.core.tasks;

import java.util.List;
import org.btfmu.core.Status;
import org.btfmu.core.TaskArguments;
import org.btfmu.core.TaskContext;
import org.btfmu.core.TaskNode;
import org.btfmu.core.TaskType;

/**
 * 2015 reset decorator: on its own activation it sends the reset signal to every
 * resettable task in its subtree (through all composites), clearing memories and loop
 * counters; otherwise it follows its child. {@code Reset(Sequence(Memory(a), Memory(b)))}
 * is the paper's sequence*: it resumes nothing, each activation starts from the first child.
 * It acts only when activated, i.e. when its subtree accepts: a subtree that has completely
 * succeeded stays succeeded; repeating it is a Loop's job.
 */
public final class Reset extends TaskNode {

    public static final TaskType TYPE = TaskType.of("Reset", 1, 1, List.of(),
            new TaskType.Factory() {
                @Override
                public TaskNode create(String name, TaskArguments args, List<TaskNode> children) {
                    return new Reset(name, children.get(0));
                }
            });

    public Reset(String name, TaskNode child) {
        super(name, TYPE.name(), List.of(child));
    }

    @Override
    protected void evaluate(TaskContext ctx) {
        Status child = ctx.childStatus(0);
        if (child.isSucceeded() || child.isFailed()) {
            ctx.returns(true, child.isSucceeded());
        }
        ctx.focus(0);
        ctx.switchingFromChildren();
    }

    @Override
    protected void onActivate(TaskContext ctx) {
        ctx.resetSubtree();
    }
}
