package org.btfmu.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import org.btfmu.core.Status;
import org.btfmu.cosim.CoSimulationException;
import org.btfmu.cosim.FmuInstance;
import org.btfmu.cosim.FmuVariable;
import org.btfmu.cosim.VariableReference;
import org.btfmu.cosim.VariableType;
import org.btfmu.fmu.ModelVariables;

/**
 * One entry of a scenario's {@code expect} list, watched over the run:
 * <ul>
 * <li>{@code {"variable": "<fmu>.<variable>", "min": a, "max": b}} or {@code "value": v}: the value;</li>
 * <li>{@code {"task": "<fmu>/<task path or its end>", "status": "SUCCESS"}}: the task's status;</li>
 * </ul>
 * and when: {@code "at": t} at the communication point t (the first at or after it),
 * {@code "before": t} at some communication point up to t, neither: at every
 * communication point of the run.
 */
public final class Expectation {

    private static final Set<String> KEYS = Set.of("variable", "task", "min", "max", "value", "status", "at", "before");

    private enum When { AT, BEFORE, ALWAYS }

    private final String name;
    private final VariableReference target;
    private final Predicate<Object> holds;
    private final boolean isStatus;
    private final When when;
    private final double time;
    /** How far a value is from passing (0 when it passes), for {@link #miss()}. */
    private final ToDoubleFunction<Object> distance;

    private boolean decided;
    private double closest = Double.POSITIVE_INFINITY;
    private double worst;
    private double miss;
    private boolean passed;
    private String failure;
    private Object lastValue;
    private double lastTime = Double.NaN;
    /** A status expectation's changes of status as seen at the communication points, for its failure. */
    private final List<String> statusesSeen = new ArrayList<>();

    private Expectation(String name, VariableReference target, Predicate<Object> holds, boolean isStatus,
            When when, double time, ToDoubleFunction<Object> distance) {
        this.distance = distance;
        this.name = name;
        this.target = target;
        this.holds = holds;
        this.isStatus = isStatus;
        this.when = when;
        this.time = time;
    }

    /** Reads one entry; anything wrong with it is a {@link ScenarioException} naming file and pointer. */
    static Expectation read(String where, JsonNode node, List<FmuInstance> fmus, double start, double stop) {
        if (!node.isObject()) {
            throw new ScenarioException(where + ": expected an object with \"variable\" or \"task\"");
        }
        for (Iterator<String> keys = node.fieldNames(); keys.hasNext();) {
            String key = keys.next();
            if (!KEYS.contains(key)) {
                throw new ScenarioException(where + "/" + key + ": unknown key (expected one of "
                        + String.join(", ", KEYS.stream().sorted().toList()) + ")");
            }
        }
        When when = node.has("at") ? When.AT : node.has("before") ? When.BEFORE : When.ALWAYS;
        if (node.has("at") && node.has("before")) {
            throw new ScenarioException(where + ": give \"at\" or \"before\", not both");
        }
        double time = Double.NaN;
        if (when != When.ALWAYS) {
            String key = when == When.AT ? "at" : "before";
            time = number(where + "/" + key, node.get(key));
            if (time < start || time > stop) {
                throw new ScenarioException(where + "/" + key + ": " + time + " s is outside the run ("
                        + start + " to " + stop + " s)");
            }
        }
        String timing = when == When.AT ? " at " + seconds(time) : when == When.BEFORE ? " at or before " + seconds(time)
                : " throughout";
        if (node.has("task") == node.has("variable")) {
            throw new ScenarioException(where + ": give either \"variable\" or \"task\"");
        }
        if (node.has("task")) {
            return task(where, node, fmus, when, time, timing);
        }
        return variable(where, node, fmus, when, time, timing);
    }

