package org.btfmu.mission;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.btfmu.core.Slot;
import org.btfmu.core.SlotKind;
import org.btfmu.core.blackboard.SlotType;

/**
 * Reads the {@code variables} array: each entry one blackboard slot and one FMU
 * variable, in file order. Reports every problem it finds and skips the entry.
 */
final class VariableReader {

    private static final List<String> KEYS = List.of("name", "causality", "type", "variability", "start",
            "unit", "description", "min", "max", "holdLast");

    private final Problems problems;
    private final boolean statusOutputs;
    final List<Variable> variables = new ArrayList<>();
    final List<Slot> slots = new ArrayList<>();

    VariableReader(Problems problems, boolean statusOutputs) {
        this.problems = problems;
        this.statusOutputs = statusOutputs;
    }

    void read(JsonNode array, String pointer) {
        if (!array.isArray()) {
            problems.add(pointer, "'variables' must be an array, got " + Problems.kind(array));
            return;
        }
        Map<String, String> firstDeclared = new HashMap<>();
        for (int i = 0; i < array.size(); i++) {
            String at = JsonDocument.child(pointer, i);
            JsonNode entry = array.get(i);
            if (!entry.isObject()) {
                problems.add(at, "a variable must be an object, got " + Problems.kind(entry));
                continue;
            }
            int before = problems.count();
            problems.onlyKeys(entry, at, KEYS, "a variable");
            String name = problems.string(entry, at, "name", true);
            if (name != null) {
                String nameAt = JsonDocument.child(at, "name");
                String problem = Names.variableProblem(name);
                if (problem != null) {
                    problems.add(nameAt, problem);
                } else if (statusOutputs && name.startsWith(Names.STATUS_PREFIX)) {
                    problems.add(nameAt, "'" + name + "': names starting with 'status.' are reserved for the"
                            + " task status outputs (set \"statusOutputs\": false to use them)");
                } else if (name.equals(Names.TIME)) {
                    problems.add(nameAt, "'time' is reserved: result files (bt-fmu simulate, OMSimulator, FMPy)"
                            + " name their first column 'time', the independent variable; choose another name");
                } else if (firstDeclared.containsKey(name)) {
                    problems.add(nameAt, "duplicate variable name '" + name + "' (first declared at "
                            + firstDeclared.get(name) + ")");
                } else {
                    firstDeclared.put(name, at);
                }
            }
            Causality causality = choice(entry, at, "causality", Causality.values(), true);
            SlotType type = choice(entry, at, "type", SlotType.values(), true);
            Variability variability = variability(entry, at, causality, type);
            Object start = type == null ? null : start(entry, at, type);
            String unit = problems.string(entry, at, "unit", false);
            if (unit != null && type != null && type != SlotType.REAL) {
                problems.add(JsonDocument.child(at, "unit"), "'unit' applies to Real variables only");
            }
            String description = problems.string(entry, at, "description", false);
            Double min = bound(entry, at, "min", type);
            Double max = bound(entry, at, "max", type);
            if (min != null && max != null && min > max) {
                problems.add(JsonDocument.child(at, "max"), "max " + number(max) + " is less than min " + number(min));
            } else if (start != null && (type == SlotType.REAL || type == SlotType.INTEGER)) {
                double s = ((Number) start).doubleValue();
                if ((min != null && s < min) || (max != null && s > max)) {
                    problems.add(JsonDocument.child(at, "start"), "start " + start + " is outside ["
                            + (min == null ? "-inf" : number(min)) + ", " + (max == null ? "inf" : number(max)) + "]");
                }
            }
            boolean holdLast = holdLast(entry, at, causality);
            if (problems.count() == before) {
                int slot = slots.size();
                variables.add(new Variable(name, type, causality, variability, start, unit, description,
                        min, max, slot));
                slots.add(new Slot(name, type, slotKind(causality), start, holdLast));
            }
        }
    }

    /**
     * The enum constant named by the lower-case value at {@code key} (types: Real, Integer, ...).
     * The constants are given (values()), not found by reflection (Class.getEnumConstants), at
     * the first fmi2Instantiate on the importer's thread.
     */
    private <E extends Enum<E>> E choice(JsonNode entry, String at, String key, E[] constants, boolean required) {
        String text = problems.string(entry, at, key, required);
        if (text == null) {
            return null;
        }
        for (E constant : constants) {
            if (spelling(constant).equals(text)) {
                return constant;
            }
        }
        List<String> allowed = new ArrayList<>();
        for (E constant : constants) {
            allowed.add(spelling(constant));
        }
        problems.add(JsonDocument.child(at, key), "'" + key + "' must be one of " + String.join(", ", allowed)
                + "; got '" + text + "'");
        return null;
    }

