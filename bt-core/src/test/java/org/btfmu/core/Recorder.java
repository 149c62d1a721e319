package org.btfmu.core;

import java.util.ArrayList;
import java.util.List;

/** Test helper: collects status changes as "path:OLD->NEW" strings. */
public final class Recorder implements StatusListener {

    public final List<String> changes = new ArrayList<>();

    @Override
    public void statusChanged(double time, int taskIndex, String path, Status oldStatus, Status newStatus) {
        changes.add(path + ":" + oldStatus + "->" + newStatus);
    }

    /** The changes of one task path, as "OLD->NEW". */
    public List<String> of(String path) {
        List<String> result = new ArrayList<>();
        for (String c : changes) {
            if (c.startsWith(path + ":")) {
                result.add(c.substring(path.length() + 1));
            }
        }
        return result;
    }

    public void clear() {
        changes.clear();
    }
}
