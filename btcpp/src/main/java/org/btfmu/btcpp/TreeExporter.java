package org.btfmu.btcpp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.btfmu.core.ParameterSpec;
import org.btfmu.core.TaskType;
import org.btfmu.core.TaskTypeRegistry;
import org.btfmu.mission.MissionLoader;

/**
 * Writes a mission as a BehaviorTree.CPP format-4 file that Groot2 opens: tasks with a BT.CPP
 * counterpart ({@link StandardNode}) as those nodes, mission sub-trees as
 * {@code <BehaviorTree>}s (a sub-tree that is a single leaf as a custom leaf node), every other
 * task as a node {@code btfmu.<Type>} whose parameters are its attributes; a
 * {@code <TreeNodesModel>} declares every non-standard node with its ports. What the XML
 * cannot hold (variables, the leaves' bodies, descriptions) goes into a {@code <BtFmu>}
 * element as JSON, so that importing the export gives the same mission ({@link SameTree}).
 */
public final class TreeExporter {

    private final ObjectMapper json = new ObjectMapper();
    private final TaskTypeRegistry registry = TaskTypeRegistry.standard();
    private final ObjectNode mission;
    private final Set<String> variables = new LinkedHashSet<>();
    private final Map<String, JsonNode> subtrees = new LinkedHashMap<>();
    private final Map<String, String> nativeTypes = new LinkedHashMap<>();
    private final ObjectNode extra;
    private final ObjectNode descriptions;
    private final String source;
    private XMLStreamWriter out;
    private int depth;

    private TreeExporter(ObjectNode mission, String source) {
        this.mission = mission;
        this.source = source;
        this.extra = json.createObjectNode();
        this.descriptions = json.createObjectNode();
        mission.path("variables").forEach(v -> variables.add(v.path("name").asText()));
        mission.path("subtrees").fields().forEachRemaining(e -> subtrees.put(e.getKey(), e.getValue()));
    }

    /** Exports a mission file (validated first); throws {@link BtcppException} or the loader's MissionException. */
    public static String export(Path missionFile) {
        MissionLoader.load(missionFile);
        try {
            JsonNode node = new ObjectMapper().readTree(Files.readString(missionFile));
            return new TreeExporter((ObjectNode) node, missionFile.toString()).write();
        } catch (IOException e) {
            throw new BtcppException(missionFile + ": cannot read the mission: " + e.getMessage());
        }
    }

    /** Exports a mission given as JSON (already valid). */
    public static String export(ObjectNode mission, String source) {
        return new TreeExporter(mission, source).write();
    }

    private String write() {
        JsonNode tree = mission.get("tree");
        if (!"Root".equals(tree.path("type").asText())) {
            throw new BtcppException(source + ": /tree: the export needs a Root task at the top (it becomes the"
                    + " main <BehaviorTree>)");
        }
        String rootName = tree.path("name").asText("main");
        StringWriter text = new StringWriter();
        try {
            out = XMLOutputFactory.newDefaultFactory().createXMLStreamWriter(text);
            out.writeStartDocument("UTF-8", "1.0");
            newline();
            out.writeStartElement("root");
            out.writeAttribute("BTCPP_format", "4");
            out.writeAttribute("main_tree_to_execute", rootName);
            depth++;
            describe(tree, rootName);
            start("BehaviorTree");
            out.writeAttribute("ID", rootName);
            task(tree.get("children").get(0), rootName + "/", null);
            end();
            for (Map.Entry<String, JsonNode> s : subtrees.entrySet()) {
                if (isLeaf(s.getValue())) {
                    continue;
                }
                if (s.getValue().has("description")) {
                    extra.with("subtreeDescriptions").put(s.getKey(), s.getValue().get("description").asText());
                }
                start("BehaviorTree");
                out.writeAttribute("ID", s.getKey());
                JsonNode top = s.getValue().get("tree");
                task(top, s.getKey() + ":", s.getValue());
                end();
            }
            writeModels();
            writeExtra();
            depth--;
            newline();
            out.writeEndElement();
            newline();
            out.writeEndDocument();
            out.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("writing XML to a string failed", e);
        }
        return text.toString();
    }

    private static boolean isLeaf(JsonNode subtree) {
        JsonNode tree = subtree.path("tree");
        return tree.path("children").isEmpty() && !"SubTree".equals(tree.path("type").asText());
    }

    // ---- tasks

