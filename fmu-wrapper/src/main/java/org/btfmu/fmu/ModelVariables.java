package org.btfmu.fmu;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.btfmu.core.Status;
import org.btfmu.core.TaskInfo;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.mission.Causality;
import org.btfmu.mission.Mission;
import org.btfmu.mission.Variability;
import org.btfmu.mission.Variable;

/**
 * The FMU's scalar variables of one mission, shared by the slave (value
 * reference → slot or task) and by the modelDescription.xml writer, so the two
 * can never disagree.
 *
 * <p>Value references form one sequence from 0 over all types: the mission's
 * variables in file order, then, if the mission asks for status outputs, one
 * Integer output per task in depth-first order, named {@code status.<task path
 * with "/" replaced by ".">}, of the enumeration type {@value #STATUS_TYPE}
 * (value = {@link Status} ordinal + 1). The value reference of an entry is its
 * position in {@link #entries()}.
 *
 * <p>Initialization (FMI 2.0 §2.2.7): parameters are {@code initial="exact"}
 * with their start value; inputs carry a start value and no {@code initial};
 * outputs and locals are {@code initial="calculated"} without a start value,
 * because the tree computes them when it settles the first instant. Declaring
 * them exact would let an importer set an output that the tree then
 * overwrites.
 */
public final class ModelVariables {

    /** Name of the enumeration type declared for task status outputs. */
    public static final String STATUS_TYPE = "Status";

    /** Name prefix of the task status outputs; co-simulation tools find them by it. */
    public static final String STATUS_PREFIX = "status.";

    /** The {@code initial} attribute of a variable; NONE where FMI forbids it (inputs). */
    public enum Initial { EXACT, CALCULATED, NONE }

    /**
     * One scalar variable. {@code slot} is the blackboard slot of a mission
     * variable (-1 for a status output); {@code taskIndex} the task of a status
     * output (-1 for a mission variable). {@code start} is a Double, Integer,
     * Boolean or String matching {@code type}, or null when {@code initial} is
     * CALCULATED.
     */
    public record Entry(String name, int valueReference, SlotType type, Causality causality,
            Variability variability, Initial initial, Object start, int slot, int taskIndex,
            String description, String unit, Double min, Double max) {

        /** True for a task status output (an Integer with declared type {@value #STATUS_TYPE}). */
        public boolean isTaskStatus() {
            return taskIndex >= 0;
        }
    }

    private final List<Entry> entries;
    private final Map<String, Entry> byName;

    private ModelVariables(List<Entry> entries) {
        this.entries = Collections.unmodifiableList(entries);
        Map<String, Entry> names = new HashMap<>();
        for (Entry entry : entries) {
            Entry other = names.putIfAbsent(entry.name(), entry);
            if (other != null) {
                throw new IllegalArgumentException("two FMU variables are named '" + entry.name()
                        + "' (" + origin(other) + " and " + origin(entry)
                        + "); rename the variable or the task");
            }
        }
        this.byName = names;
    }

    /** The variables of a mission, in value-reference order. */
    public static ModelVariables of(Mission mission) {
        List<Entry> entries = new ArrayList<>();
        for (Variable v : mission.variables()) {
            entries.add(entryOf(v, entries.size()));
        }
        if (mission.statusOutputs()) {
            for (TaskInfo task : mission.tree().tasks()) {
                entries.add(new Entry(statusName(task.path()), entries.size(), SlotType.INTEGER,
                        Causality.OUTPUT, Variability.DISCRETE, Initial.CALCULATED, null, -1,
                        task.index(), "Status of " + task.typeName() + " task " + task.path(),
                        null, null, null));
            }
        }
        return new ModelVariables(entries);
    }

    /** The FMU variable name of a task's status output. */
    public static String statusName(String taskPath) {
        return STATUS_PREFIX + taskPath.replace('/', '.');
    }

    /** The Integer value of a status as the FMU reports it: SUCCESS=1 … DEACTIVATING=8. */
    public static int statusValue(Status status) {
        return status.ordinal() + 1;
    }

    /** All variables; the value reference of each is its index in this list. */
    public List<Entry> entries() {
        return entries;
    }

    public int size() {
        return entries.size();
    }

    /** The variable with this value reference, or null if there is none. */
    public Entry get(long valueReference) {
        return valueReference >= 0 && valueReference < entries.size()
                ? entries.get((int) valueReference) : null;
    }

    public Optional<Entry> find(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    private static Entry entryOf(Variable v, int valueReference) {
        Initial initial = switch (v.causality()) {
            case PARAMETER -> Initial.EXACT;
            case INPUT -> Initial.NONE;
            case OUTPUT, LOCAL -> Initial.CALCULATED;
        };
        Object start = initial == Initial.CALCULATED ? null : startValue(v);
        return new Entry(v.name(), valueReference, v.type(), v.causality(), v.variability(),
                initial, start, v.slot(), -1, v.description(), v.unit(), v.min(), v.max());
    }

    /** The start value in the Java type of the variable's FMI type (JSON numbers may come either way). */
    private static Object startValue(Variable v) {
        Object start = v.start();
        return switch (v.type()) {
            case REAL -> start instanceof Number n ? n.doubleValue() : 0.0;
            case INTEGER -> start instanceof Number n ? n.intValue() : 0;
            case BOOLEAN -> start instanceof Boolean b ? b : false;
            case STRING -> start != null ? start.toString() : "";
        };
    }

    private static String origin(Entry entry) {
        return entry.isTaskStatus() ? "the status output of a task" : "a mission variable";
    }
}
