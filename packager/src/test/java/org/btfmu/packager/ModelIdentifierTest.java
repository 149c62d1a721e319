package org.btfmu.packager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ModelIdentifierTest {

    @Test
    void cIdentifiersAreAccepted() throws Exception {
        for (String id : List.of("a", "_", "Square_Plan", "plan2", "_2nd", "x".repeat(200))) {
            assertEquals(id, ModelIdentifier.check(id));
        }
    }

    @Test
    void everythingElseIsRejectedWithTheReason() {
        assertTrue(reason("").contains("empty"));
        assertTrue(reason("2nd").contains("not a C identifier"));
        assertTrue(reason("my-plan").contains("not a C identifier"));
        assertTrue(reason("pl\u00e4n").contains("not a C identifier"));
        assertTrue(reason("while").contains("C keyword"));
        assertTrue(reason("x".repeat(201)).contains("at most 200"));
    }

    @Test
    void namesBecomeIdentifiers() throws Exception {
        assertEquals("Square_plan_2", ModelIdentifier.fromName("Square plan 2"));
        assertEquals("_3_laps", ModelIdentifier.fromName("3 laps"));
        assertEquals("_int", ModelIdentifier.fromName("int"));
        assertEquals("pl_n", ModelIdentifier.fromName("pl\u00e4n"));
        assertEquals("mission", ModelIdentifier.fromName(""));
        for (String name : List.of("a b", "9", "x".repeat(500), "void", "\u00e4\u00f6\u00fc")) {
            ModelIdentifier.check(ModelIdentifier.fromName(name));
        }
    }

    private static String reason(String id) {
        return assertThrows(FmuBuildException.class, () -> ModelIdentifier.check(id)).getMessage();
    }
}