    private void task(JsonNode t, String path, JsonNode inSubtree) throws XMLStreamException {
        task(t, path, inSubtree, null);
    }

    /** One task as an element; {@code onHalted}, if not null, is written as its {@code _onHalted} script. */
    private void task(JsonNode t, String path, JsonNode inSubtree, String onHalted) throws XMLStreamException {
        String type = t.path("type").asText();
        String name = t.has("name") ? t.get("name").asText() : null;
        String own = path + (name == null ? "" : name);
        describe(t, own);
        String folded = onHalted == null ? onHaltedScript(t, name, inSubtree) : null;
        if (folded != null) {
            task(t.get("children").get(0), own + "/", inSubtree, folded);
            return;
        }
        if (type.equals("SubTree")) {
            subtreeReference(t, inSubtree, onHalted);
            return;
        }
        List<JsonNode> children = new ArrayList<>();
        t.path("children").forEach(children::add);
        Map<String, String> attributes = new LinkedHashMap<>();
        String element = standard(type, t, attributes);
        if (element == null) {
            element = script(type, t, attributes, inSubtree);
        }
        if (element == null) {
            element = nativeNode(type, t, children.size(), attributes);
        }
        start(element);
        String id = attributes.remove("ID");
        if (id != null) {
            out.writeAttribute("ID", id);
        }
        if (name != null) {
            out.writeAttribute("name", name);
        }
        for (Map.Entry<String, String> a : attributes.entrySet()) {
            out.writeAttribute(a.getKey(), a.getValue());
        }
        if (onHalted != null) {
            out.writeAttribute("_onHalted", onHalted);
        }
        for (JsonNode c : children) {
            task(c, own + "/", inSubtree);
        }
        end(children.isEmpty());
    }

    /** The BT.CPP node for a task with a standard counterpart (attributes filled in), or null. */
    private String standard(String type, JsonNode t, Map<String, String> a) {
        switch (type) {
            case "MemorySequence":
                return t.path("resumeAfterFailure").asBoolean(false) ? "SequenceWithMemory" : "Sequence";
            case "Sequence":
                return "ReactiveSequence";
            case "MemorySelector":
                return "Fallback";
            case "Selector":
                return "ReactiveFallback";
            case "Parallel":
                copy(t, "successThreshold", a, "success_count");
                copy(t, "failureThreshold", a, "failure_count");
                return "Parallel";
            case "ParallelAll":
                copy(t, "maxFailures", a, "max_failures");
                return "ParallelAll";
            case "IfThenElse", "WhileDoElse", "Inverter", "ForceSuccess", "ForceFailure":
                return type;
            case "Retry":
                a.put("num_attempts", t.path("attempts").asText("-1"));
                return "RetryUntilSuccessful";
            case "Loop":
                if (t.path("continueOnFailure").asBoolean(false)) {
                    return null;
                }
                int count = t.path("count").asInt(-1);
                if (count == -1) {
                    return "KeepRunningUntilFailure";
                }
                a.put("num_cycles", Integer.toString(count));
                return "Repeat";
            case "Timeout", "Delay", "Wait": {
                String ms = milliseconds(t.path("duration").asDouble());
                if (ms == null) {
                    return null;
                }
                a.put(type.equals("Delay") ? "delay_msec" : "msec", ms);
                return type.equals("Wait") ? "Sleep" : type;
            }
            case "RunOnce":
                copy(t, "thenSkip", a, "then_skip");
                return "RunOnce";
            case "Condition":
                if (t.has("hysteresis") && t.get("hysteresis").asDouble() != 0) {
                    return null;
                }
                String p = t.path("predicate").asText();
                return p.equals("true") ? "AlwaysSuccess" : p.equals("false") ? "AlwaysFailure" : null;
            default:
                return null;
        }
    }

    /**
     * A Condition as {@code ScriptCondition}, a Script as {@code Script}, when BT.CPP's script
     * language can say the same: the script's import must give back exactly the same text
     * (see {@link ScriptText}); otherwise null, and the task is exported as a btfmu node.
     */
    private String script(String type, JsonNode t, Map<String, String> a, JsonNode inSubtree) {
        ScriptText text = textIn(inSubtree);
        if (type.equals("Condition") && !t.has("hysteresis") && t.path("predicate").isTextual()) {
            String code = text.script(t.get("predicate").asText());
            if (code != null) {
                a.put("code", code);
                return "ScriptCondition";
            }
        }
        if (type.equals("Script")) {
            String code = statements(t.path("code"), text);
            if (code != null) {
                a.put("code", code);
                return "Script";
            }
        }
        return null;
    }

