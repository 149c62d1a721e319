package org.btfmu.core;

import static org.btfmu.core.Tasks.condition;
import static org.btfmu.core.Tasks.root;
import static org.btfmu.core.Tasks.sequence;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.core.expr.Expression;
import org.btfmu.core.expr.ExpressionParser;
import org.btfmu.core.expr.JavaExpression;
import org.junit.jupiter.api.Test;

class SlotComparisonsTest {

    private static final String[] OPS = {"<", "<=", ">", ">=", "==", "!="};

    @Test
    void onlyConditionsWithoutHysteresisOnARealSlotComparisonAreInTheTable() {
        Board b = new Board();
        int x = b.input("x", SlotType.REAL);
        b.input("n", SlotType.INTEGER);
        BlackboardDefinition board = b.definition();
        TreeDefinition def = TreeDefinition.of(board, root("r", sequence("s",
                condition("plain", ExpressionParser.parse("x >= 0", board)),
                condition("held", ExpressionParser.parse("x >= 0", board), 1),
                condition("sum", ExpressionParser.parse("x + 1 >= 0", board)),
                condition("integer", ExpressionParser.parse("n > 0", board)),
                condition("java", JavaExpression.atLeast(x, 0)))));
        boolean[] expected = {false, false, true, false, false, false, false};
        for (int i = 0; i < def.size(); i++) {
            assertEquals(expected[i], def.comparisons.has(i), def.path(i));
        }
    }

    @Test
    void conditionsTestedFromTheTableFollowTheirComparisonInBothModes() {
        for (ProcessingMode mode : List.of(ProcessingMode.EVENT_DRIVEN, ProcessingMode.ticked(1))) {
            Board b = new Board();
            int x = b.input("x", SlotType.REAL);
            BlackboardDefinition board = b.definition();
            TaskNode[] checks = new TaskNode[OPS.length];
            Expression[] predicates = new Expression[OPS.length];
            for (int k = 0; k < OPS.length; k++) {
                predicates[k] = ExpressionParser.parse("x " + OPS[k] + " 0.5", board);
                checks[k] = condition("c" + k, predicates[k]);
            }
            TreeDefinition def = TreeDefinition.of(board, root("r", sequence("s", checks)));
            TreeInstance tree = new TreeInstance(def, mode);
            double time = 0;
            tree.start(time);
            for (double value : new double[] {1, 0.5, -3, Double.NaN, 0.5, Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY, 0.25}) {
                tree.setReal(x, value);
                tree.advanceTo(++time);
                for (int k = 0; k < OPS.length; k++) {
                    int task = k + 2;
                    assertTrue(def.comparisons.has(task), def.path(task));
                    // the expression's own evaluation (SlotComparisonTest holds it to Java's operators)
                    boolean holds = predicates[k].evalBoolean(tree);
                    assertEquals(holds ? Status.SUCCESS : Status.FAILURE, tree.status(task),
                            mode + ": x = " + value + " " + OPS[k] + " 0.5");
                }
            }
        }
    }
}
