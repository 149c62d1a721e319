package org.btfmu.mission;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.btfmu.core.BlackboardDefinition;
import org.btfmu.core.NonFinite;
import org.btfmu.core.ProcessingMode;
import org.btfmu.core.TaskNode;
import org.btfmu.core.TaskTypeRegistry;
import org.btfmu.core.TreeDefinition;
import org.btfmu.core.TreeInstance;
import org.btfmu.core.expr.RangeCheck;

/**
 * Reads and validates mission files. Every problem of a file is collected
 * and reported at once in a {@link MissionException}, each with its JSON
 * pointer, line and column.
 *
 * <p>Format (see {@code schema/mission.schema.json} and {@code examples/}):
 * <pre>
 * {
 *   "name": "traffic_circuit",              C identifier: the FMU's model name
 *   "description": "...",                   optional
 *   "statusOutputs": true,                  optional: status.&lt;task path&gt; Integer outputs
 *   "processing": "event-driven",           optional (default), or {"mode": "ticked", "period": 0.5}
 *   "nonFinite": "error",                   optional (default), "warn" or "allow"
 *   "maxEventsPerStep": 100000,             optional: time events one FMU step may process
 *   "maxSweepsPerInstant": 1000,            optional: event iterations one instant may take
 *   "variables": [ {"name": "altitude", "causality": "input", "type": "Real",
 *                   "start": 0, "unit": "m", "min": 0, "description": "..."}, ... ],
 *   "subtrees": { "fly_to": {"ports": {"x": "Real"}, "tree": {task}} },   optional
 *   "tree": {task}
 * }
 * task = {"type": "Sequence", "name": "main", "children": [task...], parameter: value...}
 *      | {"type": "SubTree", "name": "wp1", "subtree": "fly_to", "arguments": {"x": "100"}}
 * </pre>
 * Causality: input, output, parameter (variability fixed or tunable), local.
 * Parameters are the task type's manifest entries: expressions as strings
 * (or JSON numbers and booleans), assignments as objects
 * {@code {"variable": "expression"}}, states and transitions as arrays.
 */
public final class MissionLoader {

    /** Largest accepted mission file, in bytes (and characters for in-memory text). */
    public static final long MAX_FILE_SIZE = 4L << 20;

    private static final List<String> KEYS =
            List.of("$schema", "name", "description", "statusOutputs", "processing", "nonFinite",
                    "maxEventsPerStep", "maxSweepsPerInstant", "variables", "subtrees", "tree");

    private MissionLoader() {
    }

    /**
     * Whether a load also computes {@link Mission#warnings()} (the range analysis of every
     * expression). Only the tools that show them (build, check, validate) need them; the FMU's
     * runtime skips them at its first fmi2Instantiate, on the importer's thread. Every check
     * that refuses a mission runs either way.
     */
    public enum Warnings {
        COMPUTED, SKIPPED
    }

    public static Mission load(Path file) {
        return load(file, TaskTypeRegistry.standard());
    }

    /**
     * Loads a file; also unreadable and oversized files end in a {@link MissionException}.
     * Only a regular file is read (a FIFO would block, a device never end), and at most
     * {@link #MAX_FILE_SIZE} bytes of it, even if it grows while being read.
     */
    public static Mission load(Path file, TaskTypeRegistry registry) {
        return load(file, registry, Warnings.COMPUTED);
    }

    /** As {@link #load(Path, TaskTypeRegistry)}; with {@link Warnings#SKIPPED} the mission has no warnings. */
    public static Mission load(Path file, TaskTypeRegistry registry, Warnings warnings) {
        String source = file.toString();
        String text = readText(file, source);
        // Some editors start UTF-8 files with a byte order mark; it is not part of the JSON.
        return load(text.startsWith("\uFEFF") ? text.substring(1) : text, source, registry, warnings);
    }

