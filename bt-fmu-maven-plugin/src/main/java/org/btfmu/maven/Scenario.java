package org.btfmu.maven;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A co-simulation scenario of a mission project: a connections file (as
 * {@code bt-fmu simulate --connections} reads it) with the FMUs it couples,
 * its times and what must come out:
 * <pre>
 * {
 *   "fmus": {"mission": "climb_and_fly", "plant": "target/plants/PointMassAircraft.fmu"},
 *   "stop": 300, "step": 0.5,
 *   "connections": [...], "parameters": {...},
 *   "expect": [{"variable": "plant.altitude", "at": 300, "min": 290, "max": 310}, ...]
 * }
 * </pre>
 * An FMU is a mission name of the project (its {@code target/fmus/<name>.fmu})
 * or a path ending in {@code .fmu}, relative to the project's folder.
 * {@code start} is optional (0); {@code description} is free text.
 */
record Scenario(Path file, String name, Map<String, Path> fmus, double start, double stop, double step,
        JsonNode expectations) {

    /** The keys this class reads; {@code connections} and {@code parameters} are the master's. */
    static final Set<String> KEYS = Set.of("description", "fmus", "start", "stop", "step", "expect");

    /** Reads the scenario; {@code missionFmus} maps the project's mission names to their FMUs. */
    static Scenario read(Path file, Path projectDirectory, Map<String, Path> missionFmus) {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(Files.readString(file));
        } catch (JsonProcessingException e) {
            throw new ScenarioException(file + ":[" + e.getLocation().getLineNr() + ","
                    + e.getLocation().getColumnNr() + "] not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new ScenarioException(file + ": cannot read: " + e.getMessage());
        }
        if (root == null || !root.isObject()) {
            throw new ScenarioException(file + ": a scenario is a JSON object with \"fmus\", \"stop\", \"step\","
                    + " \"connections\" and \"expect\"");
        }
        String fileName = file.getFileName().toString();
        String name = fileName.endsWith(".json") ? fileName.substring(0, fileName.length() - 5) : fileName;
        return new Scenario(file, name, fmus(file, root.path("fmus"), projectDirectory, missionFmus),
                number(file, root, "start", 0.0), number(file, root, "stop", null), number(file, root, "step", null),
                root.path("expect"));
    }

    private static Map<String, Path> fmus(Path file, JsonNode node, Path projectDirectory,
            Map<String, Path> missionFmus) {
        if (!node.isObject() || node.isEmpty()) {
            throw new ScenarioException(file + ": /fmus: expected an object naming each FMU,"
                    + " e.g. {\"mission\": \"<mission name>\", \"plant\": \"<path>.fmu\"}");
        }
        Map<String, Path> fmus = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> entry = it.next();
            String pointer = "/fmus/" + entry.getKey();
            if (!entry.getValue().isTextual()) {
                throw new ScenarioException(file + ": " + pointer + ": expected a mission name or a path to an .fmu");
            }
            String value = entry.getValue().asText();
            Path fmu;
            if (value.endsWith(".fmu")) {
                fmu = projectDirectory.resolve(value);
                if (!Files.isRegularFile(fmu)) {
                    throw new ScenarioException(file + ": " + pointer + ": no such FMU " + fmu);
                }
            } else {
                fmu = missionFmus.get(value);
                if (fmu == null) {
                    throw new ScenarioException(file + ": " + pointer + ": '" + value + "' is no mission of this"
                            + " project (its missions: " + String.join(", ", missionFmus.keySet())
                            + "); a plant FMU is given by its path, ending in .fmu");
                }
            }
            fmus.put(entry.getKey(), fmu);
        }
        return fmus;
    }

    private static double number(Path file, JsonNode root, String key, Double otherwise) {
        JsonNode value = root.get(key);
        if (value == null && otherwise != null) {
            return otherwise;
        }
        if (value == null || !value.isNumber() || !Double.isFinite(value.asDouble())) {
            throw new ScenarioException(file + ": /" + key + ": expected a number of seconds");
        }
        return value.asDouble();
    }
}
