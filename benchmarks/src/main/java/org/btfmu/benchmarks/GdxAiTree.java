package org.btfmu.benchmarks;

import com.badlogic.gdx.ai.btree.BehaviorTree;
import com.badlogic.gdx.ai.btree.LeafTask;
import com.badlogic.gdx.ai.btree.Task;
import com.badlogic.gdx.ai.btree.branch.Sequence;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * A {@link TreeShape} as a gdx-ai behavior tree: a BehaviorTree over Sequences, each leaf
 * a {@link InputAtLeastZero} on the shared input array (the tree's blackboard object).
 * gdx-ai is used headless: only its btree package and libGDX's collections are touched.
 */
public final class GdxAiTree {

    private final BehaviorTree<double[]> tree;
    private final double[] inputs;
    private final int tasks;

    public GdxAiTree(TreeShape shape) {
        inputs = new double[shape.inputs()];
        Arrays.fill(inputs, EngineTree.HOLDS);
        // Children have higher node numbers than their parent: build bottom-up.
        List<Task<double[]>> built = new ArrayList<>(Collections.nCopies(shape.nodes(), null));
        for (int i = shape.nodes() - 1; i >= 0; i--) {
            if (shape.isLeaf(i)) {
                built.set(i, new InputAtLeastZero(shape.input(i)));
            } else {
                Sequence<double[]> sequence = new Sequence<>();
                for (int c : shape.children(i)) {
                    sequence.addChild(built.set(c, null));
                }
                built.set(i, sequence);
            }
        }
        tree = new BehaviorTree<>(built.get(0), inputs);
        tasks = count(tree);
    }

    public BehaviorTree<double[]> tree() {
        return tree;
    }

    /** The blackboard: input k of the shape. */
    public double[] inputs() {
        return inputs;
    }

    /** Tasks in the gdx-ai tree, the BehaviorTree itself included. */
    public int tasks() {
        return tasks;
    }

    /** One full tick of the tree. */
    public void step() {
        tree.step();
    }

    /** The status of the top sequence after the last step. */
    public Task.Status topStatus() {
        return tree.getChild(0).getStatus();
    }

    private static int count(Task<double[]> root) {
        int n = 0;
        ArrayDeque<Task<double[]>> open = new ArrayDeque<>();
        open.push(root);
        while (!open.isEmpty()) {
            Task<double[]> t = open.pop();
            n++;
            for (int k = 0; k < t.getChildCount(); k++) {
                open.push(t.getChild(k));
            }
        }
        return n;
    }

    /** The leaf "input k &gt;= 0": succeeds or fails at once, like a bt-fmu Condition. */
    static final class InputAtLeastZero extends LeafTask<double[]> {
        private int input;

        InputAtLeastZero(int input) {
            this.input = input;
        }

        @Override
        public Status execute() {
            return getObject()[input] >= 0 ? Status.SUCCEEDED : Status.FAILED;
        }

        @Override
        protected Task<double[]> copyTo(Task<double[]> task) {
            ((InputAtLeastZero) task).input = input;
            return task;
        }
    }
}
