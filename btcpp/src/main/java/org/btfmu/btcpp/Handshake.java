package org.btfmu.btcpp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/**
 * The default handshake of a custom leaf without bindings: for an action X, the FMU output
 * {@code X.request} (incremented on each start), the inputs {@code X.ack} (the request the
 * plant has taken up) and {@code X.result} (BT.CPP's NodeStatus codes {@value #RUNNING}
 * RUNNING, {@value #SUCCESS} SUCCESS, {@value #FAILURE} FAILURE); input ports are outputs
 * {@code X.<port>} written while the action runs, output ports inputs {@code X.<port>} copied
 * to their entry. For a condition X, the Boolean input {@code X.value}.
 */
final class Handshake {

    static final int RUNNING = 1;
    static final int SUCCESS = 2;
    static final int FAILURE = 3;
    /** The FMU input of an inout port's answer: {@code X.<port>_out} beside the output {@code X.<port>}. */
    static final String INOUT_SUFFIX = "_out";

    /** Receives each FMU variable the handshake needs: name, causality, type, description. */
    @FunctionalInterface
    interface Variables {
        void add(String name, String causality, String type, String description);
    }

    private Handshake() {
    }

    /** Fills {@code def} (a mission sub-tree with its ports) with the description and the tree. */
    static void define(ObjectNode def, String id, String category, Map<String, String> portTypes,
            Map<String, String> directions, Variables generated) {
        ObjectNode tree = def.objectNode();
        if (category.equals("Condition")) {
            def.put("description", "BT.CPP Condition " + id + ": SUCCESS while the FMU input " + id
                    + ".value is true (default handshake)" + (portTypes.isEmpty() ? "."
                            : "; its ports are not visible to the plant: bind it to use them."));
            generated.add(id + ".value", "input", "Boolean", "the plant's answer to condition " + id);
            tree.put("type", "Condition");
            tree.put("predicate", id + ".value");
        } else {
            def.put("description", "BT.CPP Action " + id + ", default handshake: activation increments the FMU"
                    + " output " + id + ".request; the plant echoes it in " + id + ".ack and reports " + id
                    + ".result (" + RUNNING + " RUNNING, " + SUCCESS + " SUCCESS, " + FAILURE + " FAILURE, BT.CPP's"
                    + " NodeStatus codes); input ports are FMU outputs " + id + ".<port>, output ports FMU inputs, inout"
                    + " ports both (" + id + ".<port> out, " + id + ".<port>" + INOUT_SUFFIX + " in).");
            generated.add(id + ".request", "output", "Integer", "incremented each time " + id + " starts");
            generated.add(id + ".ack", "input", "Integer", "the last request of " + id + " the plant has taken up");
            generated.add(id + ".result", "input", "Integer", "the plant's result of " + id + " for request "
                    + id + ".ack: 1 running, 2 success, 3 failure");
            tree.put("type", "Action");
            tree.put("idleResult", false);
            tree.putObject("entry").put(id + ".request", id + ".request + 1");
            ObjectNode outputs = def.objectNode();
            portTypes.forEach((port, type) -> {
                if ("inout".equals(directions.get(port))) {
                    // Both ways: the entry is shown to the plant, the plant's answer copied back.
                    String shown = id + "." + port;
                    String answer = shown + INOUT_SUFFIX;
                    generated.add(shown, "output", type, "inout port " + port + " of " + id + " (the entry's value)");
                    generated.add(answer, "input", type, "inout port " + port + " of " + id + " (the plant's answer,"
                            + " copied to the entry while the action runs)");
                    outputs.put(shown, port);
                    outputs.put(port, answer);
                    return;
                }
                boolean in = "input".equals(directions.get(port));
                String variable = id + "." + port;
                generated.add(variable, in ? "output" : "input", type, (in ? "input" : "output") + " port " + port
                        + " of " + id);
                if (in) {
                    outputs.put(variable, port);
                } else {
                    outputs.put(port, variable);
                }
            });
            if (!outputs.isEmpty()) {
                tree.set("outputs", outputs);
            }
            tree.put("done", id + ".ack == " + id + ".request and " + id + ".result == " + SUCCESS);
            tree.put("fail", id + ".ack == " + id + ".request and " + id + ".result == " + FAILURE);
        }
        def.set("tree", tree);
    }
}