    /**
     * The text of a mission file: a regular file of at most {@link #MAX_FILE_SIZE} bytes of
     * UTF-8, else a {@link MissionException} saying what the path is instead.
     */
    public static String readText(Path file, String source) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
            if (!attributes.isRegularFile()) {
                throw single(source, "not a regular file (" + kind(file, attributes)
                        + "); a mission is read only from a regular file");
            }
            if (attributes.size() > MAX_FILE_SIZE) {
                throw tooLarge(source, attributes.size());
            }
            byte[] bytes;
            try (InputStream in = Files.newInputStream(file)) {
                bytes = in.readNBytes((int) MAX_FILE_SIZE + 1);
            }
            if (bytes.length > MAX_FILE_SIZE) {
                throw single(source, "file too large: more than " + MAX_FILE_SIZE + " bytes (limit "
                        + MAX_FILE_SIZE + ")");
            }
            // The String constructor first (a CharsetDecoder costs several times more interpreted,
            // at the FMU's first fmi2Instantiate: BENCHMARKS.md section 6); it turns malformed
            // input into U+FFFD, so only a text holding one is decoded again, strictly.
            String text = new String(bytes, StandardCharsets.UTF_8);
            if (text.indexOf('\uFFFD') < 0) {
                return text;
            }
            return StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw single(source, "the file is not UTF-8 text");
        } catch (java.nio.file.NoSuchFileException e) {
            throw single(source, "no such file");
        } catch (java.nio.file.AccessDeniedException e) {
            throw single(source, "cannot read the file: permission denied");
        } catch (IOException e) {
            throw single(source, "cannot read the file: " + e.getMessage());
        }
    }

    /** What a path that is no regular file is, in words. */
    private static String kind(Path file, BasicFileAttributes attributes) {
        if (attributes.isDirectory()) {
            return "a directory";
        }
        try {
            Object mode = Files.getAttribute(file, "unix:mode");
            if (mode instanceof Integer bits) {
                switch (bits & 0170000) {
                    case 0010000: return "a FIFO";
                    case 0020000: return "a character device";
                    case 0060000: return "a block device";
                    case 0140000: return "a socket";
                    default: break;
                }
            }
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            // no unix attributes here: the generic word below
        }
        return "a special file";
    }

    public static Mission load(String json, String sourceName) {
        return load(json, sourceName, TaskTypeRegistry.standard());
    }

    public static Mission load(String json, String sourceName, TaskTypeRegistry registry) {
        return load(json, sourceName, registry, Warnings.COMPUTED);
    }

    public static Mission load(String json, String sourceName, TaskTypeRegistry registry, Warnings computed) {
        if (json.length() > MAX_FILE_SIZE) {
            throw tooLarge(sourceName, json.length());
        }
        List<Problem> parseProblems = new ArrayList<>();
        JsonDocument document = JsonDocument.parse(json, parseProblems);
        if (document == null || !parseProblems.isEmpty()) {
            throw new MissionException(sourceName, parseProblems);
        }
        Problems problems = new Problems(document);
        Problems warnings = new Problems(document);
        Mission mission = read(document.root(), problems, computed == Warnings.COMPUTED ? warnings : null,
                registry, json);
        if (problems.count() > 0 || mission == null) {
            throw new MissionException(sourceName, problems.list());
        }
        return mission;
    }

    private static Mission read(JsonNode root, Problems problems, Problems warnings, TaskTypeRegistry registry,
            String text) {
        if (!root.isObject()) {
            problems.add("", "a mission must be a JSON object, got " + Problems.kind(root));
            return null;
        }
        problems.onlyKeys(root, "", KEYS, "a mission");
        String name = problems.string(root, "", "name", true);
        if (name != null) {
            String nameProblem = Names.identifierProblem(name, "mission");
            if (nameProblem != null) {
                problems.add("/name", nameProblem + " (it names the FMU's model and files)");
            }
        }
        String description = problems.string(root, "", "description", false);
        boolean statusOutputs = true;
        JsonNode status = root.get("statusOutputs");
        if (status != null) {
            if (status.isBoolean()) {
                statusOutputs = status.booleanValue();
            } else {
                problems.add("/statusOutputs", "'statusOutputs' must be true or false, got " + Problems.kind(status));
            }
        }
        ProcessingMode processing = processing(root.get("processing"), problems);
        NonFinite nonFinite = nonFinite(root.get("nonFinite"), problems);
        long maxEvents = bound(root, "maxEventsPerStep", Mission.DEFAULT_MAX_EVENTS_PER_STEP, Long.MAX_VALUE,
                problems);
        int maxSweeps = (int) bound(root, "maxSweepsPerInstant", TreeInstance.DEFAULT_MAX_ITERATIONS,
                Integer.MAX_VALUE, problems);
        VariableReader variables = new VariableReader(problems, statusOutputs);
        if (root.has("variables")) {
            variables.read(root.get("variables"), "/variables");
        }
        BlackboardDefinition blackboard = BlackboardDefinition.of(variables.slots);
        TreeReader trees = new TreeReader(problems, registry, blackboard);
        if (warnings != null) {
            trees.warnAboutDomains(warnings, declaredRanges(variables.variables));
        }
        if (root.has("subtrees")) {
            trees.readSubtrees(root.get("subtrees"), "/subtrees");
        }
        if (!root.has("tree")) {
            problems.add("", "missing required key 'tree'");
            return null;
        }
        TaskNode rootTask = trees.readTree(root.get("tree"), "/tree");
        if (rootTask == null || problems.count() > 0) {
            return null;
        }
        try {
            TreeDefinition tree = TreeDefinition.of(blackboard, rootTask);
            return new Mission(name, description, variables.variables, tree, statusOutputs, processing, text, nonFinite,
                    maxEvents, maxSweeps, warnings == null ? List.of() : warnings.list());
        } catch (IllegalArgumentException e) {
            problems.add("/tree", e.getMessage());
            return null;
        }
    }

    /**
     * The {@code processing} value: absent or "event-driven" means event-driven;
     * {"mode": "ticked", "period": p} ticks every p seconds. Problems are reported
     * and yield event-driven, so that loading goes on to find the others.
     */
    private static ProcessingMode processing(JsonNode value, Problems problems) {
        String expected = "\"event-driven\" or {\"mode\": \"ticked\", \"period\": <seconds>}";
        if (value == null || value.isTextual() && value.textValue().equals("event-driven")) {
            return ProcessingMode.EVENT_DRIVEN;
        }
        if (value.isTextual()) {
            problems.add("/processing", "unknown processing '" + value.textValue() + "' (expected " + expected + ")");
            return ProcessingMode.EVENT_DRIVEN;
        }
        if (!value.isObject()) {
            problems.add("/processing", "'processing' must be " + expected + ", got " + Problems.kind(value));
            return ProcessingMode.EVENT_DRIVEN;
        }
        problems.onlyKeys(value, "/processing", List.of("mode", "period"), "'processing'");
        String mode = problems.string(value, "/processing", "mode", true);
        JsonNode period = value.get("period");
        if ("event-driven".equals(mode)) {
            if (period != null) {
                problems.add("/processing/period", "'period' applies only to mode 'ticked'");
            }
            return ProcessingMode.EVENT_DRIVEN;
        }
        if (!"ticked".equals(mode)) {
            if (mode != null) {
                problems.add("/processing/mode", "unknown processing mode '" + mode
                        + "' (allowed: event-driven, ticked)");
            }
            return ProcessingMode.EVENT_DRIVEN;
        }
        if (period == null) {
            problems.add("/processing", "missing required key 'period' (the tick period in seconds)");
        } else if (!period.isNumber()) {
            problems.add("/processing/period", "'period' must be a number of seconds, got " + Problems.kind(period));
        } else if (!(period.doubleValue() > 0) || Double.isInfinite(period.doubleValue())) {
            problems.add("/processing/period", "'period' must be positive and finite, got " + period.asText());
        } else {
            return ProcessingMode.ticked(period.doubleValue());
        }
        return ProcessingMode.EVENT_DRIVEN;
    }

    /** Each slot's declared [min, max], unbounded where not declared. */
    private static IntFunction<RangeCheck.Interval> declaredRanges(List<Variable> variables) {
        RangeCheck.Interval[] ranges = new RangeCheck.Interval[variables.size()];
        for (Variable v : variables) {
            ranges[v.slot()] = new RangeCheck.Interval(v.min() == null ? Double.NEGATIVE_INFINITY : v.min(),
                    v.max() == null ? Double.POSITIVE_INFINITY : v.max());
        }
        return new IntFunction<>() { // not a lambda: see NameScope.of
            @Override
            public RangeCheck.Interval apply(int slot) {
                return slot < ranges.length && ranges[slot] != null ? ranges[slot] : RangeCheck.Interval.ALL;
            }
        };
    }

    /** The {@code nonFinite} option: absent means error. */
    private static NonFinite nonFinite(JsonNode value, Problems problems) {
        if (value == null) {
            return NonFinite.ERROR;
        }
        for (NonFinite option : NonFinite.values()) {
            if (value.isTextual() && value.textValue().equals(option.jsonName())) {
                return option;
            }
        }
        problems.add("/nonFinite", "'nonFinite' must be \"error\", \"warn\" or \"allow\", got "
                + (value.isTextual() ? "'" + value.textValue() + "'" : Problems.kind(value)));
        return NonFinite.ERROR;
    }

    /**
     * A bound option ({@code maxEventsPerStep}, {@code maxSweepsPerInstant}): a whole number
     * from 1 to {@code max}; absent (or wrong, after reporting it) means the default.
     */
    private static long bound(JsonNode root, String key, long defaultValue, long max, Problems problems) {
        JsonNode value = root.get(key);
        if (value == null) {
            return defaultValue;
        }
        if (value.isIntegralNumber() && value.canConvertToLong() && value.longValue() >= 1
                && value.longValue() <= max) {
            return value.longValue();
        }
        problems.add("/" + key, "'" + key + "' must be a whole number of at least 1"
                + (max < Long.MAX_VALUE ? " and at most " + max : "") + ", got "
                + (value.isNumber() ? value.asText() : Problems.kind(value)));
        return defaultValue;
    }

    private static MissionException tooLarge(String source, long size) {
        return single(source, "file too large: " + size + " bytes (limit " + MAX_FILE_SIZE + ")");
    }

    private static MissionException single(String source, String message) {
        return new MissionException(source, List.of(new Problem("", message, 0, 0)));
    }
}
