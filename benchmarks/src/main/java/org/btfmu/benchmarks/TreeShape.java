package org.btfmu.benchmarks;

import java.util.ArrayList;
import java.util.List;

/**
 * The shape of a benchmark tree, independent of the library that runs it: a top node
 * (index 0) under the library's root, composites with children, and leaves. Every leaf is
 * the condition "input k &gt;= 0" on its own input k (leaves numbered in index order), every
 * composite a sequence, so with all inputs at 1 every task succeeds and a full tick visits
 * every task, and changing one input flips exactly one condition.
 *
 * <p>{@link #tasks()} counts the library's root too, so both engines run the same number of
 * tasks.
 */
public final class TreeShape {

    /** How a tree of a given size is laid out. */
    public enum Kind {
        /** Complete tree with fan-out {@value TreeShape#FAN_OUT}, filled level by level: depth ~ log(size). */
        BALANCED,
        /** A spine of sequences, each with one condition and the next sequence: depth ~ size / 2. */
        DEEP
    }

    static final int FAN_OUT = 10;

    private final int[][] children;
    private final int[] depth;
    private final int[] leafInput;
    private final int leaves;

    private TreeShape(List<List<Integer>> kids) {
        int n = kids.size();
        children = new int[n][];
        depth = new int[n];
        leafInput = new int[n];
        int inputs = 0;
        depth[0] = 1; // the library's root sits above node 0
        for (int i = 0; i < n; i++) {
            children[i] = kids.get(i).stream().mapToInt(Integer::intValue).toArray();
            for (int c : children[i]) {
                depth[c] = depth[i] + 1;
            }
            leafInput[i] = children[i].length == 0 ? inputs++ : -1;
        }
        leaves = inputs;
    }

    /** A tree of exactly {@code tasks} tasks (root included) of the given kind. */
    public static TreeShape of(Kind kind, int tasks) {
        if (tasks < 3) {
            throw new IllegalArgumentException("a benchmark tree needs at least 3 tasks, got " + tasks);
        }
        return kind == Kind.BALANCED ? balanced(tasks - 1) : deep(tasks - 1);
    }

    private static TreeShape balanced(int nodes) {
        List<List<Integer>> kids = lists(nodes);
        for (int i = 1; i < nodes; i++) {
            kids.get((i - 1) / FAN_OUT).add(i);
        }
        return new TreeShape(kids);
    }

    private static TreeShape deep(int nodes) {
        List<List<Integer>> kids = new ArrayList<>();
        kids.add(new ArrayList<>());
        int spine = 0;
        while (kids.size() < nodes) {
            kids.get(spine).add(add(kids));
            int left = nodes - kids.size();
            if (left >= 2) {
                int next = add(kids);
                kids.get(spine).add(next);
                spine = next;
            } else if (left == 1) {
                kids.get(spine).add(add(kids));
            }
        }
        return new TreeShape(kids);
    }

    private static int add(List<List<Integer>> kids) {
        kids.add(new ArrayList<>());
        return kids.size() - 1;
    }

    private static List<List<Integer>> lists(int n) {
        List<List<Integer>> lists = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            lists.add(new ArrayList<>());
        }
        return lists;
    }

    /** Tasks including the library's root. */
    public int tasks() {
        return children.length + 1;
    }

    /** Nodes below the library's root (node 0 is the top sequence). */
    public int nodes() {
        return children.length;
    }

    public int[] children(int node) {
        return children[node];
    }

    public boolean isLeaf(int node) {
        return children[node].length == 0;
    }

    /** The input a leaf tests, numbered from 0 in node order; -1 for composites. */
    public int input(int node) {
        return leafInput[node];
    }

    public int inputs() {
        return leaves;
    }

    /** Levels below the library's root (node 0 is at depth 1). */
    public int depth(int node) {
        return depth[node];
    }

    /** The deepest leaf (the last one in node order among the deepest). */
    public int deepestLeaf() {
        int best = -1;
        for (int i = 0; i < nodes(); i++) {
            if (isLeaf(i) && (best < 0 || depth[i] >= depth[best])) {
                best = i;
            }
        }
        return best;
    }

    /** The shallowest leaf (the first one in node order among the shallowest). */
    public int shallowestLeaf() {
        int best = -1;
        for (int i = 0; i < nodes(); i++) {
            if (isLeaf(i) && (best < 0 || depth[i] < depth[best])) {
                best = i;
            }
        }
        return best;
    }

    /** Levels of the deepest task below the root. */
    public int height() {
        return depth[deepestLeaf()];
    }
}
