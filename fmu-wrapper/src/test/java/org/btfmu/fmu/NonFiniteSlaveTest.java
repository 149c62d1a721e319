package org.btfmu.fmu;

import static org.btfmu.fmu.FmuSlaveTest.address;
import static org.btfmu.fmu.FmuSlaveTest.reals;
import static org.btfmu.fmu.FmuSlaveTest.vrs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Memory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.btfmu.mission.Mission;
import org.btfmu.mission.MissionLoader;
import org.junit.jupiter.api.Test;

/**
 * The {@code nonFinite} option as an importer meets it: the call that computed the value
 * (fmi2DoStep, fmi2ExitInitializationMode, a get after a set in Initialization Mode)
 * returns fmi2Error with one message, or fmi2OK with one warning, or says nothing.
 */
class NonFiniteSlaveTest {

    static final int OK = 0;
    static final int ERROR = 3;
    static final int WARNING = 1;
    static final int X = 0;
    static final int P = 1;
    static final int Y = 2;
    static final int Z = 3;

    /** The mission: y = 1 / x + sqrt(x - 5) + log(x); z is derived from the parameter p. */
    static final String MISSION = """
            {"name": "nf", "nonFinite": "%s", "variables": [
              {"name": "x", "causality": "input", "type": "Real", "start": 9},
              {"name": "p", "causality": "parameter", "type": "Real", "start": %s},
              {"name": "y", "causality": "output", "type": "Real"},
              {"name": "z", "causality": "output", "type": "Real"}],
             "tree": {"type": "Root", "name": "nf", "children": [
               {"type": "Action", "name": "fly", "outputs": {"y": "1 / x + sqrt(x - 5) + log(x)", "z": "2 / p"}}]}}
            """;

    final List<FmuSlaveTest.Message> messages = new ArrayList<>();

    FmuSlave slave(String mode, double p) {
        Mission mission = MissionLoader.load(MISSION.formatted(mode, p), "nf.json");
        FmuResources resources = new FmuResources(Path.of("/nf"), "{guid}", mission, ModelVariables.of(mission));
        return new FmuSlave(resources, new ImporterLog(
                (status, category, text) -> messages.add(new FmuSlaveTest.Message(status, category, text)), false));
    }

    /** As FmiEntry calls the slave: whatever escapes becomes the call's status. */
    static int call(FmuSlave slave, java.util.function.IntSupplier function) {
        try {
            return function.getAsInt();
        } catch (Throwable e) {
            return slave.failed(e);
        }
    }

    static int set(FmuSlave slave, int vr, double value) {
        return slave.setReal(address(vrs(vr)), 1, address(reals(value)));
    }

    static double get(FmuSlave slave, int vr) {
        Memory value = reals(0);
        assertEquals(OK, slave.getReal(address(vrs(vr)), 1, address(value)));
        return value.getDouble(0);
    }

    static void initialize(FmuSlave slave) {
        assertEquals(OK, slave.setupExperiment(false, 0, 0, false, 0));
        assertEquals(OK, slave.enterInitializationMode());
        assertEquals(OK, slave.exitInitializationMode());
    }

    @Test
    void errorFailsTheStepWithOneMessageNamingTaskOperationOperandsAndTime() {
        FmuSlave slave = slave("error", 1);
        initialize(slave);
        assertEquals(OK, slave.doStep(0, 1, true));
        assertEquals(OK, set(slave, X, 0));
        messages.clear();
        assertEquals(ERROR, call(slave, () -> slave.doStep(1, 1, true)));
        assertEquals(1, messages.size(), messages.toString());
        FmuSlaveTest.Message message = messages.get(0);
        assertEquals(ERROR, message.status());
        assertEquals("logStatusError", message.category());
        assertEquals("fmi2DoStep: t=1.0: task 'nf/fly': output 'y' = NaN: 1.0 / 0.0 = Infinity at column 3 of"
                + " \"1 / x + sqrt(x - 5) + log(x)\"", message.text());
        assertEquals(FmiState.ERROR, slave.state());
    }

    @Test
    void aParameterDerivedValueFailsExitInitializationMode() {
        FmuSlave slave = slave("error", 0);
        assertEquals(OK, slave.setupExperiment(false, 0, 0, false, 0));
        assertEquals(OK, slave.enterInitializationMode());
        assertEquals(ERROR, call(slave, slave::exitInitializationMode));
        assertTrue(messages.get(messages.size() - 1).text().startsWith(
                "fmi2ExitInitializationMode: t=0.0: task 'nf/fly': output 'z' = Infinity: 2.0 / 0.0 = Infinity"
                + " at column 3 of \"2 / p\""), messages.toString());
    }

    @Test
    void aGetAfterASetInInitializationModeFails() {
        FmuSlave slave = slave("error", 1);
        assertEquals(OK, slave.setupExperiment(false, 0, 0, false, 0));
        assertEquals(OK, slave.enterInitializationMode());
        assertEquals(2.0, get(slave, Z));
        assertEquals(OK, set(slave, P, 0));
        Memory value = reals(0);
        assertEquals(ERROR, call(slave, () -> slave.getReal(address(vrs(Z)), 1, address(value))));
        assertTrue(messages.get(messages.size() - 1).text().startsWith("fmi2GetReal: t=0.0: task 'nf/fly':"
                + " output 'z' = Infinity"), messages.toString());
    }

    @Test
    void warnLogsOneWarningAndTheStepSucceeds() {
        FmuSlave slave = slave("warn", 1);
        slave.log.enable(LogCategory.STATUS_WARNING, true);
        initialize(slave);
        assertEquals(OK, set(slave, X, 0));
        assertEquals(OK, slave.doStep(0, 1, true));
        assertEquals(OK, slave.doStep(1, 1, true));
        assertEquals(1, messages.size(), "once: " + messages);
        assertEquals(WARNING, messages.get(0).status());
        assertEquals("logStatusWarning", messages.get(0).category());
        assertTrue(messages.get(0).text().startsWith("t=0.0: task 'nf/fly': output 'y' = NaN"), messages.toString());
        assertTrue(Double.isNaN(get(slave, Y)));
    }

    @Test
    void allowKeepsTheIeeeValuesSilently() {
        FmuSlave slave = slave("allow", 0);
        initialize(slave);
        assertEquals(OK, set(slave, X, 0));
        assertEquals(OK, slave.doStep(0, 1, true));
        assertEquals(List.of(), messages);
        assertTrue(Double.isNaN(get(slave, Y)));
        assertEquals(Double.POSITIVE_INFINITY, get(slave, Z));
    }
}
