package org.btfmu.fmu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The FMI 3.0 calling-sequence table: the cells the specification fixes, and the ones the Reference FMUs miss. */
class Fmi3FunctionTest {

    private static Set<Fmi3State> allowed(Fmi3Function function) {
        Set<Fmi3State> states = EnumSet.noneOf(Fmi3State.class);
        for (Fmi3State state : Fmi3State.values()) {
            if (function.allowedIn(state)) {
                states.add(state);
            }
        }
        return states;
    }

    @Test
    void updateDiscreteStatesOnlyInEventModeAndEnterEventModeNotFromEventMode() {
        assertEquals(EnumSet.of(Fmi3State.EVENT_MODE), allowed(Fmi3Function.UPDATE_DISCRETE_STATES));
        assertEquals(EnumSet.of(Fmi3State.STEP_MODE, Fmi3State.CONTINUOUS_TIME_MODE),
                allowed(Fmi3Function.ENTER_EVENT_MODE));
    }

    @Test
    void steppingBelongsToCoSimulationAndContinuousTimeToModelExchange() {
        assertEquals(EnumSet.of(Fmi3State.STEP_MODE), allowed(Fmi3Function.DO_STEP));
        assertTrue(Fmi3Function.DO_STEP.belongsTo(false));
        assertFalse(Fmi3Function.DO_STEP.belongsTo(true));
        assertEquals(EnumSet.of(Fmi3State.EVENT_MODE), allowed(Fmi3Function.ENTER_STEP_MODE));
        for (Fmi3Function f : new Fmi3Function[] {Fmi3Function.SET_TIME, Fmi3Function.ENTER_CONTINUOUS_TIME_MODE,
                Fmi3Function.GET_EVENT_INDICATORS, Fmi3Function.COMPLETED_INTEGRATOR_STEP}) {
            assertTrue(f.belongsTo(true), f.fmiName());
            assertFalse(f.belongsTo(false), f.fmiName());
        }
        assertEquals(EnumSet.of(Fmi3State.CONTINUOUS_TIME_MODE), allowed(Fmi3Function.SET_TIME));
    }

    @Test
    void afterFatalOnlyFreeInstanceAndInTerminatedNoSetNorStep() {
        for (Fmi3Function f : Fmi3Function.values()) {
            assertEquals(f == Fmi3Function.FREE_INSTANCE, f.allowedIn(Fmi3State.FATAL), f.fmiName());
        }
        for (Fmi3Function f : new Fmi3Function[] {Fmi3Function.SET_FLOAT64, Fmi3Function.SET_BOOLEAN,
                Fmi3Function.DO_STEP, Fmi3Function.UPDATE_DISCRETE_STATES, Fmi3Function.TERMINATE}) {
            assertFalse(f.allowedIn(Fmi3State.TERMINATED), f.fmiName());
        }
        assertTrue(Fmi3Function.SET_FMU_STATE.allowedIn(Fmi3State.TERMINATED), "FMU State Settable");
        assertTrue(Fmi3Function.RESET.allowedIn(Fmi3State.TERMINATED));
    }

    @Test
    void settersCarryTheFmi2ConditionDigitsPerState() {
        for (Fmi3Function f : new Fmi3Function[] {Fmi3Function.SET_FLOAT64, Fmi3Function.SET_INT32,
                Fmi3Function.SET_BOOLEAN, Fmi3Function.SET_STRING}) {
            assertEquals('2', f.cell(Fmi3State.INSTANTIATED), f.fmiName()); // inputs too, unlike FMI 2.0
            assertEquals('3', f.cell(Fmi3State.INITIALIZATION_MODE), f.fmiName());
            assertEquals('4', f.cell(Fmi3State.EVENT_MODE), f.fmiName());
            assertEquals('4', f.cell(Fmi3State.STEP_MODE), f.fmiName());
            assertEquals('5', f.cell(Fmi3State.CONTINUOUS_TIME_MODE), f.fmiName());
        }
    }

    @Test
    void functionsAreFoundByTheirCName() {
        for (Fmi3Function f : Fmi3Function.values()) {
            assertEquals(f, Fmi3Function.byName(f.fmiName()));
        }
        assertNull(Fmi3Function.byName("fmi2DoStep"));
    }

    @Test
    void fmi3MessagesAreNotPrintfFormats() {
        String text = "100% done at #3#";
        assertEquals(text, Fmi3Logger.unescape(ImporterLog.escape(text)));
        assertEquals("%%", Fmi3Logger.unescape(ImporterLog.escape("%%")));
    }
}
