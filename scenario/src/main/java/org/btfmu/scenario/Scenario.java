package org.btfmu.scenario;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.btfmu.cosim.Experiment;

/**
 * A co-simulation scenario of a mission project, a JSON file: a connections
 * file (as {@code bt-fmu simulate --connections} reads it) with the FMUs it
 * couples, its times and what must come out:
 * <pre>
 * {
 *   "fmus": {"mission": "climb_and_fly", "plant": "target/plants/PointMassAircraft.fmu"},
 *   "stop": 300, "step": 0.5,
 *   "connections": [...], "parameters": {...},
 *   "expect": [{"variable": "plant.altitude", "at": 300, "min": 290, "max": 310}, ...]
 * }
 * </pre>
 * or an SSP file (path relative to the scenario) that brings FMUs, connections,
 * parameters and times, with {@code fmus} replacing some of its components' FMUs
 * (typically the mission, by the one just built) and {@code start}, {@code stop},
 * {@code step} replacing its times:
 * {@code {"ssp": "circuit.ssp", "fmus": {"mission": "climb_and_fly"}, "expect": [...]}}.
 *
 * <p>An FMU is a mission name of the project (its {@code target/fmus/<name>.fmu})
 * or a path ending in {@code .fmu}, relative to the project's folder.
 * {@code start} is optional (0); {@code description} is free text. Expectations:
 * {@link Expectation}.
 */
public record Scenario(Path file, String name, Path ssp, Map<String, Path> fmus, Experiment experiment,
        JsonNode expectations) {

    /** The keys this class reads; {@code connections} and {@code parameters} are the master's. */
    public static final Set<String> KEYS = Set.of("description", "ssp", "fmus", "start", "stop", "step", "expect");

    /** Reads the scenario; {@code missionFmus} maps the project's mission names to their FMUs. */
    public static Scenario read(Path file, Path projectDirectory, Map<String, Path> missionFmus) {
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
            throw new ScenarioException(file + ": a scenario is a JSON object with \"fmus\" (or \"ssp\"),"
                    + " \"stop\", \"step\", \"connections\" and \"expect\"");
        }
        String fileName = file.getFileName().toString();
        String name = fileName.endsWith(".json") ? fileName.substring(0, fileName.length() - 5) : fileName;
        Path ssp = null;
        if (root.has("ssp")) {
            for (String key : new String[] {"connections", "parameters"}) {
                if (root.has(key)) {
                    throw new ScenarioException(file + ": /" + key + ": the SSP brings the " + key
                            + "; leave them out or leave out \"ssp\"");
                }
            }
            if (!root.get("ssp").isTextual()) {
                throw new ScenarioException(file + ": /ssp: expected the path of an .ssp file");
            }
            ssp = file.toAbsolutePath().resolveSibling(root.get("ssp").asText());
        }
        Map<String, Path> fmus = ssp != null && !root.has("fmus") ? Map.of()
                : fmus(file, root.path("fmus"), projectDirectory, missionFmus);
        Experiment experiment = new Experiment(number(file, root, "start"), number(file, root, "stop"),
                number(file, root, "step"));
        return new Scenario(file, name, ssp, fmus, experiment, root.path("expect"));
    }

    /** What is legal but probably not meant: a scenario without expectations passes whatever the run gives. */
    public List<String> warnings() {
        if (expectations.isMissingNode() || expectations.isArray() && expectations.isEmpty()) {
            return List.of(file + ": /expect: no expectations: the scenario passes whatever the run gives");
        }
        return List.of();
    }

    /** Start, stop and step: the scenario's, else from {@code fallback} (the SSP's); start defaults to 0. */
    public Experiment times(Experiment fallback) {
        Experiment times = experiment.or(fallback).or(new Experiment(0, Double.NaN, Double.NaN));
        String source = ssp == null ? "" : " (" + ssp.getFileName() + " gives none)";
        if (Double.isNaN(times.stop())) {
            throw new ScenarioException(file + ": /stop: the stop time is missing" + source);
        }
        if (Double.isNaN(times.step())) {
            throw new ScenarioException(file + ": /step: the communication step is missing" + source);
        }
        if (!(times.step() > 0) || !(times.stop() > times.start())) {
            throw new ScenarioException(file + ": need start < stop and step > 0 (start " + times.start()
                    + ", stop " + times.stop() + ", step " + times.step() + ")");
        }
        return times;
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

    private static double number(Path file, JsonNode root, String key) {
        JsonNode value = root.get(key);
        if (value == null) {
            return Double.NaN;
        }
        if (!value.isNumber() || !Double.isFinite(value.asDouble())) {
            throw new ScenarioException(file + ": /" + key + ": expected a number of seconds");
        }
        return value.asDouble();
    }
}
