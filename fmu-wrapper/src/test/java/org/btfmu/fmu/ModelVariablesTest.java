package org.btfmu.fmu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.btfmu.core.Status;
import org.btfmu.core.TaskInfo;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.fmu.ModelVariables.Entry;
import org.btfmu.fmu.ModelVariables.Initial;
import org.btfmu.mission.Causality;
import org.btfmu.mission.Mission;
import org.btfmu.mission.MissionLoader;
import org.btfmu.mission.Variability;
import org.btfmu.mission.Variable;
import org.junit.jupiter.api.Test;

class ModelVariablesTest {

    private static final String MISSION = """
            {
              "name": "plan",
              "variables": [
                {"name": "altitude", "causality": "input", "type": "Real", "unit": "m"},
                {"name": "mode", "causality": "output", "type": "Integer", "start": 2, "min": 0, "max": 3},
                {"name": "safe_altitude", "causality": "parameter", "type": "Real", "start": 300},
                {"name": "gain", "causality": "parameter", "type": "Real", "variability": "tunable", "start": 0.5},
                {"name": "armed", "causality": "input", "type": "Boolean", "start": true},
                {"name": "count", "causality": "local", "type": "Integer"}
              ],
              "tree": {"type": "Root", "name": "root", "children": [
                {"type": "Sequence", "name": "steps", "children": [
                  {"type": "Condition", "name": "high", "predicate": "altitude > safe_altitude"},
                  {"type": "Action", "name": "climb", "entry": {"mode": "1"}}
                ]}
              ]}
            }
            """;

    private static Mission load(String json) {
        return MissionLoader.load(json, "plan.json");
    }

    @Test
    void missionVariablesComeFirstInFileOrderThenOneStatusPerTask() {
        Mission mission = load(MISSION);
        ModelVariables variables = ModelVariables.of(mission);
        List<TaskInfo> tasks = mission.tree().tasks();
        assertEquals(mission.variables().size() + tasks.size(), variables.size());
        for (int vr = 0; vr < variables.size(); vr++) {
            Entry entry = variables.get(vr);
            assertEquals(vr, entry.valueReference());
            if (vr < mission.variables().size()) {
                assertEquals(mission.variables().get(vr).name(), entry.name());
                assertEquals(mission.variables().get(vr).slot(), entry.slot());
                assertEquals(-1, entry.taskIndex());
            } else {
                TaskInfo task = tasks.get(vr - mission.variables().size());
                assertEquals("status." + task.path().replace('/', '.'), entry.name());
                assertEquals(task.index(), entry.taskIndex());
                assertEquals(-1, entry.slot());
                assertTrue(entry.isTaskStatus());
                assertEquals(SlotType.INTEGER, entry.type());
                assertEquals(Causality.OUTPUT, entry.causality());
                assertEquals(Variability.DISCRETE, entry.variability());
                assertEquals(Initial.CALCULATED, entry.initial());
                assertNull(entry.start());
            }
        }
        assertEquals("status.root.steps.climb", variables.get(variables.size() - 1).name());
    }

    @Test
    void initialAndStartFollowTheCausality() {
        ModelVariables variables = ModelVariables.of(load(MISSION));
        Entry altitude = variables.find("altitude").orElseThrow();
        assertEquals(Initial.NONE, altitude.initial());
        assertEquals(0.0, altitude.start());
        assertEquals("m", altitude.unit());
        assertEquals(true, variables.find("armed").orElseThrow().start());

        Entry safe = variables.find("safe_altitude").orElseThrow();
        assertEquals(Initial.EXACT, safe.initial());
        assertEquals(300.0, safe.start(), "a Real start written as a JSON integer is a Double");
        assertEquals(Variability.FIXED, safe.variability());
        assertEquals(Variability.TUNABLE, variables.find("gain").orElseThrow().variability());

        Entry mode = variables.find("mode").orElseThrow();
        assertEquals(Initial.CALCULATED, mode.initial());
        assertNull(mode.start(), "the tree computes outputs; they carry no start value");
        assertEquals(0.0, mode.min());
        assertEquals(3.0, mode.max());
        assertEquals(Initial.CALCULATED, variables.find("count").orElseThrow().initial());
    }

    @Test
    void statusOutputsCanBeSwitchedOff() {
        Mission mission = load(MISSION.replace("\"name\": \"plan\",", "\"name\": \"plan\", \"statusOutputs\": false,"));
        ModelVariables variables = ModelVariables.of(mission);
        assertEquals(mission.variables().size(), variables.size());
        assertTrue(variables.entries().stream().noneMatch(Entry::isTaskStatus));
    }

    @Test
    void unknownValueReferencesAndNamesAreAbsent() {
        ModelVariables variables = ModelVariables.of(load(MISSION));
        assertNull(variables.get(-1));
        assertNull(variables.get(variables.size()));
        assertNull(variables.get(1L << 32));
        assertTrue(variables.find("status.nothing").isEmpty());
    }

    @Test
    void aVariableNamedLikeAStatusOutputIsRejected() {
        // The mission loader reserves "status." names; a mission built in Java is checked here.
        Mission mission = load(MISSION);
        List<Variable> variables = new ArrayList<>(mission.variables());
        variables.add(new Variable("status.root.steps", SlotType.INTEGER, Causality.OUTPUT,
                Variability.DISCRETE, 0, null, null, null, null, variables.size()));
        Mission clash = new Mission(mission.name(), mission.description(), variables,
                mission.tree(), true, mission.processing(), mission.sourceText());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ModelVariables.of(clash));
        assertTrue(e.getMessage().contains("'status.root.steps'"), e.getMessage());
    }

    @Test
    void statusValuesAreOrdinalPlusOne() {
        assertEquals(1, ModelVariables.statusValue(Status.SUCCESS));
        assertEquals(8, ModelVariables.statusValue(Status.DEACTIVATING));
        for (Status status : Status.values()) {
            assertEquals(status, Status.values()[ModelVariables.statusValue(status) - 1]);
        }
    }
}
