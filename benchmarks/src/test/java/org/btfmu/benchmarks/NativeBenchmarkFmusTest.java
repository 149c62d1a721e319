package org.btfmu.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.btfmu.core.blackboard.SlotType;
import org.btfmu.fmu.ModelVariables;
import org.btfmu.mission.Causality;
import org.junit.jupiter.api.Test;

/** The C driver (src/main/c/native_bench.c) hard-codes these value references. */
class NativeBenchmarkFmusTest {

    @Test
    void inputsAreValueReferences0To9AndOutputs10To19() {
        ModelVariables variables = ModelVariables.of(NativeBenchmarkFmus.mission());
        for (int k = 0; k < 10; k++) {
            ModelVariables.Entry in = variables.get(k);
            assertEquals("in" + k, in.name());
            assertEquals(Causality.INPUT, in.causality());
            assertEquals(SlotType.REAL, in.type());
            ModelVariables.Entry out = variables.get(10 + k);
            assertEquals("out" + k, out.name());
            assertEquals(Causality.OUTPUT, out.causality());
            assertEquals(SlotType.REAL, out.type());
        }
    }
}