    private static Expectation variable(String where, JsonNode node, List<FmuInstance> fmus, When when,
            double time, String timing) {
        if (node.has("status")) {
            throw new ScenarioException(where + "/status: only a \"task\" has a status");
        }
        String text = text(where + "/variable", node.get("variable"));
        VariableReference target;
        try {
            target = VariableReference.resolve(text, fmus, where + "/variable");
        } catch (CoSimulationException e) {
            throw new ScenarioException(e.getMessage());
        }
        VariableType type = target.variable().type();
        if (node.has("value")) {
            if (node.has("min") || node.has("max")) {
                throw new ScenarioException(where + ": give \"value\" or \"min\"/\"max\", not both");
            }
            Object wanted = value(where + "/value", node.get("value"), type);
            Predicate<Object> equal = type == VariableType.REAL
                    ? v -> Math.abs((Double) v - (Double) wanted) <= 1e-9 * Math.max(1, Math.abs((Double) wanted))
                    : wanted::equals;
            ToDoubleFunction<Object> off = type == VariableType.REAL ? v -> Math.abs((Double) v - (Double) wanted)
                    : v -> equal.test(v) ? 0 : 1;
            return new Expectation(text + " = " + wanted + timing, target, equal, false, when, time, off);
        }
        if (!node.has("min") && !node.has("max")) {
            throw new ScenarioException(where + ": give \"value\", or \"min\" and/or \"max\"");
        }
        if (type != VariableType.REAL && type != VariableType.INTEGER) {
            throw new ScenarioException(where + ": '" + target + "' is a " + target.variable().typeName()
                    + "; \"min\" and \"max\" need a number, use \"value\"");
        }
        double min = node.has("min") ? number(where + "/min", node.get("min")) : Double.NEGATIVE_INFINITY;
        double max = node.has("max") ? number(where + "/max", node.get("max")) : Double.POSITIVE_INFINITY;
        if (min > max) {
            throw new ScenarioException(where + ": \"min\" " + min + " is above \"max\" " + max
                    + ": no value can pass");
        }
        Predicate<Object> within = v -> {
            double x = ((Number) v).doubleValue();
            return x >= min && x <= max;
        };
        ToDoubleFunction<Object> outside = v -> {
            double x = ((Number) v).doubleValue();
            return Math.max(0, Math.max(min - x, x - max));
        };
        return new Expectation(text + " in [" + min + ", " + max + "]" + timing, target, within, false, when, time,
                outside);
    }

    private static Expectation task(String where, JsonNode node, List<FmuInstance> fmus, When when, double time,
            String timing) {
        for (String key : List.of("min", "max", "value")) {
            if (node.has(key)) {
                throw new ScenarioException(where + "/" + key + ": a \"task\" is checked by its \"status\"");
            }
        }
        String text = text(where + "/task", node.get("task"));
        String statusName = text(where + "/status", node.get("status"));
        Status status;
        try {
            status = Status.valueOf(statusName);
        } catch (IllegalArgumentException e) {
            throw new ScenarioException(where + "/status: '" + statusName + "' is no task status (one of "
                    + Arrays.toString(Status.values()) + ")");
        }
        VariableReference target = statusOf(where + "/task", text, fmus);
        int wanted = ModelVariables.statusValue(status);
        return new Expectation(text + " " + status + timing, target, v -> ((Integer) v) == wanted, true, when, time,
                v -> ((Integer) v) == wanted ? 0 : 1);
    }

    /**
     * {@code <fmu>/<task>}: the status output of the one task whose path ends with that task path,
     * as expectations name tasks; else a {@link ScenarioException} naming {@code where}.
     */
    public static VariableReference statusOf(String where, String text, List<FmuInstance> fmus) {
        int slash = text.indexOf('/');
        if (slash <= 0 || slash == text.length() - 1) {
            throw new ScenarioException(where + ": '" + text + "': write <fmu>/<task>, e.g. mission/take_off");
        }
        String fmuName = text.substring(0, slash);
        FmuInstance fmu = fmus.stream().filter(f -> f.name().equals(fmuName)).findFirst()
                .orElseThrow(() -> new ScenarioException(where + ": '" + text + "' names no FMU of the scenario"
                        + " (its FMUs: " + String.join(", ", fmus.stream().map(FmuInstance::name).toList()) + ")"));
        String task = text.substring(slash + 1).replace('/', '.');
        List<FmuVariable> statuses = fmu.outputs().stream()
                .filter(v -> v.name().startsWith(ModelVariables.STATUS_PREFIX))
                .toList();
        List<FmuVariable> matches = statuses.stream()
                .filter(v -> v.name().equals(ModelVariables.STATUS_PREFIX + task) || v.name().endsWith("." + task))
                .toList();
        if (matches.size() != 1) {
            List<String> candidates = (matches.isEmpty() ? statuses : matches).stream()
                    .map(v -> v.name().substring(ModelVariables.STATUS_PREFIX.length()).replace('.', '/'))
                    .toList();
            throw new ScenarioException(where + ": '" + text + "' " + (matches.isEmpty()
                    ? "names no task of FMU '" + fmuName + "' (its tasks: " : "is ambiguous (it ends ")
                    + String.join(", ", candidates) + ")");
        }
        return new VariableReference(fmu, matches.get(0));
    }

