package org.btfmu.core.tasks;

import java.util.ArrayList;
import java.util.List;
import org.btfmu.core.Assignment;
import org.btfmu.core.ParameterKind;
import org.btfmu.core.ParameterSpec;
import org.btfmu.core.Status;
import org.btfmu.core.TaskArguments;
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
 *
 * <p>With {@code resultHold} h &gt; 0, a run that finished or aborted leaves its result
 * standing: once its exit is complete the idle action returns that result (SUCCESS or
 * FAILURE) for h seconds before it accepts activation again (a reset signal clears it).
 * This is the pre-condition of Klöckner 2013 that must be activated to answer: its answer
 * holds until the next tick (h = the tick period), then it asks to be activated again, so a
 * selector or sequence that it guards takes turns with it (2013 Fig. 3 and 10, chattering).
 * With h = 0 such a task asks again in the same instant, and the instant does not settle.
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
            ParameterSpec.optional("exitDuration", ParameterKind.REAL, 0.0, "seconds spent DEACTIVATING"),
            ParameterSpec.optional("resultHold", ParameterKind.REAL, 0.0,
                    "seconds a finished or aborted run's result is returned after the exit before the action"
                            + " accepts activation again"),
            ParameterSpec.optional("idleResult", ParameterKind.BOOLEAN, true,
                    "idle, done and fail give a result without activation; false: idle it always accepts and"
                            + " checks them only once activated (BehaviorTree.CPP's stateful action)")),
            new TaskType.Factory() {
                @Override
                public TaskNode create(String name, TaskArguments a, List<TaskNode> children) {
                    return new Action(name, a.expression("done"), a.expression("fail"),
                        a.assignments("entry"), a.assignments("exit"), a.assignments("outputs"),
                        a.real("entryDuration"), a.real("exitDuration"), a.real("resultHold"), a.bool("idleResult"));
                }
            });

    private static final int ENTRY_END = 0;
    private static final int EXIT_END = 1;
    private static final int HOLD_END = 2;
    private static final int RESULT = 0; // of the last run: 0 none, 1 failure, 2 success

    private final Expression done;
    private final Expression fail;
    private final List<Assignment> entry;
    private final List<Assignment> exit;
    private final List<Assignment> outputs;
    private final double entryDuration;
    private final double exitDuration;
    private final double resultHold;
    private final int[] reads;
    private final boolean idleResult;

    public Action(String name, Expression done, Expression fail, List<Assignment> entry, List<Assignment> exit,
            List<Assignment> outputs, double entryDuration, double exitDuration, double resultHold) {
        this(name, done, fail, entry, exit, outputs, entryDuration, exitDuration, resultHold, true);
    }

    /** With {@code idleResult} false, idle the action accepts whatever done and fail say. */
    public Action(String name, Expression done, Expression fail, List<Assignment> entry, List<Assignment> exit,
            List<Assignment> outputs, double entryDuration, double exitDuration, double resultHold,
            boolean idleResult) {
        super(name, TYPE.name(), List.of());
        this.idleResult = idleResult;
        this.done = done == null ? JavaExpression.constant(false) : done;
        this.fail = fail == null ? JavaExpression.constant(false) : fail;
        for (Expression x : new Expression[] {this.done, this.fail}) {
            if (x.type() != SlotType.BOOLEAN) {
                throw new IllegalArgumentException("action '" + name + "': done and fail must be Boolean, got "
                        + x.type());
            }
        }
        for (double d : new double[] {entryDuration, exitDuration, resultHold}) {
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
        this.resultHold = resultHold;
        this.reads = union(this.done.reads(), this.fail.reads());
    }

    @Override
    protected int[] reads() {
        return reads;
    }

    @Override
    protected List<Expression> crossings() {
        List<Expression> all = new ArrayList<>(done.crossings());
        all.addAll(fail.crossings());
        return all;
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
        return resultHold > 0 ? 3 : 2;
    }

    @Override
    protected int intStateSize() {
        return resultHold > 0 ? 1 : 0;
    }

    @Override
    protected boolean resettable() {
        return resultHold > 0;
    }

    @Override
    protected void evaluate(TaskContext ctx) {
        int flags = inputFlags(ctx);
        ctx.returns((flags & 1) != 0, (flags & 2) != 0);
        Status s = ctx.status();
        if (holding(ctx)) {
            ctx.wakeAt(ctx.realState(HOLD_END));
        }
        if (resultHold > 0 && (s == Status.FINISHED || s == Status.ABORTED)) {
            ctx.setIntState(RESULT, s == Status.FINISHED ? 2 : 1);
        }
        if (s == Status.ACTIVATING || s == Status.DEACTIVATING) {
            double end = ctx.realState(s == Status.ACTIVATING ? ENTRY_END : EXIT_END);
            if (ctx.time() < end) {
                ctx.switching(true);
                ctx.wakeAt(end);
            }
        }
    }

    @Override
    protected int inputFlags(TaskContext ctx) {
        Status s = ctx.status();
        if (!idleResult && (s == Status.DEACTIVATING || !s.isNonTransient())) {
            return 0;
        }
        if (fail.evalBoolean(ctx.slots())) {
            return 1;
        }
        if (done.evalBoolean(ctx.slots())) {
            return 3;
        }
        if (holding(ctx)) {
            return ctx.intState(RESULT) == 2 ? 3 : 1;
        }
        return 0;
    }

    /** Idle (or leaving) with the result of its last run still standing. */
    private boolean holding(TaskContext ctx) {
        if (resultHold == 0 || ctx.intState(RESULT) == 0) {
            return false;
        }
        Status s = ctx.status();
        return (s == Status.DEACTIVATING || !s.isNonTransient()) && ctx.time() < ctx.realState(HOLD_END);
    }

    @Override
    protected void onActivate(TaskContext ctx) {
        ctx.assign(entry);
        ctx.setRealState(ENTRY_END, ctx.time() + entryDuration);
        if (resultHold > 0) {
            ctx.setIntState(RESULT, 0);
        }
    }

    @Override
    protected void onDeactivate(TaskContext ctx) {
        ctx.assign(exit);
        ctx.setRealState(EXIT_END, ctx.time() + exitDuration);
        if (resultHold > 0) {
            ctx.setRealState(HOLD_END, ctx.time() + exitDuration + resultHold);
        }
    }

    @Override
    protected void onReset(TaskContext ctx) {
        ctx.setIntState(RESULT, 0);
    }
}
