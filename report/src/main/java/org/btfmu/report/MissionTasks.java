package org.btfmu.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.btfmu.core.TaskInfo;
import org.btfmu.mission.Mission;
import org.btfmu.mission.MissionException;
import org.btfmu.mission.MissionLoader;

/**
 * The tasks of a mission FMU as the report draws them: the tree from the mission file the FMU
 * carries ({@code resources/mission.json}, loaded as the FMU loads it, sub-trees expanded),
 * with each task's description and expressions taken from its place in that file.
 */
public final class MissionTasks {

    private static final String MISSION = "resources/mission.json";
    private static final List<String> NOT_EXPRESSIONS = List.of("type", "name", "description", "children",
            "subtree");

    private MissionTasks() {
    }

    /** The mission's tasks in depth-first order, or an empty list for an FMU that carries no mission. */
    public static List<ReportTask> of(Path fmu, String prefix) throws IOException {
        try (ZipFile zip = new ZipFile(fmu.toFile())) {
            ZipEntry entry = zip.getEntry(MISSION);
            if (entry == null) {
                return List.of();
            }
            try (InputStream in = zip.getInputStream(entry)) {
                return of(new String(in.readAllBytes(), StandardCharsets.UTF_8), fmu + "!/" + MISSION, prefix);
            }
        }
    }

    /** The tasks of a mission file's text; {@code prefix} goes before every path. */
    public static List<ReportTask> of(String json, String source, String prefix) throws IOException {
        Mission mission;
        try {
            mission = MissionLoader.load(json, source);
        } catch (MissionException e) {
            throw new IOException(source + ": " + e.getMessage(), e);
        }
        Map<String, JsonNode> nodes = new HashMap<>();
        JsonNode root = new ObjectMapper().readTree(json);
        collect(root.path("tree"), "", root.path("subtrees"), null, nodes, 0);
        List<ReportTask> tasks = new ArrayList<>();
        for (TaskInfo info : mission.tree().tasks()) {
            String path = info.path().replace('/', '.');
            JsonNode node = nodes.get(path);
            tasks.add(new ReportTask(prefix + path, info.name(), info.typeName(), info.parentIndex(),
                    node == null ? "" : node.path("description").asText(""), expressions(node)));
        }
        return tasks;
    }

    /** Every task object of the file by its path; a sub-tree reference stands for its definition's root. */
    private static void collect(JsonNode node, String parentPath, JsonNode subtrees, String instanceName,
            Map<String, JsonNode> byPath, int depth) {
        if (!node.isObject() || depth > 100) {
            return;
        }
        String name = instanceName != null ? instanceName : node.path("name").asText("");
        if ("SubTree".equals(node.path("type").asText())) {
            JsonNode definition = subtrees.path(node.path("subtree").asText()).path("tree");
            collect(definition, parentPath, subtrees, name, byPath, depth + 1);
            if (!node.path("description").asText("").isEmpty()) {
                byPath.put(join(parentPath, name), node); // the reference's own words win
            }
            return;
        }
        String path = join(parentPath, name);
        byPath.putIfAbsent(path, node);
        for (JsonNode child : node.path("children")) {
            collect(child, path, subtrees, null, byPath, depth + 1);
        }
    }

    private static String join(String parent, String name) {
        return parent.isEmpty() ? name : parent + "." + name;
    }

    private static Map<String, String> expressions(JsonNode node) {
        Map<String, String> result = new LinkedHashMap<>();
        if (node == null) {
            return result;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            if (!NOT_EXPRESSIONS.contains(field.getKey())) {
                JsonNode value = field.getValue();
                result.put(field.getKey(), value.isTextual() ? value.asText() : value.toString());
            }
        }
        return result;
    }
}
