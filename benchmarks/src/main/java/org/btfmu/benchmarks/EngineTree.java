package org.btfmu.benchmarks;

import java.util.ArrayList;
import java.util.List;
import org.btfmu.core.BlackboardDefinition;
import org.btfmu.core.Slot;
import org.btfmu.core.SlotKind;
import org.btfmu.core.TaskNode;
import org.btfmu.core.Tasks;
import org.btfmu.core.TreeDefinition;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.core.expr.ExpressionParser;

/**
 * A {@link TreeShape} as a bt-fmu tree: Root over Sequences, each leaf a Condition with
 * the parsed predicate {@code x<k> >= 0} (what a mission file produces) on the Real input
 * slot {@code x<k>}, default 1, so every condition holds at the start.
 */
public final class EngineTree {

    /** Input value that makes a leaf's condition hold; its negation makes it fail. */
    public static final double HOLDS = 1.0;

    private final TreeShape shape;
    private final TreeDefinition definition;
    private final int[] taskOfNode;

    public EngineTree(TreeShape shape) {
        this.shape = shape;
        List<Slot> slots = new ArrayList<>(shape.inputs());
        for (int k = 0; k < shape.inputs(); k++) {
            slots.add(new Slot("x" + k, SlotType.REAL, SlotKind.INPUT, HOLDS, false));
        }
        BlackboardDefinition blackboard = BlackboardDefinition.of(slots);
        // Children have higher node numbers than their parent: build bottom-up, no recursion.
        TaskNode[] built = new TaskNode[shape.nodes()];
        for (int i = shape.nodes() - 1; i >= 0; i--) {
            if (shape.isLeaf(i)) {
                String predicate = "x" + shape.input(i) + " >= 0";
                built[i] = Tasks.condition("c" + i, ExpressionParser.parse(predicate, blackboard, SlotType.BOOLEAN));
            } else {
                int[] kids = shape.children(i);
                TaskNode[] children = new TaskNode[kids.length];
                for (int k = 0; k < kids.length; k++) {
                    children[k] = built[kids[k]];
                    built[kids[k]] = null;
                }
                built[i] = Tasks.sequence("s" + i, children);
            }
        }
        definition = TreeDefinition.of(blackboard, Tasks.root("root", built[0]));
        // Task indices of the nodes, walking the shape top-down (task 0 is the root).
        taskOfNode = new int[shape.nodes()];
        taskOfNode[0] = definition.child(0, 0);
        for (int i = 0; i < shape.nodes(); i++) {
            int[] kids = shape.children(i);
            for (int k = 0; k < kids.length; k++) {
                taskOfNode[kids[k]] = definition.child(taskOfNode[i], k);
            }
        }
    }

    public TreeShape shape() {
        return shape;
    }

    public TreeDefinition definition() {
        return definition;
    }

    /** The engine's task index of a shape node. */
    public int task(int node) {
        return taskOfNode[node];
    }

    /** The blackboard slot of a leaf's input. */
    public int slot(int leaf) {
        return shape.input(leaf); // slots are declared in input order
    }
}
