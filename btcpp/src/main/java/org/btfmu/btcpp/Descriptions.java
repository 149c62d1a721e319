package org.btfmu.btcpp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/**
 * The descriptions of imported tasks: the bindings' (by task path, as an export writes them),
 * else the import's own note on how the node differs from BT.CPP, which a tree exported by
 * bt-fmu does not get (its descriptions are all in the bindings).
 */
record Descriptions(Map<String, String> byPath, boolean exportedByBtFmu) {

    void describe(ObjectNode task, String path, String note) {
        String text = byPath.get(path);
        if (text == null && !exportedByBtFmu) {
            text = note;
        }
        if (text != null) {
            task.put("description", text);
        }
    }
}