    /** Assignments as BT.CPP script statements, or null if the script language cannot hold them. */
    private static String statements(JsonNode code, ScriptText text) {
        List<String> statements = new ArrayList<>();
        for (var it = code.fields(); it.hasNext();) {
            var e = it.next();
            String target = text.key(e.getKey());
            String value = e.getValue().isTextual() ? text.script(e.getValue().asText()) : null;
            if (target == null || value == null) {
                return null;
            }
            statements.add(target + " := " + value);
        }
        return String.join("; ", statements);
    }

    /**
     * The script of an OnHalted task that the import of {@code _onHalted} on its child gives back:
     * named after the child as the import names it, with a script BT.CPP can hold; else null
     * (the task is exported as a btfmu node).
     */
    private String onHaltedScript(JsonNode t, String name, JsonNode inSubtree) {
        JsonNode child = t.path("children").path(0);
        if (!t.path("type").asText().equals("OnHalted") || !child.has("name")
                || !(child.get("name").asText() + "_onHalted").equals(name)) {
            return null;
        }
        String code = statements(t.path("code"), textIn(inSubtree));
        return code == null || code.isEmpty() ? null : code;
    }

    /** How expressions are written in the main tree ({@code inSubtree} null) or in that sub-tree. */
    private ScriptText textIn(JsonNode inSubtree) {
        if (inSubtree == null) {
            return new ScriptText(null);
        }
        String id = subtrees.entrySet().stream().filter(s -> s.getValue() == inSubtree).map(Map.Entry::getKey)
                .findFirst().orElse(null);
        return new ScriptText(inSubtree.path("ports"), id);
    }

    /** Milliseconds as BT.CPP's unsigned integer ports take them, or null if not a whole number. */
    private static String milliseconds(double seconds) {
        double ms = seconds * 1000;
        long whole = Math.round(ms);
        return whole >= 0 && Math.abs(ms - whole) < 1e-9 * Math.max(1, ms) && whole / 1000.0 == seconds
                ? Long.toString(whole) : null;
    }

    private static void copy(JsonNode t, String param, Map<String, String> a, String port) {
        if (t.has(param)) {
            a.put(port, t.get(param).asText());
        }
    }

    private String nativeNode(String type, JsonNode t, int children, Map<String, String> a) {
        TaskType taskType = registry.find(type).orElseThrow(() -> new BtcppException(source + ": unknown task type '"
                + type + "'"));
        String category = type.equals("Condition") ? "Condition" : StandardNode.category(children);
        nativeTypes.put(type, category);
        a.clear();
        for (ParameterSpec spec : taskType.parameters()) {
            JsonNode v = t.get(spec.name());
            if (v != null) {
                a.put(spec.name(), v.isTextual() ? v.asText() : v.toString());
            }
        }
        // The compact form (element name = ID): BT.CPP 4.10 checks a ReactiveSequence's children by
        // element name and refuses <Action ID=..>/<Decorator ID=..> there.
        return NodeTasks.NATIVE + type;
    }

    private void subtreeReference(JsonNode t, JsonNode inSubtree, String onHalted) throws XMLStreamException {
        String ref = t.path("subtree").asText();
        JsonNode def = subtrees.get(ref);
        boolean leaf = isLeaf(def);
        start(leaf ? ref : "SubTree");
        if (!leaf) {
            out.writeAttribute("ID", ref);
        }
        out.writeAttribute("name", t.path("name").asText());
        JsonNode arguments = t.path("arguments");
        for (var it = arguments.fields(); it.hasNext();) {
            var e = it.next();
            out.writeAttribute(e.getKey(), portValue(t, e.getKey(), e.getValue(), inSubtree));
        }
        if (onHalted != null) {
            out.writeAttribute("_onHalted", onHalted);
        }
        end(true);
    }

