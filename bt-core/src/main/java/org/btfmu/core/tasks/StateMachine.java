package org.btfmu.core.tasks;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.btfmu.core.Assignment;
import org.btfmu.core.EngineException;
import org.btfmu.core.FinalKind;
import org.btfmu.core.ParameterKind;
import org.btfmu.core.ParameterSpec;
import org.btfmu.core.StateSpec;
import org.btfmu.core.Status;
import org.btfmu.core.TaskArguments;
import org.btfmu.core.TaskContext;
import org.btfmu.core.TaskNode;
import org.btfmu.core.TaskType;
import org.btfmu.core.TransitionSpec;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.core.expr.Expression;

/**
 * A task that embeds a state machine (2015 Sec. 4). Idle, it accepts. On activation it
 * enters the first state (its entry assignments run, its outputs start). While RUNNING,
 * whenever it is evaluated it fires transitions from the current state: the first one in
 * list order whose guard holds and whose delay has elapsed since the state was entered
 * (exit of the old state, entry of the new one, outputs switched), repeatedly within the
 * same evaluation, so several transitions happen in one instant; more than
 * {@code maxTransitionsPerInstant} in one evaluation is an {@link EngineException}. A final
 * state makes the task FINISHED or ABORTED and fires nothing more. Deactivation runs the
 * current state's exit assignments.
 */
public final class StateMachine extends TaskNode {

    public static final TaskType TYPE = TaskType.of("StateMachine", 0, 0, List.of(
            ParameterSpec.required("states", ParameterKind.STATES, "the states; the first is initial"),
            ParameterSpec.optional("transitions", ParameterKind.TRANSITIONS, List.of(), "guarded transitions"),
            ParameterSpec.optional("maxTransitionsPerInstant", ParameterKind.INTEGER, 100,
                    "bound on transitions fired in one evaluation")),
            new TaskType.Factory() {
                @Override
                public TaskNode create(String name, TaskArguments a, List<TaskNode> children) {
                    return new StateMachine(name, a.states("states"), a.transitions("transitions"),
                        a.integer("maxTransitionsPerInstant"));
                }
            });

    private static final int CURRENT = 0;
    private static final int ENTERED = 0;

    private final List<StateSpec> states;
    private final int[][] outgoing; // per state: transition indices in list order
    private final int[] target;
    private final TransitionSpec[] transitions;
    private final int maxTransitions;
    private final int[] reads;
    private final int[] outgoingFrom; // per transition: its source state
    private final List<Expression> guardCrossings;
    private final int[] crossingOwner; // per guard crossing: its transition

    public StateMachine(String name, List<StateSpec> states, List<TransitionSpec> transitions,
            int maxTransitionsPerInstant) {
        super(name, TYPE.name(), List.of());
        if (states.isEmpty()) {
            throw new IllegalArgumentException("state machine '" + name + "' needs at least one state");
        }
        if (maxTransitionsPerInstant < 1) {
            throw new IllegalArgumentException("state machine '" + name
                    + "': maxTransitionsPerInstant must be at least 1, got " + maxTransitionsPerInstant);
        }
        this.states = List.copyOf(states);
        Map<String, Integer> index = new HashMap<>();
        for (int k = 0; k < states.size(); k++) {
            if (index.putIfAbsent(states.get(k).name(), k) != null) {
                throw new IllegalArgumentException("state machine '" + name + "': duplicate state '"
                        + states.get(k).name() + "'");
            }
        }
        this.transitions = transitions.toArray(new TransitionSpec[0]);
        this.target = new int[this.transitions.length];
        List<List<Integer>> out = new ArrayList<>();
        for (int k = 0; k < states.size(); k++) {
            out.add(new ArrayList<>());
        }
        for (int k = 0; k < this.transitions.length; k++) {
            TransitionSpec t = this.transitions[k];
            Integer from = index.get(t.from());
            Integer to = index.get(t.to());
            if (from == null || to == null) {
                throw new IllegalArgumentException("state machine '" + name + "': transition " + t.from() + " -> "
                        + t.to() + " names an unknown state '" + (from == null ? t.from() : t.to()) + "'");
            }
            if (t.guard().type() != SlotType.BOOLEAN) {
                throw new IllegalArgumentException("state machine '" + name + "': guard of " + t.from() + " -> "
                        + t.to() + " must be Boolean, is " + t.guard().type());
            }
            out.get(from).add(k);
            target[k] = to;
        }
        this.outgoing = new int[out.size()][];
        for (int k = 0; k < outgoing.length; k++) {
            outgoing[k] = ints(out.get(k));
        }
        this.maxTransitions = maxTransitionsPerInstant;
        this.outgoingFrom = new int[this.transitions.length];
        for (int from = 0; from < outgoing.length; from++) {
            for (int k : outgoing[from]) {
                outgoingFrom[k] = from;
            }
        }
        List<Expression> guards = new ArrayList<>();
        List<Integer> owners = new ArrayList<>();
        for (int k = 0; k < this.transitions.length; k++) {
            for (Expression c : this.transitions[k].guard().crossings()) {
                guards.add(c);
                owners.add(k);
            }
        }
        this.guardCrossings = List.copyOf(guards);
        this.crossingOwner = ints(owners);
        Set<Integer> read = new LinkedHashSet<>(); // each slot once, in the order the guards read them
        for (TransitionSpec t : this.transitions) {
            for (int slot : t.guard().reads()) {
                read.add(slot);
            }
        }
        this.reads = ints(read);
    }

