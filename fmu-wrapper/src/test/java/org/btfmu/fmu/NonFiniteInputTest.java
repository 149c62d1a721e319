package org.btfmu.fmu;

import static org.btfmu.fmu.FmuSlaveTest.address;
import static org.btfmu.fmu.FmuSlaveTest.reals;
import static org.btfmu.fmu.FmuSlaveTest.vrs;
import static org.btfmu.fmu.NonFiniteSlaveTest.MISSION;
import static org.btfmu.fmu.NonFiniteSlaveTest.P;
import static org.btfmu.fmu.NonFiniteSlaveTest.X;
import static org.btfmu.fmu.NonFiniteSlaveTest.Y;
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
 * NaN and ±Inf given to fmi2SetReal for an input or a parameter follow the mission's
 * {@code nonFinite} option: "error" (the default) refuses the whole call with fmi2Error
 * naming the variable and sets nothing; "warn" sets it and warns once per variable;
 * "allow" sets it silently. And fmi2Get*Status refuses a status kind that is not one.
 */
class NonFiniteInputTest {

    static final int OK = 0;
    static final int WARNING = 1;
    static final int DISCARD = 2;
    static final int ERROR = 3;

    final List<FmuSlaveTest.Message> messages = new ArrayList<>();

    FmuSlave slave(String mode, boolean modelExchange) {
        Mission mission = MissionLoader.load(MISSION.formatted(mode, 1), "nf.json");
        FmuResources resources = new FmuResources(Path.of("/nf"), "{guid}", mission, ModelVariables.of(mission));
        ImporterLog log = new ImporterLog(
                (status, category, text) -> messages.add(new FmuSlaveTest.Message(status, category, text)), false);
        return modelExchange ? new ModelExchangeSlave(resources, mission.processing(), log)
                : new FmuSlave(resources, log);
    }

    static int set(FmuSlave slave, int[] refs, double... values) {
        return slave.setReal(address(vrs(refs)), refs.length, address(reals(values)));
    }

    String last() {
        return messages.get(messages.size() - 1).text();
    }

    @Test
    void errorRefusesNanAndInfinitiesForInputsAndParametersNamingTheVariable() {
        for (double bad : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
            for (boolean modelExchange : new boolean[] {false, true}) {
                FmuSlave slave = slave("error", modelExchange);
                messages.clear();
                assertEquals(ERROR, set(slave, new int[] {P}, bad), "a parameter before initialization");
                assertEquals("fmi2SetReal: value[0] = " + bad + " for parameter 'p' is not a finite number"
                        + " (the mission's nonFinite is \"error\"); nothing was set", last());
                assertEquals(ImporterLog.ERROR, messages.get(0).status());
                assertEquals("logStatusError", messages.get(0).category());

                slave = slave("error", modelExchange);
                assertEquals(OK, slave.setupExperiment(false, 0, 0, false, 0));
                assertEquals(OK, slave.enterInitializationMode());
                messages.clear();
                assertEquals(ERROR, set(slave, new int[] {P, X}, 4, bad), "an input in Initialization Mode");
                assertTrue(last().startsWith("fmi2SetReal: value[1] = " + bad + " for input 'x' is not a finite"),
                        last());
            }
        }
    }

    @Test
    void aRefusedCallSetsNothingAndTheInstanceRecoversByReset() {
        FmuSlave slave = slave("error", false);
        NonFiniteSlaveTest.initialize(slave);
        assertEquals(OK, set(slave, new int[] {X}, 16));
        assertEquals(ERROR, set(slave, new int[] {X, X}, 25, Double.NaN));
        assertEquals(FmiState.ERROR, slave.state());
        assertEquals(OK, slave.reset());
        NonFiniteSlaveTest.initialize(slave);
        assertEquals(1 / 9.0 + 2 + Math.log(9), NonFiniteSlaveTest.get(slave, Y), 1e-12, "start value again");
    }

    @Test
    void inModelExchangeAnIndicatorNeverComesBackNanWithFmi2Ok() {
        ModelExchangeSlave slave = (ModelExchangeSlave) slave("error", true);
        NonFiniteSlaveTest.initialize(slave);
        assertEquals(OK, slave.enterContinuousTimeMode());
        assertEquals(ERROR, set(slave, new int[] {X}, Double.NaN));
        assertEquals(ModelExchangeState.ERROR, slave.meState());
    }

    @Test
    void warnSetsTheValueAndWarnsOncePerVariable() {
        FmuSlave slave = slave("warn", false);
        slave.log.enable(LogCategory.STATUS_WARNING, true);
        NonFiniteSlaveTest.initialize(slave);
        messages.clear();
        assertEquals(OK, set(slave, new int[] {X}, Double.POSITIVE_INFINITY));
        assertEquals(OK, set(slave, new int[] {X}, Double.NaN));
        assertEquals(1, messages.size(), messages.toString());
        assertEquals(ImporterLog.WARNING, messages.get(0).status());
        assertEquals("logStatusWarning", messages.get(0).category());
        assertEquals("fmi2SetReal: value[0] = Infinity for input 'x' is not a finite number (the mission's"
                + " nonFinite is \"warn\": set all the same)", messages.get(0).text());
        Memory value = reals(0);
        assertEquals(OK, slave.getReal(address(vrs(X)), 1, address(value)));
        assertTrue(Double.isNaN(value.getDouble(0)));
    }

    @Test
    void allowSetsTheValueSilently() {
        FmuSlave slave = slave("allow", false);
        NonFiniteSlaveTest.initialize(slave);
        messages.clear();
        assertEquals(OK, set(slave, new int[] {X}, Double.NEGATIVE_INFINITY));
        Memory value = reals(0);
        assertEquals(OK, slave.getReal(address(vrs(X)), 1, address(value)));
        assertEquals(Double.NEGATIVE_INFINITY, value.getDouble(0));
        assertEquals(List.of(), messages);
    }

    @Test
    void aStatusKindThatIsNoneIsAnErrorAKindWithoutAValueADiscard() {
        FmuSlave slave = slave("error", false);
        NonFiniteSlaveTest.initialize(slave);
        Memory value = new Memory(8);
        assertEquals(DISCARD, slave.getRealStatus(0, address(value)), "fmi2DoStepStatus has no Real value");
        for (int kind : new int[] {-1, 4, 1000}) {
            slave.reset();
            NonFiniteSlaveTest.initialize(slave);
            messages.clear();
            assertEquals(ERROR, slave.getStatus(kind, address(value)));
            assertEquals("fmi2GetStatus: status kind " + kind + " is not an fmi2StatusKind (0 fmi2DoStepStatus,"
                    + " 1 fmi2PendingStatus, 2 fmi2LastSuccessfulTime, 3 fmi2Terminated)", last());
            for (int type = 0; type < 4; type++) {
                slave.reset();
                NonFiniteSlaveTest.initialize(slave);
                int status = switch (type) {
                    case 0 -> slave.getRealStatus(kind, address(value));
                    case 1 -> slave.getIntegerStatus(kind, address(value));
                    case 2 -> slave.getBooleanStatus(kind, address(value));
                    default -> slave.getStringStatus(kind, address(value));
                };
                assertEquals(ERROR, status, "type " + type + ", kind " + kind);
                assertTrue(last().contains("status kind " + kind + " is not an fmi2StatusKind"), last());
            }
        }
    }
}