    /** Not SlotKind.valueOf(name): Enum.valueOf is a map look-up, costly interpreted at the first fmi2Instantiate. */
    private static SlotKind slotKind(Causality causality) {
        return switch (causality) {
            case INPUT -> SlotKind.INPUT;
            case OUTPUT -> SlotKind.OUTPUT;
            case PARAMETER -> SlotKind.PARAMETER;
            case LOCAL -> SlotKind.LOCAL;
        };
    }

    private static String spelling(Enum<?> constant) {
        if (constant instanceof SlotType type) {
            return Names.typeName(type);
        }
        return constant.name().toLowerCase(Locale.ROOT);
    }

    private Variability variability(JsonNode entry, String at, Causality causality, SlotType type) {
        if (causality == Causality.PARAMETER) {
            if (!entry.has("variability")) {
                return Variability.FIXED;
            }
            Variability v = choice(entry, at, "variability", Variability.values(), false);
            if (v == Variability.DISCRETE || v == Variability.CONTINUOUS) {
                problems.add(JsonDocument.child(at, "variability"),
                        "a parameter's variability must be fixed or tunable; got '" + spelling(v) + "'");
                return null;
            }
            return v;
        }
        if (entry.has("variability") && causality != null) {
            problems.add(JsonDocument.child(at, "variability"), "'variability' applies to parameters only"
                    + " (inputs, outputs and locals are continuous if Real, else discrete)");
        }
        return type == SlotType.REAL ? Variability.CONTINUOUS : Variability.DISCRETE;
    }

    private Object start(JsonNode entry, String at, SlotType type) {
        JsonNode value = entry.get("start");
        if (value == null) {
            switch (type) {
                case REAL: return 0.0;
                case INTEGER: return 0;
                case BOOLEAN: return false;
                default: return "";
            }
        }
        String startAt = JsonDocument.child(at, "start");
        switch (type) {
            case REAL:
                if (value.isNumber() && Double.isFinite(value.doubleValue())) {
                    return value.doubleValue();
                }
                if (value.isNumber()) {
                    problems.add(startAt, "start of a Real variable must be a finite number, got " + value.asText());
                    return null;
                }
                break;
            case INTEGER:
                if (value.isIntegralNumber() && value.canConvertToInt()) {
                    return value.intValue();
                }
                if (value.isNumber()) {
                    problems.add(startAt, "start of an Integer variable must be a whole number in 32-bit range, got "
                            + value);
                    return null;
                }
                break;
            case BOOLEAN:
                if (value.isBoolean()) {
                    return value.booleanValue();
                }
                break;
            default:
                if (value.isTextual()) {
                    return value.textValue();
                }
                break;
        }
        problems.add(startAt, "start of a " + Names.typeName(type) + " variable must be "
                + (type == SlotType.BOOLEAN ? "a boolean" : type == SlotType.STRING ? "a string" : "a number")
                + ", got " + Problems.kind(value));
        return null;
    }

    private Double bound(JsonNode entry, String at, String key, SlotType type) {
        JsonNode value = entry.get(key);
        if (value == null) {
            return null;
        }
        String boundAt = JsonDocument.child(at, key);
        if (type == SlotType.BOOLEAN || type == SlotType.STRING) {
            problems.add(boundAt, "'" + key + "' applies to Real and Integer variables only");
            return null;
        }
        if (!value.isNumber() || !Double.isFinite(value.doubleValue())) {
            problems.add(boundAt, "'" + key + "' must be a finite number, got "
                    + (value.isNumber() ? value.asText() : Problems.kind(value)));
            return null;
        }
        return value.doubleValue();
    }

    private boolean holdLast(JsonNode entry, String at, Causality causality) {
        JsonNode value = entry.get("holdLast");
        if (value == null) {
            return false;
        }
        String holdAt = JsonDocument.child(at, "holdLast");
        if (!value.isBoolean()) {
            problems.add(holdAt, "'holdLast' must be a boolean, got " + Problems.kind(value));
            return false;
        }
        if (causality == Causality.INPUT || causality == Causality.PARAMETER) {
            problems.add(holdAt, "'holdLast' applies to outputs and locals only (tasks do not write "
                    + spelling(causality) + "s)");
            return false;
        }
        return value.booleanValue();
    }

    private static String number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value) : Double.toString(value);
    }
}