    /*
     * Loops, not streams or lambdas: a state machine is built at an FMU's first fmi2Instantiate on
     * the importer's thread, where their first use bootstraps java.lang.invoke, interpreted.
     */
    private static int[] ints(Collection<Integer> values) {
        int[] ints = new int[values.size()];
        int i = 0;
        for (int v : values) {
            ints[i++] = v;
        }
        return ints;
    }

    @Override
    protected int[] reads() {
        return reads;
    }

    /** Every guard's comparisons, transition by transition. */
    @Override
    protected List<Expression> crossings() {
        return guardCrossings;
    }

    /** Only the guards of the current state's transitions while RUNNING can fire. */
    @Override
    protected double crossingValue(TaskContext ctx, int k, Expression crossing) {
        int from = outgoingFrom[crossingOwner[k]];
        return ctx.status() == Status.RUNNING && ctx.intState(CURRENT) == from
                ? crossing.evalReal(ctx.slots()) : 1.0;
    }

    @Override
    protected int intStateSize() {
        return 1;
    }

    @Override
    protected int realStateSize() {
        return 1;
    }

    @Override
    protected List<List<Assignment>> outputGroups() {
        List<List<Assignment>> groups = new ArrayList<>(states.size());
        for (StateSpec state : states) {
            groups.add(state.outputs());
        }
        return Collections.unmodifiableList(groups);
    }

    @Override
    protected List<Assignment> hookAssignments() {
        List<Assignment> all = new ArrayList<>();
        for (StateSpec s : states) {
            all.addAll(s.entry());
            all.addAll(s.exit());
        }
        return all;
    }

    /** The index of the current state in an instance (for tests and displays). */
    public int currentState(TaskContext ctx) {
        return ctx.intState(CURRENT);
    }

    public List<StateSpec> states() {
        return states;
    }

    @Override
    protected void onActivate(TaskContext ctx) {
        enter(ctx, 0);
    }

    @Override
    protected void onDeactivate(TaskContext ctx) {
        ctx.assign(states.get(ctx.intState(CURRENT)).exit());
    }

    @Override
    protected void evaluate(TaskContext ctx) {
        Status self = ctx.status();
        if (!self.isNonTransient() || self == Status.DEACTIVATING) {
            return;
        }
        int current = ctx.intState(CURRENT);
        if (self == Status.RUNNING) {
            int fired = 0;
            while (states.get(current).finalKind() == FinalKind.NONE) {
                int next = enabled(ctx, current);
                if (next < 0) {
                    break;
                }
                if (++fired > maxTransitions) {
                    throw new EngineException("state machine '" + ctx.path() + "' fired more than " + maxTransitions
                            + " transitions at t=" + ctx.time() + " (last in state '" + states.get(current).name()
                            + "')", List.of(ctx.path()));
                }
                ctx.selectOutputs(-1);
                ctx.assign(states.get(current).exit());
                current = next;
                enter(ctx, current);
            }
        }
        FinalKind kind = states.get(current).finalKind();
        if (kind != FinalKind.NONE) {
            ctx.returns(true, kind == FinalKind.FINISHED);
        }
    }

    private void enter(TaskContext ctx, int state) {
        ctx.setIntState(CURRENT, state);
        ctx.setRealState(ENTERED, ctx.time());
        ctx.assign(states.get(state).entry());
        ctx.selectOutputs(state);
    }

    /** The target of the first enabled transition from {@code state}, or -1; asks for a wake-up at pending delays. */
    private int enabled(TaskContext ctx, int state) {
        double entered = ctx.realState(ENTERED);
        for (int k : outgoing[state]) {
            TransitionSpec t = transitions[k];
            if (t.guard().evalBoolean(ctx.slots())) {
                double due = entered + t.delay();
                if (ctx.time() >= due) {
                    return target[k];
                }
                ctx.wakeAt(due);
            }
        }
        return -1;
    }
}
