package org.btfmu.report;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.btfmu.core.Status;

/**
 * Writes a run as BehaviorTree.CPP's {@code FileLogger2} log ({@code .btlog}), which Groot2 replays.
 * The format, as bt_file_logger_v2.h/.cpp of BT.CPP 4 write it: a 4-byte little-endian length N,
 * N bytes of the tree as BT.CPP XML with a {@code _uid} attribute on every node, the first timestamp
 * as a little-endian int64 in microseconds, then one little-endian 8-byte record per transition:
 * bits 0-44 the microseconds since the first timestamp, 45-60 the node's UID, 61-63 its new
 * status (IDLE 0, RUNNING 1, SUCCESS 2, FAILURE 3, SKIPPED 4).
 *
 * <p>One node per task, UIDs 1, 2, ... in depth-first order; simulated time is the log's time
 * (the first timestamp is the start time). The eight statuses become BT.CPP's by what a BT.CPP user
 * reads from them ({@link #btcpp}); a change that maps to the status the node already has is left out.
 */
public final class BtLog {

    /** BehaviorTree.CPP's NodeStatus values. */
    public static final int IDLE = 0, RUNNING = 1, SUCCESS = 2, FAILURE = 3;

    private static final long MAX_DELTA_USEC = (1L << 45) - 1;
    private static final Map<String, String> STANDARD = Map.of("Sequence", "Sequence", "Selector", "Fallback",
            "Inverter", "Inverter", "ForceSuccess", "ForceSuccess", "ForceFailure", "ForceFailure");

    private BtLog() {
    }

    /**
     * The BT.CPP status of a task status: SUCCESS and FINISHED are SUCCESS (a positive result, not active
     * or active); FAILURE and ABORTED are FAILURE; ACTIVATING, RUNNING and DEACTIVATING are RUNNING
     * (the task is active: entry hook, running, exit hook); ACCEPT, a task that would run if its parent
     * activated it but is not active, is IDLE.
     */
    public static int btcpp(Status status) {
        return switch (status) {
            case SUCCESS, FINISHED -> SUCCESS;
            case FAILURE, ABORTED -> FAILURE;
            case ACTIVATING, RUNNING, DEACTIVATING -> RUNNING;
            case ACCEPT -> IDLE;
        };
    }

    /**
     * Writes {@code file} (through a temporary file beside it). {@code initial} are the tasks'
     * statuses at {@code start} before the first event (by path; a task without one starts IDLE);
     * {@code events} in time order.
     */
    public static void write(Path file, String treeName, List<ReportTask> tasks, Map<String, Status> initial,
            List<StatusEvent> events, double start) throws IOException {
        if (tasks.size() >= 1 << 16) {
            throw new IOException(file + ": a .btlog holds at most 65,535 nodes; the run has " + tasks.size() + " tasks");
        }
        byte[] xml = xml(treeName, tasks).getBytes(StandardCharsets.UTF_8);
        Map<String, Integer> uid = new HashMap<>();
        for (int i = 0; i < tasks.size(); i++) {
            uid.put(tasks.get(i).path(), i + 1);
        }
        int[] current = new int[tasks.size() + 1];
        List<Long> records = new ArrayList<>();
        for (int i = 0; i < tasks.size(); i++) {
            Status s = initial.get(tasks.get(i).path());
            if (s != null && btcpp(s) != IDLE) {
                current[i + 1] = btcpp(s);
                records.add(record(0, i + 1, btcpp(s)));
            }
        }
        for (StatusEvent e : events) {
            Integer node = uid.get(e.task());
            if (node == null || btcpp(e.to()) == current[node]) {
                continue;
            }
            long usec = Math.round((e.time() - start) * 1e6);
            if (usec < 0 || usec > MAX_DELTA_USEC) {
                throw new IOException(file + ": the change at t=" + e.time() + " s is out of a .btlog's range"
                        + " (0 to about 407 days after the start)");
            }
            current[node] = btcpp(e.to());
            records.add(record(usec, node, current[node]));
        }
        ByteBuffer buffer = ByteBuffer.allocate(4 + xml.length + 8 + 8 * records.size()).order(ByteOrder.LITTLE_ENDIAN);
        buffer.putInt(xml.length).put(xml).putLong(Math.round(start * 1e6));
        records.forEach(buffer::putLong);
        Path temporary = file.resolveSibling("." + file.getFileName() + ".tmp");
        try {
            try (OutputStream out = Files.newOutputStream(temporary)) {
                out.write(buffer.array());
            }
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    static long record(long usec, int uid, int status) {
        return usec | ((long) uid << 45) | ((long) status << 61);
    }

    /**
     * The tree as BT.CPP format-4 XML: Sequence, Selector (as Fallback), Inverter, ForceSuccess and
     * ForceFailure as BT.CPP's nodes, every other task as a node {@code btfmu.<Type>} declared in
     * {@code <TreeNodesModel>} (a Condition as a condition, a leaf as an action, a task with one child
     * as a decorator, else a control); {@code name} is the task's name, {@code _uid} its UID.
     */
    static String xml(String treeName, List<ReportTask> tasks) {
        List<List<Integer>> children = new ArrayList<>();
        tasks.forEach(t -> children.add(new ArrayList<>()));
        List<Integer> roots = new ArrayList<>();
        for (int i = 0; i < tasks.size(); i++) {
            if (tasks.get(i).parent() >= 0) {
                children.get(tasks.get(i).parent()).add(i);
            } else {
                roots.add(i);
            }
        }
        Map<String, String> models = new LinkedHashMap<>();
        StringBuilder body = new StringBuilder();
        for (int root : roots) {
            element(body, root, tasks, children, models, 2);
        }
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<root BTCPP_format=\"4\""
                + " main_tree_to_execute=\"" + attribute(treeName) + "\">\n");
        xml.append(" <BehaviorTree ID=\"").append(attribute(treeName)).append("\">\n");
        if (roots.size() > 1) { // several mission FMUs: one tree, the missions side by side
            xml.append("  <btfmu.Missions>\n");
            models.put("btfmu.Missions", "Control");
        }
        xml.append(body);
        if (roots.size() > 1) {
            xml.append("  </btfmu.Missions>\n");
        }
        xml.append(" </BehaviorTree>\n <TreeNodesModel>\n");
        models.forEach((id, kind) -> xml.append("  <").append(kind).append(" ID=\"").append(attribute(id))
                .append("\"/>\n"));
        return xml.append(" </TreeNodesModel>\n</root>\n").toString();
    }

    private static void element(StringBuilder out, int i, List<ReportTask> tasks, List<List<Integer>> children,
            Map<String, String> models, int indent) {
        ReportTask task = tasks.get(i);
        String type = task.type().isEmpty() ? "Task" : task.type();
        String tag = STANDARD.getOrDefault(type, "btfmu." + type);
        if (!STANDARD.containsKey(type)) {
            int n = children.get(i).size();
            models.putIfAbsent(tag, type.equals("Condition") ? "Condition" : n == 0 ? "Action"
                    : n == 1 ? "Decorator" : "Control");
        }
        out.append(" ".repeat(indent)).append('<').append(tag).append(" name=\"").append(attribute(task.name()))
                .append("\" _uid=\"").append(i + 1).append('"');
        if (children.get(i).isEmpty()) {
            out.append("/>\n");
            return;
        }
        out.append(">\n");
        for (int child : children.get(i)) {
            element(out, child, tasks, children, models, indent + 1);
        }
        out.append(" ".repeat(indent)).append("</").append(tag).append(">\n");
    }

    private static String attribute(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace("\"", "&quot;").replace(">", "&gt;");
    }
}
