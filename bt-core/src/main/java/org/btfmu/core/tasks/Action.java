package org.btfmu.core.tasks;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.btfmu.core.Assignment;
import org.btfmu.core.ParameterKind;
import org.btfmu.core.ParameterSpec;
import org.btfmu.core.Status;
import org.btfmu.core.TaskContext;
import org.btfmu.core.TaskNode;
import org.btfmu.core.TaskType;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.core.expr.Expression;
import org.btfmu.core.expr.JavaExpression;

/**
 * A leaf that does something while active. Idle, it returns if its {@code done}
 * predicate holds (SUCCESS without activation) or its {@code fail} predicate holds
 * (FAILURE), else it accepts. On activation it runs its entry assignments, then writes
 * its outputs until deactivation; the entry lasts {@code entryDuration} seconds
 * (ACTIVATING), the exit {@code exitDuration} (DEACTIVATING, after the exit assignments).
 * Running, it finishes when done holds and aborts when fail holds; fail wins if both hold.
 */
public final class Action extends TaskNode {

    public static final TaskType TYPE = TaskType.of("Action", 0, 0, List.of(
            ParameterSpec.expression("done", SlotType.BOOLEAN, false, false, "the goal is reached"),
            ParameterSpec.expression("fail", SlotType.BOOLEAN, false, false, "the action cannot succeed"),
            ParameterSpec.optional("entry", ParameterKind.ASSIGNMENTS, List.of(), "assignments run on activation"),
            ParameterSpec.optional("exit", ParameterKind.ASSIGNMENTS, List.of(), "assignments run on deactivation"),
            ParameterSpec.optional("outputs", ParameterKind.ASSIGNMENTS, List.of(),
                    "slots written while active, re-evaluated when what they read changes"),
            ParameterSpec.optional("entryDuration", ParameterKind.REAL, 0.0, "seconds spent ACTIVATING"),
            ParameterSpec.optional("exitDuration", ParameterKind.REAL, 0.0, "seconds spent DEACTIVATING")),
            (name, a, children) -> new Action(name, a.expression("done"), a.expression("fail"),
                    a.assignments("entry"), a.assignments("exit"), a.assignments("outputs"),
                    a.real("entryDuration"), a.real("exitDuration")));

    private static final int ENTRY_END = 0;
    private static final int EXIT_END = 1;

    private final Expression done;
    private final Expression fail;
    private final List<Assignment> entry;
    private final List<Assignment> exit;
    private final List<Assignment> outputs;
    private final double entryDuration;
    private final double exitDuration;
    private final int[] reads;

    public Action(String name, Expression done, Expression fail, List<Assignment> entry, List<Assignment> exit,
            List<Assignment> outputs, double entryDuration, double exitDuration) {
        super(name, TYPE.name(), List.of());
        this.done = done == null ? JavaExpression.constant(false) : done;
        this.fail = fail == null ? JavaExpression.constant(false) : fail;
        for (Expression x : new Expression[] {this.done, this.fail}) {
            if (x.type() != SlotType.BOOLEAN) {
                throw new IllegalArgumentException("action '" + name + "': done and fail must be Boolean, got "
                        + x.type());
            }
        }
        for (double d : new double[] {entryDuration, exitDuration}) {
            if (!(d >= 0) || Double.isInfinite(d)) {
                throw new IllegalArgumentException("action '" + name + "': durations must be finite and >= 0, got "
                        + d);
            }
        }
        this.entry = List.copyOf(entry);
        this.exit = List.copyOf(exit);
        this.outputs = List.copyOf(outputs);
        this.entryDuration = entryDuration;
        this.exitDuration = exitDuration;
        this.reads = IntStream.concat(IntStream.of(this.done.reads()), IntStream.of(this.fail.reads()))
                .distinct().toArray();
    }

    @Override
    protected int[] reads() {
        return reads;
    }

    @Override
    protected List<List<Assignment>> outputGroups() {
        return List.of(outputs);
    }

    @Override
    protected List<Assignment> hookAssignments() {
        List<Assignment> all = new ArrayList<>(entry);
        all.addAll(exit);
        return all;
    }

    @Override
    protected int realStateSize() {
        return 2;
    }

    @Override
    protected void evaluate(TaskContext ctx) {
        boolean failed = fail.evalBoolean(ctx.slots());
        boolean succeeded = !failed && done.evalBoolean(ctx.slots());
        ctx.returns(failed || succeeded, succeeded);
        Status s = ctx.status();
        if (s == Status.ACTIVATING) {
            double end = ctx.realState(ENTRY_END);
            ctx.switching(ctx.time() < end);
            ctx.wakeAt(end);
        } else if (s == Status.DEACTIVATING) {
            double end = ctx.realState(EXIT_END);
            ctx.switching(ctx.time() < end);
            ctx.wakeAt(end);
        }
    }

    @Override
    protected void onActivate(TaskContext ctx) {
        ctx.assign(entry);
        ctx.setRealState(ENTRY_END, ctx.time() + entryDuration);
    }

    @Override
    protected void onDeactivate(TaskContext ctx) {
        ctx.assign(exit);
        ctx.setRealState(EXIT_END, ctx.time() + exitDuration);
    }
}
