package org.btfmu.core;

import java.util.AbstractList;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.core.expr.Expression;

/**
 * A behavior tree bound to its blackboard, flattened into depth-first order (root = 0,
 * a subtree is the contiguous index range {@code [i, subtreeEnd(i))}). Immutable and
 * shared by all {@link TreeInstance}s; holds the dependency index the event-driven
 * processing uses: for every slot, the tasks and the output writers that read it.
 */
public final class TreeDefinition {

    private final BlackboardDefinition blackboard;
    final TaskNode[] nodes;
    final int[] parent;
    final int[] childStart; // children of i are childIndex[childStart[i] .. childStart[i+1])
    final int[] childIndex;
    final int[] subtreeEnd;
    final int[] intOffset;
    final int[] realOffset;
    final int intStateSize;
    final Expression[][] crossings; // per task: TaskNode.crossings()
    final int[] crossingOffset;     // per task: index of its first crossing function
    private final int crossingCount;
    final int realStateSize;
    final int maxDepth;

    // writers: one per output assignment, ordered by task index, then group, then position
    final int[] writerTask;
    final int[] writerGroup;
    final int[] writerSlot;
    final Expression[] writerValue;
    final int[][] writersOfSlot;
    final int[][] writersOfTask;
    final int[][] writersReadingSlot;
    final int[][] tasksReadingSlot;
    private final int[][] hookReadsOfSlot; // slots read by the hook expressions assigning a slot
    private final boolean[] hookAssigned;
    private final BitSet statusSources; // one set for all tasks, computed once (callers ask per output)
    final int[] resettables; // ascending
    final byte[] slotTypes;
    final SlotComparisons comparisons;
    final long fingerprint;

    private final String[] paths;
    private final List<TaskInfo> tasks;

    private TreeDefinition(BlackboardDefinition blackboard, TaskNode root) {
        this.blackboard = Objects.requireNonNull(blackboard, "blackboard");
        Objects.requireNonNull(root, "root");

        // Depth-first pre-order without recursion, so deep trees cannot overflow the stack.
        List<TaskNode> order = new ArrayList<>();
        List<Integer> parents = new ArrayList<>();
        List<Integer> depths = new ArrayList<>();
        Deque<Object[]> stack = new ArrayDeque<>();
        stack.push(new Object[] {root, -1, 0});
        while (!stack.isEmpty()) {
            Object[] top = stack.pop();
            TaskNode node = (TaskNode) top[0];
            int index = order.size();
            order.add(node);
            parents.add((Integer) top[1]);
            depths.add((Integer) top[2]);
            List<TaskNode> kids = node.children();
            for (int k = kids.size() - 1; k >= 0; k--) {
                stack.push(new Object[] {kids.get(k), index, (Integer) top[2] + 1});
            }
        }
        int n = order.size();
        nodes = order.toArray(new TaskNode[0]);
        parent = new int[n];
        subtreeEnd = new int[n];
        childStart = new int[n + 1];
        childIndex = new int[Math.max(0, n - 1)];
        intOffset = new int[n];
        realOffset = new int[n];
        int depth = 0;
        int[] childCount = new int[n];
        for (int i = 0; i < n; i++) {
            parent[i] = parents.get(i);
            depth = Math.max(depth, depths.get(i));
            if (parent[i] >= 0) {
                childCount[parent[i]]++;
            }
        }
        maxDepth = depth;
        for (int i = 0; i < n; i++) {
            childStart[i + 1] = childStart[i] + childCount[i];
        }
        int[] fill = Arrays.copyOf(childStart, n);
        for (int i = 1; i < n; i++) {
            childIndex[fill[parent[i]]++] = i;
        }
        for (int i = n - 1; i >= 0; i--) {
            int end = i + 1;
            if (childCount[i] > 0) {
                end = subtreeEnd[childIndex[childStart[i + 1] - 1]];
            }
            subtreeEnd[i] = end;
        }
        paths = new String[n];
        checkSiblingNames();

        int ints = 0;
        int reals = 0;
        List<Integer> resets = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            intOffset[i] = ints;
            realOffset[i] = reals;
            ints += nonNegative(i, "intStateSize", nodes[i].intStateSize());
            reals += nonNegative(i, "realStateSize", nodes[i].realStateSize());
            if (nodes[i].resettable()) {
                resets.add(i);
            }
        }
        intStateSize = ints;
        realStateSize = reals;
        crossings = new Expression[n][];
        crossingOffset = new int[n];
        int functions = 0;
        for (int i = 0; i < n; i++) {
            crossings[i] = nodes[i].crossings().toArray(new Expression[0]);
            crossingOffset[i] = functions;
            functions += crossings[i].length;
        }
        crossingCount = functions;
        resettables = array(resets);

