package org.btfmu.core;

import java.util.List;
import org.btfmu.core.blackboard.SlotReader;

/**
 * What a task sees and may do while the engine evaluates it: its status, active flag,
 * children's statuses, the blackboard, the time and its own run-time state; and the
 * flags it reports. One reusable object per instance (no allocation per evaluation);
 * valid only during the call it was passed to.
 */
public final class TaskContext {

    private final TreeInstance tree;
    private final TreeDefinition def;
    int task;
    boolean returns;
    boolean success;
    boolean switching;
    int focus;
    double wake;

    TaskContext(TreeInstance tree) {
        this.tree = tree;
        this.def = tree.definition();
    }

    void bind(int taskIndex) {
        task = taskIndex;
        returns = false;
        success = false;
        switching = false;
        focus = -1;
        wake = Double.POSITIVE_INFINITY;
    }

    // ---- what the task sees

    /** The current simulation time. */
    public double time() {
        return tree.time();
    }

    public Status status() {
        return TreeInstance.STATUSES[tree.status[task]];
    }

    /** The parent keeps this task activated (always true for the root). */
    public boolean active() {
        return tree.active[task];
    }

    /** The task's path, for error messages. */
    public String path() {
        return def.path(task);
    }

    public int childCount() {
        return def.childStart[task + 1] - def.childStart[task];
    }

    public Status childStatus(int position) {
        return TreeInstance.STATUSES[tree.status[def.childIndex[def.childStart[task] + position]]];
    }

    public boolean childActive(int position) {
        return tree.active[def.childIndex[def.childStart[task] + position]];
    }

    /** The blackboard, for evaluating expressions. */
    public SlotReader slots() {
        return tree;
    }

    /**
     * True if a child is entering or leaving the non-transient part: ACTIVATING,
     * DEACTIVATING, or about to (its active flag disagrees with its part). The usual
     * {@code switching} flag of a composite.
     */
    public boolean childrenSwitching() {
        for (int k = def.childStart[task], end = def.childStart[task + 1]; k < end; k++) {
            int c = def.childIndex[k];
            byte s = tree.status[c];
            if (s == TreeInstance.ACTIVATING || s == TreeInstance.DEACTIVATING) {
                return true;
            }
            boolean nonTransient = s >= TreeInstance.ACTIVATING;
            if (nonTransient != tree.active[c] && (nonTransient || s == TreeInstance.ACCEPT)) {
                return true;
            }
        }
        return false;
    }

    // ---- run-time state

    public int intState(int k) {
        return tree.intState[def.intOffset[task] + k];
    }

    public void setIntState(int k, int value) {
        int at = def.intOffset[task] + k;
        if (tree.intState[at] != value) {
            tree.undo.record(UndoJournal.INT_STATE, at, tree.intState[at]);
            tree.intState[at] = value;
            tree.stateChanged(task);
        }
    }

    public double realState(int k) {
        return tree.realState[def.realOffset[task] + k];
    }

    public void setRealState(int k, double value) {
        int at = def.realOffset[task] + k;
        if (Double.doubleToRawLongBits(tree.realState[at]) != Double.doubleToRawLongBits(value)) {
            tree.undo.record(UndoJournal.REAL_STATE, at, tree.realState[at]);
            tree.realState[at] = value;
            tree.stateChanged(task);
        }
    }

    // ---- flags reported by evaluate

    /** The task can give a result (without activation when idle); {@code success} says which. */
    public void returns(boolean returns, boolean success) {
        this.returns = returns;
        this.success = success;
    }

    /**
     * The usual composite rule: {@code switching(childrenSwitching())}, computed only when
     * the status cycle looks at it (the task is ACTIVATING or DEACTIVATING).
     */
    public void switchingFromChildren() {
        byte s = tree.status[task];
        if (s == TreeInstance.ACTIVATING || s == TreeInstance.DEACTIVATING) {
            switching = childrenSwitching();
        }
    }

    /** The {@code returns} flag reported in this evaluation (for {@link TaskNode#activateChildren}). */
    public boolean returning() {
        return returns;
    }

    /** An entry or exit procedure is in progress. */
    public void switching(boolean switching) {
        this.switching = switching;
    }

    /**
     * The child the composite wants active (or that decided its result), by position;
     * -1 for none. Used by {@link #activateFocus()}.
     */
    public void focus(int position) {
        this.focus = position;
    }

    /** Asks to be evaluated again at time {@code t} (a deadline); the earliest request of an evaluation counts. */
    public void wakeAt(double t) {
        if (t < wake) {
            wake = t;
        }
    }

    // ---- effects

    /** Runs hook assignments in order; each later one sees the earlier ones' values. */
    public void assign(List<Assignment> assignments) {
        for (int k = 0, n = assignments.size(); k < n; k++) {
            tree.assign(task, assignments.get(k));
        }
    }

    /** Sends the reset signal to every resettable task below this one. */
    public void resetSubtree() {
        tree.resetRange(task + 1, def.subtreeEnd[task]);
    }

    /** Chooses the output group written while active (-1: none). */
    public void selectOutputs(int group) {
        tree.selectOutputs(task, group);
    }

    /** Sets one child's active flag (for task types with their own activation rule). */
    public void activateChild(int position, boolean on) {
        tree.setActive(task, def.childIndex[def.childStart[task] + position], on);
    }

    /**
     * The focus rule: while this task is ACTIVATING or RUNNING, keep the focus child
     * active and deactivate all others; a focus child in ACCEPT (or DEACTIVATING) is
     * activated only once every other child has left the non-transient part (break before
     * make), and not while this task returns. While FINISHED or ABORTED only a focus child
     * that is already non-transient stays active. Otherwise all children are inactive.
     */
    public void activateFocus() {
        tree.activateFocus(task, focus, returns);
    }
}