    /** A sub-tree argument as a BT.CPP port value: {key} for a variable or port, else a literal. */
    private String portValue(JsonNode t, String port, JsonNode value, JsonNode inSubtree) {
        if (!value.isTextual()) {
            return value.asText();
        }
        String s = value.asText().strip();
        boolean isPort = inSubtree != null && inSubtree.path("ports").has(s);
        if (isPort) {
            return "{" + s + "}";
        }
        if (variables.contains(s)) {
            return inSubtree == null ? "{" + s + "}" : "{@" + s + "}";
        }
        if (s.equals("true") || s.equals("false")) {
            return s;
        }
        try {
            Double.parseDouble(s);
            return s;
        } catch (NumberFormatException e) {
            // not a number
        }
        if (s.length() >= 2 && s.startsWith("'") && s.endsWith("'") && s.indexOf('\'', 1) == s.length() - 1
                && s.indexOf('\\') < 0) {
            return s.substring(1, s.length() - 1);
        }
        throw new BtcppException(source + ": task '" + t.path("name").asText() + "', argument '" + port + "' = "
                + s + ": a BehaviorTree.CPP port holds a blackboard key or a literal, not an expression");
    }

    // ---- model, extra data

    private void writeModels() throws XMLStreamException {
        start("TreeNodesModel");
        for (Map.Entry<String, JsonNode> s : subtrees.entrySet()) {
            JsonNode def = s.getValue();
            boolean leaf = isLeaf(def);
            start(leaf ? ("Condition".equals(def.path("tree").path("type").asText()) ? "Condition" : "Action")
                    : "SubTree");
            out.writeAttribute("ID", s.getKey());
            boolean any = false;
            for (var it = def.path("ports").fields(); it.hasNext();) {
                var p = it.next();
                start("inout_port");
                out.writeAttribute("name", p.getKey());
                out.writeAttribute("type", TypeNames.cppType(p.getValue().asText()));
                end(true);
                any = true;
            }
            end(!any);
            if (leaf) {
                ObjectNode node = extra.with("nodes").putObject(s.getKey());
                node.set("ports", def.path("ports"));
                if (def.has("description")) {
                    node.set("description", def.get("description"));
                }
                node.set("tree", def.get("tree"));
            }
        }
        for (Map.Entry<String, String> n : nativeTypes.entrySet()) {
            start(n.getValue());
            out.writeAttribute("ID", NodeTasks.NATIVE + n.getKey());
            List<ParameterSpec> params = registry.find(n.getKey()).orElseThrow().parameters();
            for (ParameterSpec spec : params) {
                start("input_port");
                out.writeAttribute("name", spec.name());
                out.writeAttribute("type", switch (spec.kind()) {
                    case REAL -> "double";
                    case INTEGER -> "int";
                    case BOOLEAN -> "bool";
                    default -> "std::string";
                });
                if (spec.description() != null) {
                    out.writeCharacters(spec.description());
                }
                end(true);
            }
            end(params.isEmpty());
        }
        end();
    }

    private void writeExtra() throws XMLStreamException {
        ObjectNode data = json.createObjectNode();
        for (String k : List.of("name", "description", "statusOutputs", "processing", "variables")) {
            if (mission.has(k)) {
                data.set(k, mission.get(k));
            }
        }
        ObjectNode root = json.createObjectNode();
        mission.get("tree").fields().forEachRemaining(p -> {
            if (!List.of("type", "name", "description", "children").contains(p.getKey())) {
                root.set(p.getKey(), p.getValue());
            }
        });
        // The import ends the tree on its child's first result unless told otherwise.
        root.put("endOnTransientResult", mission.get("tree").path("endOnTransientResult").asBoolean(false));
        data.set("root", root);
        extra.fields().forEachRemaining(e -> data.set(e.getKey(), e.getValue()));
        if (!descriptions.isEmpty()) {
            data.set("descriptions", descriptions);
        }
        start("BtFmu");
        try {
            String text = json.writerWithDefaultPrettyPrinter().writeValueAsString(data);
            out.writeCData("\n" + text.replace("]]>", "]]]]><![CDATA[>") + "\n");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        end(true);
    }

    private void describe(JsonNode t, String path) {
        if (t.has("description")) {
            descriptions.put(path, t.get("description").asText());
        }
    }

    // ---- indentation

    private void start(String element) throws XMLStreamException {
        newline();
        out.writeStartElement(element);
        depth++;
    }

    private void end() throws XMLStreamException {
        end(false);
    }

    /** Ends the element; {@code inline} keeps the end tag on the start tag's line. */
    private void end(boolean inline) throws XMLStreamException {
        depth--;
        if (!inline) {
            newline();
        }
        out.writeEndElement();
    }

    private void newline() throws XMLStreamException {
        out.writeCharacters("\n" + "  ".repeat(depth));
    }
}
