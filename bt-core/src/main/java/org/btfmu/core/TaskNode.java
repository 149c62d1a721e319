package org.btfmu.core;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.btfmu.core.expr.Expression;

/**
 * The immutable definition of one task: name, type name, children and the behaviour of
 * its type. One node object serves every {@link TreeInstance}; all run-time state lives
 * in the instance and is reached through the {@link TaskContext}.
 *
 * <p>A task type is a subclass that implements {@link #evaluate}: from its children's
 * statuses, the slots it reads, the time and its own state it reports the trigger flags
 * {@code returns}, {@code success}, {@code switching} (and, for composites, the focus
 * child). It never sets a status: the engine applies {@link StatusCycle} and calls
 * {@link #onActivate} / {@link #onDeactivate} on the transitions into ACTIVATING and
 * DEACTIVATING. See the package documentation for the processing contract.
 */
public abstract class TaskNode {

    private static final int[] NO_SLOTS = new int[0];

    private final String name;
    private final String typeName;
    private final List<TaskNode> children;

    protected TaskNode(String name, String typeName, List<TaskNode> children) {
        this.name = Objects.requireNonNull(name, "name");
        this.typeName = Objects.requireNonNull(typeName, "typeName");
        this.children = List.copyOf(children);
        if (name.isEmpty() || name.indexOf('/') >= 0) {
            throw new IllegalArgumentException("task name '" + name + "' must be non-empty and contain no '/'");
        }
    }

    public final String name() {
        return name;
    }

    public final String typeName() {
        return typeName;
    }

    public final List<TaskNode> children() {
        return children;
    }

    /**
     * Slots whose change must make the engine re-evaluate this task (its predicates and
     * guards). Reading a slot that is not listed here gives stale results.
     */
    protected int[] reads() {
        return NO_SLOTS;
    }

    /**
     * The slots of both lists, each once, in order of first appearance. A loop, not an
     * IntStream: task nodes are built at fmi2Instantiate on the importer's thread, interpreted,
     * where a stream's first use costs more than the whole loop (BENCHMARKS.md section 6).
     */
    protected static int[] union(int[] first, int[] second) {
        int[] all = new int[first.length + second.length];
        int n = 0;
        for (int[] list : new int[][] {first, second}) {
            for (int slot : list) {
                boolean seen = false;
                for (int i = 0; i < n && !seen; i++) {
                    seen = all[i] == slot;
                }
                if (!seen) {
                    all[n++] = slot;
                }
            }
        }
        return Arrays.copyOf(all, n);
    }

    /**
     * Groups of output assignments; the task chooses the current group with
     * {@link TaskContext#selectOutputs} (group 0 unless chosen otherwise). The current
     * group's assignments are written while the task is ACTIVATING, RUNNING, FINISHED or
     * ABORTED.
     */
    protected List<List<Assignment>> outputGroups() {
        return List.of();
    }

    /** Every hook assignment this task may make, so the tree can check them up front. */
    protected List<Assignment> hookAssignments() {
        return List.of();
    }

    /** Number of Integer state values per instance ({@link TaskContext#intState}). */
    protected int intStateSize() {
        return 0;
    }

    /** Number of Real state values per instance ({@link TaskContext#realState}). */
    protected int realStateSize() {
        return 0;
    }

    /**
     * Computes the trigger flags with {@link TaskContext#returns}, {@link TaskContext#switching}
     * and {@link TaskContext#focus}. Must be a function of the status, the active flag, the
     * children's statuses, the slots in {@link #reads()}, the time (with
     * {@link TaskContext#wakeAt} for every future time it compares against) and the task's
     * own state: evaluating again with nothing changed must change nothing. The flags must
     * not depend on which of the transient statuses (SUCCESS, FAILURE, ACCEPT) the task is
     * in: those are results of the flags, and the engine does not re-evaluate a task that
     * merely moved between them.
     */
    protected abstract void evaluate(TaskContext ctx);

    /**
     * The Boolean expression that alone decides this task's flags, if there is one:
     * {@link #evaluate} reports {@code returns} true and {@code success} = its value, and
     * does nothing else (no switching, state, wake-up, outputs or hooks; a leaf). The engine
     * may then test the predicate itself instead of calling {@link #evaluate}: it keeps the
     * common {@link Expression#slotComparison() slot comparisons} in flat arrays, which a
     * sweep over a large tree reads in order. Null (the default): always call evaluate.
     */
    protected Expression plainPredicate() {
        return null;
    }

    /** {@link #inputFlags} for a task that cannot tell: evaluate it. */
    protected static final int UNKNOWN_FLAGS = -1;

    /**
     * The flags {@code returns} (bit 0) and {@code success} (bit 1) that {@link #evaluate}
     * would report now, computed without changing anything, or {@link #UNKNOWN_FLAGS}.
     * Event-driven processing asks this when a slot in {@link #reads()} changed and skips the
     * evaluation if the answer equals the flags of the last evaluation: the zero-crossing
     * test of the continuous-time original, where a changed input that flips no predicate
     * causes no event. Only a task whose other flags and effects do not depend on those slots
     * may answer.
     */
    protected int inputFlags(TaskContext ctx) {
        return UNKNOWN_FLAGS;
    }

    /**
     * The crossing functions of the task's predicates ({@link Expression#crossings()}), in a
     * fixed order: where the task's flags can change while the slots it reads vary
     * continuously. A Model Exchange FMU exposes them as event indicators. None by default.
     */
    protected List<Expression> crossings() {
        return List.of();
    }

    /**
     * The current value of crossing function {@code k} of {@link #crossings()}, computed
     * without changing anything. By default its value while the status can still follow the
     * predicates, and a constant 1 while it cannot (ACTIVATING and DEACTIVATING: an entry or
     * exit is in progress; FINISHED and ABORTED: only the parent ends it), so a predicate
     * that cannot matter never signals an event.
     */
    protected double crossingValue(TaskContext ctx, int k, Expression crossing) {
        return switch (ctx.status()) {
            case ACTIVATING, DEACTIVATING, FINISHED, ABORTED -> 1.0;
            default -> crossing.evalReal(ctx.slots());
        };
    }

    /** Entry procedure, on ACCEPT to ACTIVATING (before outputs start). */
    protected void onActivate(TaskContext ctx) {
    }

    /** Exit procedure, on the transition into DEACTIVATING (after outputs stopped). */
    protected void onDeactivate(TaskContext ctx) {
    }

    /** True if the task reacts to reset signals (see {@link #onReset}). */
    protected boolean resettable() {
        return false;
    }

    /** Reset signal from a Reset or Loop ancestor: forget latched state. */
    protected void onReset(TaskContext ctx) {
    }

    /**
     * Sets the children's active flags after the status was updated. The default is the
     * focus rule of DESIGN §3.2 with break before make ({@link TaskContext#activateFocus()}).
     */
    protected void activateChildren(TaskContext ctx) {
        ctx.activateFocus();
    }

    @Override
    public String toString() {
        return typeName + " '" + name + "'";
    }
}
