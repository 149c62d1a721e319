package org.btfmu.core;

import java.util.ArrayList;
import java.util.List;
import org.btfmu.core.expr.Expression;
import org.btfmu.core.tasks.Action;
import org.btfmu.core.tasks.Condition;
import org.btfmu.core.tasks.Root;
import org.btfmu.core.tasks.Selector;
import org.btfmu.core.tasks.Sequence;

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

        public TaskNode build() {
            return new Action(name, done, fail, entry, exit, outputs, entryDuration, exitDuration);
        }
    }
}
