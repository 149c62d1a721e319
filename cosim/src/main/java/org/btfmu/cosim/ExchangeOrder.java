package org.btfmu.cosim;

import java.util.ArrayList;
import java.util.List;

/**
 * The order in which connections must be copied so that values settle in one pass,
 * from the FMUs' declared dependencies: connection c must wait for connection d
 * when d feeds an input that c's source output depends on at the same instant
 * (direct feedthrough, {@code <Outputs>} in Step Mode and {@code <InitialUnknowns>}
 * in Initialization Mode). A cycle of such waits is an algebraic loop, which this
 * master does not solve: it is reported with the variables that form it.
 */
final class ExchangeOrder {

    private ExchangeOrder() {
    }

    /**
     * Groups {@code connections} into levels: level 0 depends on no other connection,
     * level k only on levels below k. Keeps the given order within a level.
     *
     * @throws CoSimulationException naming the variables of an algebraic loop
     */
    static List<List<Connection>> levels(List<Connection> connections, ModelStructure.Mode mode) {
        int n = connections.size();
        List<List<Integer>> waitsFor = new ArrayList<>();
        for (Connection c : connections) {
            List<Integer> before = new ArrayList<>();
            var inputs = c.from().fmu().structure().inputsOf(c.from().variable().name(), mode);
            for (int d = 0; d < n; d++) {
                Connection feeding = connections.get(d);
                if (feeding.to().fmu() == c.from().fmu() && inputs.contains(feeding.to().variable().name())) {
                    before.add(d);
                }
            }
            waitsFor.add(before);
        }
        int[] level = new int[n];
        int[] state = new int[n]; // 0 unvisited, 1 on the path, 2 done
        List<Integer> path = new ArrayList<>();
        int deepest = 0;
        for (int c = 0; c < n; c++) {
            deepest = Math.max(deepest, visit(c, waitsFor, level, state, path, connections, mode));
        }
        List<List<Connection>> result = new ArrayList<>();
        for (int l = 0; l <= deepest && n > 0; l++) {
            result.add(new ArrayList<>());
        }
        for (int c = 0; c < n; c++) {
            result.get(level[c]).add(connections.get(c));
        }
        return result;
    }

    private static int visit(int c, List<List<Integer>> waitsFor, int[] level, int[] state, List<Integer> path,
            List<Connection> connections, ModelStructure.Mode mode) {
        if (state[c] == 2) {
            return level[c];
        }
        if (state[c] == 1) {
            throw loop(path.subList(path.indexOf(c), path.size()), connections, mode);
        }
        state[c] = 1;
        path.add(c);
        int mine = 0;
        for (int d : waitsFor.get(c)) {
            mine = Math.max(mine, visit(d, waitsFor, level, state, path, connections, mode) + 1);
        }
        path.remove(path.size() - 1);
        state[c] = 2;
        level[c] = mine;
        return mine;
    }

    /** {@code cycle}: connections each waiting for the next one, the last for the first. */
    private static CoSimulationException loop(List<Integer> cycle, List<Connection> connections,
            ModelStructure.Mode mode) {
        // Walk along the flow: the connection waited for comes first.
        StringBuilder text = new StringBuilder();
        for (int i = cycle.size() - 1; i >= 0; i--) {
            Connection c = connections.get(cycle.get(i));
            text.append(c.from()).append(" -> ").append(c.to()).append(" => ");
        }
        text.append(connections.get(cycle.get(cycle.size() - 1)).from());
        return new CoSimulationException("algebraic loop in " + mode + ": " + text
                + " (-> a connection, => an output that the FMU declares to depend on that input at the same "
                + "instant, in its modelDescription.xml <ModelStructure>); this master does not solve algebraic "
                + "loops: break one of these connections or declare the true dependencies");
    }
}
