package org.btfmu.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Records every task's status timeline (what 2013 Fig. 8 plots): the status when attached,
 * then each change with its time, in processing order. Several changes may share one time
 * (chains within an instant).
 */
public final class TraceRecorder implements StatusListener {

    /** One point of a timeline. */
    public record Change(double time, Status status) {
    }

    private final List<List<Change>> timelines;

    private TraceRecorder(TreeInstance instance) {
        int n = instance.definition().size();
        timelines = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            List<Change> line = new ArrayList<>();
            line.add(new Change(instance.time(), instance.status(i)));
            timelines.add(line);
        }
    }

    /** Starts recording the instance's status changes from now on. */
    public static TraceRecorder attach(TreeInstance instance) {
        TraceRecorder recorder = new TraceRecorder(instance);
        instance.addStatusListener(recorder);
        return recorder;
    }

    @Override
    public void statusChanged(double time, int taskIndex, String path, Status oldStatus, Status newStatus) {
        timelines.get(taskIndex).add(new Change(time, newStatus));
    }

    public List<Change> timeline(int taskIndex) {
        return Collections.unmodifiableList(timelines.get(taskIndex));
    }

    /** The status the task settled in at time t (after every change at t). */
    public Status statusAt(int taskIndex, double t) {
        Status s = null;
        for (Change c : timelines.get(taskIndex)) {
            if (c.time() > t) {
                break;
            }
            s = c.status();
        }
        if (s == null) {
            throw new IllegalArgumentException("no record of task " + taskIndex + " at t=" + t);
        }
        return s;
    }

    /** How often the task entered the given status. */
    public int count(int taskIndex, Status status) {
        int n = 0;
        List<Change> line = timelines.get(taskIndex);
        for (int k = 1; k < line.size(); k++) {
            if (line.get(k).status() == status) {
                n++;
            }
        }
        return n;
    }
}
