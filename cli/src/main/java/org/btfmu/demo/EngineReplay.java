package org.btfmu.demo;

import java.util.List;
import java.util.function.IntConsumer;
import org.btfmu.core.TreeInstance;
import org.btfmu.mission.Causality;
import org.btfmu.mission.Mission;
import org.btfmu.mission.Variable;

/**
 * A mission's engine driven outside its FMU by the plant outputs that a co-simulation
 * recorded (columns {@code plant.<input name>}), the way the FMU slave drives it: the
 * inputs of the first communication point, then start; per step, settle the inputs
 * (event-driven only: a ticked tree sees them at its next tick), advance to the next
 * communication point and set its inputs. So the engine's outputs at each point equal the
 * mission FMU's, and what happened within a step can be watched with a status listener.
 */
public final class EngineReplay {

    private EngineReplay() {
    }

    /**
     * Replays {@code recording} into {@code tree}, a fresh instance of {@code mission}'s tree;
     * {@code atPoint} is called with each communication point's index once the engine has
     * reached it and its inputs are set.
     */
    public static void run(Mission mission, TreeInstance tree, Recording recording, IntConsumer atPoint) {
        List<Variable> inputs = mission.variables().stream().filter(v -> v.causality() == Causality.INPUT).toList();
        List<double[]> values = inputs.stream().map(v -> recording.values("plant." + v.name())).toList();
        boolean ticked = tree.mode().isTicked();
        double[] t = recording.times();
        for (int i = 0; i < t.length; i++) {
            if (i > 0) {
                if (!ticked) {
                    tree.settle();
                }
                tree.advanceTo(t[i]);
            }
            for (int k = 0; k < inputs.size(); k++) {
                set(tree, inputs.get(k), values.get(k)[i]);
            }
            if (i == 0) {
                tree.start(t[0]);
            }
            atPoint.accept(i);
        }
    }

    private static void set(TreeInstance tree, Variable input, double value) {
        switch (input.type()) {
            case REAL -> tree.setReal(input.slot(), value);
            case INTEGER -> tree.setInteger(input.slot(), (int) value);
            case BOOLEAN -> tree.setBoolean(input.slot(), value != 0);
            case STRING -> throw new IllegalArgumentException("String input '" + input.name()
                    + "' cannot be replayed from a recording of numbers");
        }
    }
}
