package org.btfmu.core;

import java.util.ArrayList;
import java.util.List;
import org.btfmu.core.expr.Expression;
import org.btfmu.core.tasks.Action;
import org.btfmu.core.tasks.Condition;
import org.btfmu.core.tasks.ForceFailure;
import org.btfmu.core.tasks.ForceSuccess;
import org.btfmu.core.tasks.Inverter;
import org.btfmu.core.tasks.Loop;
import org.btfmu.core.tasks.Memory;
import org.btfmu.core.tasks.Parallel;
import org.btfmu.core.tasks.Reset;
import org.btfmu.core.tasks.Root;
import org.btfmu.core.tasks.Selector;
import org.btfmu.core.tasks.Sequence;
import org.btfmu.core.tasks.StateMachine;
import org.btfmu.core.tasks.Timeout;
import org.btfmu.core.tasks.Wait;

/** Short factory methods to build trees in Java code (tests, custom missions). */
public final class Tasks {

    private Tasks() {
    }

    public static TaskNode root(String name, TaskNode child) {
        return new Root(name, child);
    }

    public static TaskNode condition(String name, Expression predicate) {
        return new Condition(name, predicate);
    }

    public static TaskNode condition(String name, Expression predicate, double hysteresis) {
        return new Condition(name, predicate, hysteresis);
    }

    public static TaskNode sequence(String name, TaskNode... children) {
        return new Sequence(name, List.of(children));
    }

    public static TaskNode selector(String name, TaskNode... children) {
        return new Selector(name, List.of(children));
    }

    /** Parallel with thresholds (-1: all). */
    public static TaskNode parallel(String name, int successThreshold, int failureThreshold, TaskNode... children) {
        return new Parallel(name, List.of(children), successThreshold, failureThreshold);
    }

    public static TaskNode inverter(String name, TaskNode child) {
        return new Inverter(name, child);
    }

    public static TaskNode forceSuccess(String name, TaskNode child) {
        return new ForceSuccess(name, child);
    }

    public static TaskNode forceFailure(String name, TaskNode child) {
        return new ForceFailure(name, child);
    }

    public static TaskNode memory(String name, TaskNode child) {
        return new Memory(name, child, false);
    }

    public static TaskNode reset(String name, TaskNode child) {
        return new Reset(name, child);
    }

    /** A loop that runs forever and stops at a failure. */
    public static TaskNode loop(String name, TaskNode child) {
        return new Loop(name, child, -1, false);
    }

    public static TaskNode loop(String name, int count, boolean continueOnFailure, TaskNode child) {
        return new Loop(name, child, count, continueOnFailure);
    }

    public static TaskNode waitFor(String name, double seconds) {
        return new Wait(name, seconds);
    }

    public static TaskNode timeout(String name, double seconds, TaskNode child) {
        return new Timeout(name, child, seconds);
    }

    public static TaskNode stateMachine(String name, List<StateSpec> states, List<TransitionSpec> transitions) {
        return new StateMachine(name, states, transitions, 100);
    }

    /**
     * The 2015 sequence*: {@code Reset(Sequence(Memory(c1), Memory(c2), ...))}, a sequence
     * that does not redo finished children while it runs and starts over on each activation.
     * The memories are named {@code m1, m2, ...}; the sequence is called {@code name}.
     */
    public static TaskNode sequenceStar(String name, TaskNode... children) {
        TaskNode[] memories = new TaskNode[children.length];
        for (int k = 0; k < children.length; k++) {
            memories[k] = new Memory("m" + (k + 1), children[k], false);
        }
        return new Reset(name + "*", new Sequence(name, List.of(memories)));
    }

    /** An action builder: {@code Tasks.action("fly").done(x).outputs(a).build()}. */
    public static ActionBuilder action(String name) {
        return new ActionBuilder(name);
    }

    /** Builds an {@link Action}; unset parts are empty, predicates false, durations 0. */
    public static final class ActionBuilder {
        private final String name;
        private Expression done;
        private Expression fail;
        private final List<Assignment> entry = new ArrayList<>();
        private final List<Assignment> exit = new ArrayList<>();
        private final List<Assignment> outputs = new ArrayList<>();
        private double entryDuration;
        private double exitDuration;
        private double resultHold;

        private ActionBuilder(String name) {
            this.name = name;
        }

        public ActionBuilder done(Expression predicate) {
            this.done = predicate;
            return this;
        }

        public ActionBuilder fail(Expression predicate) {
            this.fail = predicate;
            return this;
        }

        public ActionBuilder entry(Assignment... assignments) {
            entry.addAll(List.of(assignments));
            return this;
        }

        public ActionBuilder exit(Assignment... assignments) {
            exit.addAll(List.of(assignments));
            return this;
        }

        public ActionBuilder outputs(Assignment... assignments) {
            outputs.addAll(List.of(assignments));
            return this;
        }

        public ActionBuilder entryDuration(double seconds) {
            this.entryDuration = seconds;
            return this;
        }

        public ActionBuilder exitDuration(double seconds) {
            this.exitDuration = seconds;
            return this;
        }

        public ActionBuilder resultHold(double seconds) {
            this.resultHold = seconds;
            return this;
        }

        public TaskNode build() {
            return new Action(name, done, fail, entry, exit, outputs, entryDuration, exitDuration, resultHold);
        }
    }
}