    public VariableReference target() {
        return target;
    }

    public String name() {
        return name;
    }

    /** Takes the target's value at one communication point. */
    void sample(double t, Object value) {
        double slack = 1e-9 * Math.max(1, Math.abs(time));
        if (when == When.ALWAYS) {
            worst = Math.max(worst, distance.applyAsDouble(value));
            miss = worst;
        } else if (when == When.BEFORE && t <= time + slack) {
            closest = Math.min(closest, distance.applyAsDouble(value));
            miss = closest;
        } else if (when == When.AT && !decided && t >= time - slack) {
            miss = distance.applyAsDouble(value);
        }
        if (decided) {
            return;
        }
        switch (when) {
            case AT -> {
                if (t >= time - slack) {
                    decide(holds.test(value), "was " + show(value) + " at " + seconds(t));
                }
            }
            case BEFORE -> {
                if (t > time + slack) {
                    decide(false, neverMessage());
                } else if (holds.test(value)) {
                    decide(true, null);
                }
            }
            case ALWAYS -> {
                if (!holds.test(value)) {
                    decide(false, "was " + show(value) + " at " + seconds(t));
                }
            }
        }
        if (isStatus && !value.equals(lastValue) && statusesSeen.size() <= MAX_STATUSES_SHOWN) {
            statusesSeen.add(statusesSeen.size() == MAX_STATUSES_SHOWN ? "..." : show(value) + " at " + seconds(t));
        }
        lastValue = value;
        lastTime = t;
    }

    private static final int MAX_STATUSES_SHOWN = 20;

    /** After the last communication point: what is still open is decided. */
    void finish() {
        if (!decided) {
            if (when == When.AT) {
                miss = Double.POSITIVE_INFINITY;
            }
            decide(when == When.ALWAYS, when == When.BEFORE ? neverMessage() : "the run ended first");
        }
    }

    public boolean passed() {
        return passed;
    }

    /**
     * How far the run missed, 0 when it passed: the deciding value's distance from what was
     * expected, in the variable's unit (outside [min, max], or from the value); 1 for a status
     * or a value that is not a number. Throughout: the largest over the run; before t: the
     * smallest up to t; a run that ended first: infinite. So failing runs can be ranked.
     */
    public double miss() {
        if (passed) {
            return 0;
        }
        return miss;
    }

    /** Why it failed; null when it passed. */
    public String failure() {
        if (passed) {
            return null;
        }
        return "expected " + name + ", " + failure + (statusesSeen.isEmpty() ? ""
                : "; statuses seen at the communication points: " + String.join(", ", statusesSeen));
    }

    private String neverMessage() {
        return "but it never was (last " + show(lastValue) + " at " + seconds(lastTime) + ")";
    }

    private void decide(boolean ok, String why) {
        decided = true;
        passed = ok;
        failure = why;
    }

    private String show(Object value) {
        if (isStatus && value instanceof Integer code && code >= 1 && code <= Status.values().length) {
            return Status.values()[code - 1].name();
        }
        return String.valueOf(value);
    }

    private static String seconds(double t) {
        return (t == Math.rint(t) ? String.valueOf((long) t) : String.valueOf(t)) + " s";
    }

    private static double number(String where, JsonNode value) {
        if (value == null || !value.isNumber()) {
            throw new ScenarioException(where + ": expected a number");
        }
        return value.asDouble();
    }

    private static String text(String where, JsonNode value) {
        if (value == null || !value.isTextual()) {
            throw new ScenarioException(where + ": expected a string");
        }
        return value.asText();
    }

    private static Object value(String where, JsonNode value, VariableType type) {
        boolean fits = switch (type) {
            case REAL -> value.isNumber();
            case INTEGER -> value.isIntegralNumber();
            case BOOLEAN -> value.isBoolean();
            case STRING -> value.isTextual();
        };
        if (!fits) {
            throw new ScenarioException(where + ": " + value + " is no " + type.name().toLowerCase() + " value");
        }
        return switch (type) {
            case REAL -> value.asDouble();
            case INTEGER -> value.asInt();
            case BOOLEAN -> value.asBoolean();
            case STRING -> value.asText();
        };
    }
}
