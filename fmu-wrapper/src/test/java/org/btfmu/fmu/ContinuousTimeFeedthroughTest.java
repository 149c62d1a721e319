package org.btfmu.fmu;

import static org.btfmu.fmu.FmuSlaveTest.OK;
import static org.btfmu.fmu.FmuSlaveTest.address;
import static org.btfmu.fmu.FmuSlaveTest.reals;
import static org.btfmu.fmu.FmuSlaveTest.vrs;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.jna.Memory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.btfmu.core.Status;
import org.btfmu.mission.Mission;
import org.btfmu.mission.MissionLoader;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Model Exchange in Continuous-Time Mode, in FMPy's call order (fmi2SetTime, fmi2SetReal of
 * the inputs, fmi2GetEventIndicators, fmi2CompletedIntegratorStep, fmi2GetReal of the
 * outputs; no event in between): outputs and event indicators follow Real inputs at once,
 * task statuses do not change until the next event.
 */
class ContinuousTimeFeedthroughTest {

    /** y = u while following; follow is done when u >= 5 (its event indicator u - 5). */
    static final String MISSION = """
            {"name": "feed", "variables": [
              {"name": "u", "causality": "input", "type": "Real", "start": 0},
              {"name": "y", "causality": "output", "type": "Real", "start": 0}],
             "tree": {"type": "Root", "name": "feed", "children": [
               {"type": "Action", "name": "follow", "done": "u >= 5", "outputs": {"y": "u"}}]}}
            """;
    static final int U = 0;
    static final int Y = 1;
    static final int STATUS_FOLLOW = 3; // after u, y and the root

    final List<String> messages = new ArrayList<>();
    ModelExchangeSlave model;

    @BeforeEach
    void initialize() {
        Mission mission = MissionLoader.load(MISSION, "feed.json");
        FmuResources resources = new FmuResources(Path.of("/feed"), "{guid}", mission, ModelVariables.of(mission));
        model = new ModelExchangeSlave(resources, mission.processing(),
                new ImporterLog((status, category, text) -> messages.add(text), false));
        assertEquals(OK, model.setupExperiment(false, 0, 0, false, 0));
        assertEquals(OK, model.enterInitializationMode());
        assertEquals(OK, model.exitInitializationMode());
        Memory info = new Memory(32);
        assertEquals(OK, model.newDiscreteStates(address(info)));
        assertEquals(0, info.getInt(0), "settled");
        assertEquals(OK, model.enterContinuousTimeMode());
    }

    String last() {
        return messages.isEmpty() ? "(no message)" : messages.get(messages.size() - 1);
    }

    double y() {
        Memory value = reals(Double.NaN);
        assertEquals(OK, model.getReal(address(vrs(Y)), 1, address(value)), last());
        return value.getDouble(0);
    }

    double indicator() {
        Memory z = reals(Double.NaN);
        assertEquals(OK, model.getEventIndicators(address(z), 1), last());
        return z.getDouble(0);
    }

    int followStatus() {
        Memory value = new Memory(4);
        assertEquals(OK, model.getInteger(address(vrs(STATUS_FOLLOW)), 1, address(value)), last());
        return value.getInt(0);
    }

    @Test
    void outputsAndIndicatorsFollowRealInputsInFmpysCallOrder() {
        int running = ModelVariables.statusValue(Status.RUNNING);
        assertEquals(running, followStatus());
        double[] inputs = {6, 9, 2, -1, 4.5};
        for (int k = 0; k < inputs.length; k++) {
            assertEquals(OK, model.setTime(0.5 * (k + 1)), last());
            assertEquals(OK, model.setReal(address(vrs(U)), 1, address(reals(inputs[k]))), last());
            assertEquals(inputs[k] - 5, indicator(), 1e-12, "u - 5 at u = " + inputs[k]);
            Memory enterEventMode = new Memory(4);
            Memory terminate = new Memory(4);
            assertEquals(OK, model.completedIntegratorStep(true, address(enterEventMode), address(terminate)));
            assertEquals(inputs[k], y(), "y = u at u = " + inputs[k]);
            assertEquals(running, followStatus(), "no status changes in Continuous-Time Mode");
            assertEquals(ModelExchangeState.CONTINUOUS_TIME_MODE, model.meState());
        }
    }

    @Test
    void anOutputReadBeforeTheIndicatorsFollowsToo() {
        assertEquals(OK, model.setReal(address(vrs(U)), 1, address(reals(9))));
        assertEquals(9, y(), "the value set, not the last event's 0");
        assertEquals(OK, model.setReal(address(vrs(U)), 1, address(reals(3))));
        assertEquals(3, y());
        assertEquals(-2, indicator(), 1e-12);
        assertEquals(ModelVariables.statusValue(Status.RUNNING), followStatus());
    }
}
