package org.btfmu.cosim;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The wiring of a co-simulation (also what {@link SspArchive#wiring} gives), read from JSON:
 * <pre>
 * {
 *   "connections": [ { "from": "mission.mode", "to": "plant.mode" }, ... ],
 *   "parameters":  { "plant.reach_radius": 150, "mission.threshold": 500 }
 * }
 * </pre>
 * Both keys are optional. References are {@code <instance>.<variable>}; every error
 * names the file and the JSON pointer of the entry.
 */
public record ConnectionFile(List<Connection> connections, List<ParameterValue> parameters) {

    /** A start value for a parameter (or input), set before initialization. */
    public record ParameterValue(VariableReference target, Object value) {

        /** Parses {@code text} for the target's type; {@code where} names the origin in errors. */
        public static ParameterValue of(VariableReference target, String text, String where) {
            FmuVariable v = target.variable();
            if (!v.isParameter() && !v.isInput()) {
                throw new CoSimulationException(where + ": '" + target + "' is an " + v.causality()
                        + "; only parameters and inputs can be given values");
            }
            try {
                return new ParameterValue(target, v.type().parse(text));
            } catch (NumberFormatException e) {
                throw new CoSimulationException(where + ": '" + text + "' is not a valid " + v.typeName()
                        + " value for '" + target + "'");
            }
        }

        /** Parses a command-line assignment {@code <fmu.variable>=<value>}. */
        public static ParameterValue assignment(String text, List<FmuInstance> fmus) {
            int eq = text.indexOf('=');
            if (eq <= 0) {
                throw new CoSimulationException("--parameter '" + text + "': expected <fmu.variable>=<value>");
            }
            String where = "--parameter " + text;
            return of(VariableReference.resolve(text.substring(0, eq), fmus, where), text.substring(eq + 1), where);
        }
    }

    public static ConnectionFile read(Path file, List<FmuInstance> fmus) {
        return read(file, fmus, Set.of());
    }

    /**
     * Reads the connections and parameters of a file that also holds other keys, which its
     * caller reads (a scenario of the Maven plugin: its FMUs, times and expectations).
     */
    public static ConnectionFile read(Path file, List<FmuInstance> fmus, Set<String> otherKeys) {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(Files.readString(file));
        } catch (JsonProcessingException e) {
            throw new CoSimulationException(file + ": not valid JSON: " + e.getOriginalMessage() + " (line "
                    + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")");
        } catch (IOException e) {
            throw new CoSimulationException(file + ": cannot read: " + e.getMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw new CoSimulationException(file + ": expected a JSON object with \"connections\" and \"parameters\"");
        }
        for (Iterator<String> keys = root.fieldNames(); keys.hasNext();) {
            String key = keys.next();
            if (!key.equals("connections") && !key.equals("parameters") && !otherKeys.contains(key)) {
                List<String> known = new ArrayList<>(List.of("connections", "parameters"));
                known.addAll(new java.util.TreeSet<>(otherKeys));
                throw new CoSimulationException(file + ": /" + key + ": unknown key (expected one of "
                        + String.join(", ", known) + ")");
            }
        }
        return new ConnectionFile(connections(file, root.path("connections"), fmus),
                parameters(file, root.path("parameters"), fmus));
    }

    private static List<Connection> connections(Path file, JsonNode list, List<FmuInstance> fmus) {
        List<Connection> result = new ArrayList<>();
        if (list.isMissingNode()) {
            return result;
        }
        if (!list.isArray()) {
            throw new CoSimulationException(file + ": /connections: expected an array");
        }
        Map<String, String> connectedInputs = new HashMap<>();
        for (int i = 0; i < list.size(); i++) {
            String pointer = "/connections/" + i;
            JsonNode entry = list.get(i);
            String from = text(file, entry, pointer, "from");
            String to = text(file, entry, pointer, "to");
            VariableReference source = VariableReference.resolve(from, fmus, file + ": " + pointer + "/from");
            VariableReference target = VariableReference.resolve(to, fmus, file + ": " + pointer + "/to");
            String earlier = connectedInputs.putIfAbsent(target.toString(), pointer);
            if (earlier != null) {
                throw new CoSimulationException(file + ": " + pointer + "/to: input '" + target
                        + "' is already connected by " + earlier);
            }
            try {
                result.add(new Connection(source, target));
            } catch (IllegalArgumentException e) {
                throw new CoSimulationException(file + ": " + pointer + ": " + e.getMessage());
            }
        }
        return result;
    }

    private static String text(Path file, JsonNode entry, String pointer, String key) {
        JsonNode value = entry.get(key);
        if (value == null || !value.isTextual()) {
            throw new CoSimulationException(file + ": " + pointer + "/" + key + ": expected a string \"<fmu>.<variable>\"");
        }
        return value.asText();
    }

    private static List<ParameterValue> parameters(Path file, JsonNode map, List<FmuInstance> fmus) {
        List<ParameterValue> result = new ArrayList<>();
        if (map.isMissingNode()) {
            return result;
        }
        if (!map.isObject()) {
            throw new CoSimulationException(file + ": /parameters: expected an object");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = map.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> entry = it.next();
            String pointer = "/parameters/" + entry.getKey().replace("~", "~0").replace("/", "~1");
            VariableReference target = VariableReference.resolve(entry.getKey(), fmus, file + ": " + pointer);
            JsonNode value = entry.getValue();
            if (!value.isValueNode() || value.isNull()) {
                throw new CoSimulationException(file + ": " + pointer + ": expected a number, boolean or string");
            }
            result.add(ParameterValue.of(target, value.asText(), file + ": " + pointer));
        }
        return result;
    }
}
