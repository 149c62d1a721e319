package org.btfmu.core.tasks;

import static org.btfmu.core.Board.flag;
import static org.btfmu.core.Tasks.action;
import static org.btfmu.core.Tasks.root;

import java.util.function.UnaryOperator;
import org.btfmu.core.Board;
import org.btfmu.core.TaskNode;
import org.btfmu.core.TreeInstance;
import org.btfmu.core.blackboard.SlotType;

/** A decorator over an action whose done/fail are inputs 0 and 1; the decorator is task 1, the action 2. */
final class DecoratorsTestSupport {

    static final int DONE = 0;
    static final int FAIL = 1;

    private DecoratorsTestSupport() {
    }

    static TreeInstance decorated(UnaryOperator<TaskNode> decorator) {
        Board b = new Board();
        b.input("done", SlotType.BOOLEAN);
        b.input("fail", SlotType.BOOLEAN);
        return b.instance(root("r", decorator.apply(action("a").done(flag(DONE)).fail(flag(FAIL)).build())));
    }
}