        int slots = blackboard.size();
        slotTypes = new byte[slots];
        for (int s = 0; s < slots; s++) {
            slotTypes[s] = (byte) blackboard.slot(s).type().ordinal();
        }
        comparisons = new SlotComparisons(nodes, slotTypes);
        List<int[]> writerRows = new ArrayList<>();
        List<Expression> values = new ArrayList<>();
        List<List<Integer>> tasksReading = lists(slots);
        List<List<Integer>> hookReads = lists(slots);
        hookAssigned = new boolean[slots];
        for (int i = 0; i < n; i++) {
            TaskNode node = nodes[i];
            for (int s : distinct(node.reads())) {
                checkSlot(i, s, "reads");
                tasksReading.get(s).add(i);
            }
            for (Assignment a : node.hookAssignments()) {
                checkAssignment(i, a, "hook");
                hookAssigned[a.slot()] = true;
                for (int r : a.value().reads()) {
                    hookReads.get(a.slot()).add(r);
                }
            }
            List<List<Assignment>> groups = node.outputGroups();
            for (int g = 0; g < groups.size(); g++) {
                for (Assignment a : groups.get(g)) {
                    checkAssignment(i, a, "output");
                    writerRows.add(new int[] {i, g, a.slot()});
                    values.add(a.value());
                }
            }
        }
        int w = writerRows.size();
        writerTask = new int[w];
        writerGroup = new int[w];
        writerSlot = new int[w];
        writerValue = values.toArray(new Expression[0]);
        List<List<Integer>> ofSlot = lists(slots);
        List<List<Integer>> ofTask = lists(n);
        List<List<Integer>> readingSlot = lists(slots);
        for (int k = 0; k < w; k++) {
            int[] row = writerRows.get(k);
            writerTask[k] = row[0];
            writerGroup[k] = row[1];
            writerSlot[k] = row[2];
            ofSlot.get(row[2]).add(k);
            ofTask.get(row[0]).add(k);
            for (int s : distinct(writerValue[k].reads())) {
                checkSlot(row[0], s, "output expression reads");
                readingSlot.get(s).add(k);
            }
        }
        writersOfSlot = arrays(ofSlot);
        writersOfTask = arrays(ofTask);
        writersReadingSlot = arrays(readingSlot);
        tasksReadingSlot = arrays(tasksReading);
        hookReadsOfSlot = arrays(hookReads);
        statusSources = computeStatusSources();
        fingerprint = fingerprint();
        tasks = new TaskList();
    }

    /**
     * Flattens and checks the tree: sibling names unique (paths name status outputs),
     * every slot index in range, assignments only to OUTPUT or LOCAL slots with a value of
     * a compatible type.
     *
     * @throws IllegalArgumentException naming the task path and the problem
     */
    public static TreeDefinition of(BlackboardDefinition blackboard, TaskNode root) {
        return new TreeDefinition(blackboard, root);
    }

    public BlackboardDefinition blackboard() {
        return blackboard;
    }

    /** All tasks in depth-first order; {@code tasks().get(i).index() == i}. */
    public List<TaskInfo> tasks() {
        return tasks;
    }

    /**
     * The number of crossing functions of all tasks' predicates (fixed per tree): the event
     * indicators of {@link TreeInstance#crossingValues}, task by task in depth-first order.
     */
    public int crossingCount() {
        return crossingCount;
    }

    /** The task that crossing function {@code k} belongs to. */
    public int crossingTask(int k) {
        if (k < 0 || k >= crossingCount) {
            throw new IndexOutOfBoundsException("crossing function " + k + " of " + crossingCount);
        }
        int task = 0;
        while (task + 1 < nodes.length && crossingOffset[task + 1] <= k) {
            task++;
        }
        return task;
    }

    public int size() {
        return nodes.length;
    }

    /** The definition node of task {@code index}. */
    public TaskNode node(int index) {
        return nodes[index];
    }

    /** Names from the root joined by "/"; built on first use (deep trees have long paths). */
    public String path(int index) {
        String p = paths[index];
        if (p == null) {
            // Walk up to the nearest known ancestor, then build down, iteratively.
            Deque<Integer> chain = new ArrayDeque<>();
            int i = index;
            while (i >= 0 && paths[i] == null) {
                chain.push(i);
                i = parent[i];
            }
            String prefix = i >= 0 ? paths[i] : null;
            while (!chain.isEmpty()) {
                int j = chain.pop();
                prefix = prefix == null ? nodes[j].name() : prefix + "/" + nodes[j].name();
                paths[j] = prefix;
            }
            p = paths[index];
        }
        return p;
    }

    /** The index of the task with this path, or -1. */
    public int indexOf(String path) {
        for (int i = 0; i < nodes.length; i++) {
            if (path(i).equals(path)) {
                return i;
            }
        }
        return -1;
    }

    public int parentIndex(int index) {
        return parent[index];
    }

    public int childCount(int index) {
        return childStart[index + 1] - childStart[index];
    }

    public int child(int index, int position) {
        return childIndex[childStart[index] + position];
    }

    /** Levels below the root of the deepest task. */
    public int depth() {
        return maxDepth;
    }

    // ------------------------------------------------------------------ dependency index

    /**
     * The slots whose value reaches {@code slot} at the same instant through output
     * expressions alone: the slots its writers' expressions read and, transitively, what
     * the writers of each written slot among them read. While such a writer is active,
     * setting one of these slots changes the slot's value at once, without any status
     * change; every other slot reaches it only through statuses and hooks. Ascending.
     */
    public int[] expressionSources(int slot) {
        BitSet seeds = new BitSet();
        addDirectSources(slot, false, seeds);
        return array(closure(seeds, false));
    }

    /**
     * The slots that can change some task's status: those the tasks read and,
     * transitively, those read by the hook and output expressions assigning a slot among
     * them. In a tree every status can influence every other (through parents' activation
     * of children), so this one set serves every task. Ascending.
     */
    public int[] statusSources() {
        return array(statusSources);
    }

    private BitSet computeStatusSources() {
        BitSet seeds = new BitSet();
        for (TaskNode node : nodes) {
            int[] reads = node.reads();
            if (reads != null) {
                for (int s : reads) {
                    seeds.set(s);
                }
            }
        }
        return closure(seeds, true);
    }

    /**
     * The slots that can reach {@code slot}'s value by any path: none when no task assigns
     * it (it keeps the value set from outside or its default), else {@link #statusSources()}
     * (which writer is active and which hooks ran) with, transitively, what the hook and
     * output expressions assigning it read. Ascending.
     */
    public int[] valueSources(int slot) {
        if (writersOfSlot[slot].length == 0 && !hookAssigned[slot]) {
            return new int[0];
        }
        BitSet seeds = new BitSet();
        addDirectSources(slot, true, seeds);
        BitSet all = closure(seeds, true);
        all.or(statusSources);
        return array(all);
    }

    private void addDirectSources(int slot, boolean hooks, BitSet into) {
        for (int w : writersOfSlot[slot]) {
            for (int r : writerValue[w].reads()) {
                into.set(r);
            }
        }
        if (hooks) {
            for (int r : hookReadsOfSlot[slot]) {
                into.set(r);
            }
        }
    }

    /** {@code seeds} and every slot they are computed from; each slot and each read visited once. */
    private BitSet closure(BitSet seeds, boolean hooks) {
        BitSet result = (BitSet) seeds.clone();
        int[] work = new int[blackboard.size()];
        int top = 0;
        for (int s = seeds.nextSetBit(0); s >= 0; s = seeds.nextSetBit(s + 1)) {
            work[top++] = s;
        }
        while (top > 0) {
            int slot = work[--top];
            for (int w : writersOfSlot[slot]) {
                for (int r : writerValue[w].reads()) {
                    if (!result.get(r)) {
                        result.set(r);
                        work[top++] = r;
                    }
                }
            }
            if (hooks) {
                for (int r : hookReadsOfSlot[slot]) {
                    if (!result.get(r)) {
                        result.set(r);
                        work[top++] = r;
                    }
                }
            }
        }
        return result;
    }

    private final class TaskList extends AbstractList<TaskInfo> {
        @Override
        public TaskInfo get(int i) {
            return new TaskInfo(i, path(i), nodes[i].name(), nodes[i].typeName(), parent[i]);
        }

        @Override
        public int size() {
            return nodes.length;
        }
    }

    private void checkSiblingNames() {
        for (int i = 0; i < nodes.length; i++) {
            int count = childCount(i);
            if (count < 2) {
                continue;
            }
            Set<String> seen = new HashSet<>();
            for (int k = 0; k < count; k++) {
                String name = nodes[child(i, k)].name();
                if (!seen.add(name)) {
                    throw new IllegalArgumentException("task '" + path(i) + "' has two children named '"
                            + name + "'; sibling names must be unique (paths name the tasks)");
                }
            }
        }
    }

    private int nonNegative(int task, String what, int value) {
        if (value < 0) {
            throw new IllegalArgumentException("task '" + path(task) + "': negative " + what);
        }
        return value;
    }

    private void checkSlot(int task, int slot, String what) {
        if (slot < 0 || slot >= blackboard.size()) {
            throw new IllegalArgumentException("task '" + path(task) + "' " + what + " slot index " + slot
                    + ", but the blackboard has " + blackboard.size() + " slots");
        }
    }

    private void checkAssignment(int task, Assignment a, String what) {
        checkSlot(task, a.slot(), what + " assigns");
        Slot slot = blackboard.slot(a.slot());
        if (!slot.kind().writableByTasks()) {
            throw new IllegalArgumentException("task '" + path(task) + "': " + what + " assigns '" + slot.name()
                    + "', a " + slot.kind() + " slot; tasks may write only OUTPUT and LOCAL slots");
        }
        SlotType from = a.value().type();
        if (!(from == slot.type() || (slot.type() == SlotType.REAL && from == SlotType.INTEGER))) {
            throw new IllegalArgumentException("task '" + path(task) + "': " + what + " assigns a " + from
                    + " value to '" + slot.name() + "', a " + slot.type() + " slot");
        }
        for (int s : a.value().reads()) {
            checkSlot(task, s, what + " expression reads");
        }
    }

    private long fingerprint() {
        long h = 1125899906842597L;
        h = 31 * h + nodes.length;
        for (int i = 0; i < nodes.length; i++) {
            h = 31 * h + parent[i];
            h = 31 * h + nodes[i].typeName().hashCode();
            h = 31 * h + nodes[i].name().hashCode();
            h = 31 * h + nodes[i].intStateSize();
            h = 31 * h + nodes[i].realStateSize();
        }
        for (Slot slot : blackboard.slots()) {
            h = 31 * h + slot.name().hashCode();
            h = 31 * h + slot.type().ordinal();
        }
        return 31 * h + writerTask.length;
    }

    private static int[] distinct(int[] slots) {
        return slots == null ? new int[0] : TaskNode.union(slots, new int[0]); // a loop, not a stream
    }

    private static List<List<Integer>> lists(int n) {
        List<List<Integer>> lists = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            lists.add(new ArrayList<>());
        }
        return lists;
    }

    private static int[][] arrays(List<List<Integer>> lists) {
        int[][] arrays = new int[lists.size()][];
        for (int i = 0; i < arrays.length; i++) {
            arrays[i] = array(lists.get(i));
        }
        return arrays;
    }

    /** The set bits, ascending. */
    private static int[] array(BitSet bits) {
        int[] array = new int[bits.cardinality()];
        int n = 0;
        for (int i = bits.nextSetBit(0); i >= 0; i = bits.nextSetBit(i + 1)) {
            array[n++] = i;
        }
        return array;
    }

    /** A loop, not a stream: built once per mission load on the importer's thread, interpreted. */
    private static int[] array(List<Integer> list) {
        int[] array = new int[list.size()];
        for (int i = 0; i < array.length; i++) {
            array[i] = list.get(i);
        }
        return array;
    }
}
