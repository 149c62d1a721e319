package org.btfmu.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.core.expr.Expression;
import org.btfmu.core.expr.JavaExpression;
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

/**
 * Seeded generator of random trees over every built-in task type, on a blackboard of
 * Boolean and Integer inputs and Integer and Real outputs. Durations and delays are whole
 * seconds so that time events fall on the ticks of a 1 s grid.
 */
final class RandomTrees {

    static final int BOOL_INPUTS = 4;
    static final int INT_INPUTS = 2;
    static final int INT_OUTPUTS = 3;
    static final int REAL_OUTPUTS = 2;

    final BlackboardDefinition blackboard;
    private final Random random;
    private int budget;

    RandomTrees(Random random) {
        this.random = random;
        List<Slot> slots = new ArrayList<>();
        for (int k = 0; k < BOOL_INPUTS; k++) {
            slots.add(Slot.of("b" + k, SlotType.BOOLEAN, SlotKind.INPUT));
        }
        for (int k = 0; k < INT_INPUTS; k++) {
            slots.add(Slot.of("i" + k, SlotType.INTEGER, SlotKind.INPUT));
        }
        for (int k = 0; k < INT_OUTPUTS; k++) {
            slots.add(new Slot("o" + k, SlotType.INTEGER, SlotKind.OUTPUT, k, k == 0));
        }
        for (int k = 0; k < REAL_OUTPUTS; k++) {
            slots.add(new Slot("x" + k, SlotType.REAL, SlotKind.OUTPUT, 0.5 * k, k == 1));
        }
        blackboard = BlackboardDefinition.of(slots);
    }

    TreeDefinition tree(int maxTasks) {
        budget = maxTasks;
        // A paced forever-loop on top keeps the trees busy over the whole input sequence.
        TaskNode body = node("t", 0);
        TaskNode top = random.nextInt(4) == 0 ? body
                : new Loop("loop", new Sequence("paced", List.of(new Wait("pace", 1), body)), -1, true);
        return TreeDefinition.of(blackboard, new Root("root", top));
    }

    /** Sets every input to a random value. */
    void randomInputs(TreeInstance a, TreeInstance b) {
        for (int k = 0; k < BOOL_INPUTS; k++) {
            if (random.nextInt(3) == 0) {
                boolean v = random.nextBoolean();
                a.setBoolean(k, v);
                b.setBoolean(k, v);
            }
        }
        for (int k = 0; k < INT_INPUTS; k++) {
            if (random.nextInt(3) == 0) {
                int v = random.nextInt(4);
                a.setInteger(BOOL_INPUTS + k, v);
                b.setInteger(BOOL_INPUTS + k, v);
            }
        }
    }

    private TaskNode node(String name, int depth) {
        budget--;
        boolean leaf = depth >= 6 || budget <= 0 || random.nextInt(10) < 3 + depth;
        if (leaf) {
            return switch (random.nextInt(6)) {
                case 0, 1 -> new Condition(name, predicate());
                case 2 -> new Wait(name, 1 + random.nextInt(3));
                case 3 -> stateMachine(name);
                default -> action(name);
            };
        }
        switch (random.nextInt(11)) {
            case 0, 1 -> {
                return new Sequence(name, children(depth));
            }
            case 2, 3 -> {
                return new Selector(name, children(depth));
            }
            case 4 -> {
                List<TaskNode> kids = children(depth);
                int n = kids.size();
                return new Parallel(name, kids, random.nextBoolean() ? -1 : 1 + random.nextInt(n),
                        random.nextBoolean() ? -1 : 1 + random.nextInt(n));
            }
            case 5 -> {
                return switch (random.nextInt(3)) {
                    case 0 -> new Inverter(name, node("c", depth + 1));
                    case 1 -> new ForceSuccess(name, node("c", depth + 1));
                    default -> new ForceFailure(name, node("c", depth + 1));
                };
            }
            case 6 -> {
                return new Memory(name, node("c", depth + 1), random.nextBoolean());
            }
            case 7 -> {
                return new Reset(name, node("c", depth + 1));
            }
            case 8 -> {
                return new Loop(name, node("c", depth + 1), random.nextBoolean() ? -1 : 1 + random.nextInt(3),
                        random.nextBoolean());
            }
            case 9 -> {
                return new Timeout(name, node("c", depth + 1), 1 + random.nextInt(4));
            }
            default -> {
                return action(name);
            }
        }
    }

    private List<TaskNode> children(int depth) {
        int n = 1 + random.nextInt(4);
        List<TaskNode> kids = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            kids.add(node("c" + k, depth + 1));
        }
        return kids;
    }

    private Expression predicate() {
        int kind = random.nextInt(5);
        if (kind == 4) {
            int slot = BOOL_INPUTS + random.nextInt(INT_INPUTS);
            int threshold = random.nextInt(4);
            return JavaExpression.bool(r -> r.integer(slot) >= threshold, slot);
        }
        int slot = random.nextInt(BOOL_INPUTS);
        return random.nextBoolean() ? JavaExpression.slot(SlotType.BOOLEAN, slot)
                : JavaExpression.bool(r -> !r.bool(slot), slot);
    }

    private Expression maybePredicate() {
        return random.nextInt(3) == 0 ? JavaExpression.constant(false) : predicate();
    }

    private List<Assignment> assignments(int max) {
        List<Assignment> list = new ArrayList<>();
        int n = random.nextInt(max + 1);
        for (int k = 0; k < n; k++) {
            int base = BOOL_INPUTS + INT_INPUTS;
            if (random.nextBoolean()) {
                int out = base + random.nextInt(INT_OUTPUTS);
                int in = BOOL_INPUTS + random.nextInt(INT_INPUTS);
                int add = random.nextInt(5);
                list.add(new Assignment(out, random.nextBoolean() ? JavaExpression.constant(add)
                        : JavaExpression.integer(r -> r.integer(in) + add, in)));
            } else {
                int out = base + INT_OUTPUTS + random.nextInt(REAL_OUTPUTS);
                int in = BOOL_INPUTS + random.nextInt(INT_INPUTS);
                double scale = random.nextInt(7) * 0.25;
                list.add(new Assignment(out, JavaExpression.real(r -> r.integer(in) * scale + 0.1, in)));
            }
        }
        return list;
    }

    private TaskNode action(String name) {
        return new Action(name, maybePredicate(), maybePredicate(), assignments(2), assignments(1), assignments(2),
                random.nextInt(4) == 0 ? 1 + random.nextInt(2) : 0, random.nextInt(4) == 0 ? 1 + random.nextInt(2) : 0,
                random.nextInt(4) == 0 ? 1 + random.nextInt(2) : 0);
    }

    private TaskNode stateMachine(String name) {
        int n = 2 + random.nextInt(2);
        List<StateSpec> states = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            FinalKind kind = k == n - 1 && random.nextBoolean()
                    ? (random.nextBoolean() ? FinalKind.FINISHED : FinalKind.ABORTED) : FinalKind.NONE;
            states.add(new StateSpec("s" + k, assignments(1), assignments(1), assignments(1), kind));
        }
        List<TransitionSpec> transitions = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            int to = random.nextInt(n);
            if (to != k) {
                transitions.add(new TransitionSpec("s" + k, "s" + to, predicate(), random.nextInt(3)));
            }
        }
        return new StateMachine(name, states, transitions, 100);
    }
}
