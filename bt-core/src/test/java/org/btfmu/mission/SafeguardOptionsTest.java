package org.btfmu.mission;

import static org.btfmu.mission.MissionLoaderTest.TREE;
import static org.btfmu.mission.MissionLoaderTest.assertProblem;
import static org.btfmu.mission.MissionLoaderTest.mission;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.btfmu.core.NonFinite;
import org.btfmu.core.TreeInstance;
import org.junit.jupiter.api.Test;

/** The mission options {@code nonFinite}, {@code maxEventsPerStep} and {@code maxSweepsPerInstant}. */
class SafeguardOptionsTest {

    static String with(String key, String value) {
        return mission(TREE).replace("{\"name\": \"m\",", "{\"name\": \"m\", \"" + key + "\": " + value + ",");
    }

    @Test
    void nonFiniteDefaultsToErrorAndAcceptsTheThreeModes() {
        assertEquals(NonFinite.ERROR, MissionLoader.load(mission(TREE), "t.json").nonFinite());
        assertEquals(NonFinite.ERROR, MissionLoader.load(with("nonFinite", "\"error\""), "t.json").nonFinite());
        assertEquals(NonFinite.WARN, MissionLoader.load(with("nonFinite", "\"warn\""), "t.json").nonFinite());
        assertEquals(NonFinite.ALLOW, MissionLoader.load(with("nonFinite", "\"allow\""), "t.json").nonFinite());
    }

    @Test
    void nonFiniteOtherwiseIsAProblem() {
        assertProblem(with("nonFinite", "\"Error\""), "/nonFinite",
                "'nonFinite' must be \"error\", \"warn\" or \"allow\", got 'Error'");
        assertProblem(with("nonFinite", "false"), "/nonFinite",
                "'nonFinite' must be \"error\", \"warn\" or \"allow\", got a boolean");
    }

    @Test
    void maxEventsPerStepHasASafeDefaultAndTakesPositiveWholeNumbers() {
        assertEquals(Mission.DEFAULT_MAX_EVENTS_PER_STEP, MissionLoader.load(mission(TREE), "t.json").maxEventsPerStep());
        assertEquals(7, MissionLoader.load(with("maxEventsPerStep", "7"), "t.json").maxEventsPerStep());
        assertProblem(with("maxEventsPerStep", "0"), "/maxEventsPerStep",
                "'maxEventsPerStep' must be a whole number of at least 1, got 0");
        assertProblem(with("maxEventsPerStep", "2.5"), "/maxEventsPerStep",
                "'maxEventsPerStep' must be a whole number of at least 1, got 2.5");
        assertProblem(with("maxEventsPerStep", "\"many\""), "/maxEventsPerStep",
                "'maxEventsPerStep' must be a whole number of at least 1, got a string");
    }

    @Test
    void maxSweepsPerInstantHasASafeDefaultAndTakesWholeNumbersThatFitAnInt() {
        assertEquals(TreeInstance.DEFAULT_MAX_ITERATIONS,
                MissionLoader.load(mission(TREE), "t.json").maxSweepsPerInstant());
        assertEquals(20, MissionLoader.load(with("maxSweepsPerInstant", "20"), "t.json").maxSweepsPerInstant());
        assertEquals(Integer.MAX_VALUE,
                MissionLoader.load(with("maxSweepsPerInstant", "2147483647"), "t.json").maxSweepsPerInstant());
        String expected = "'maxSweepsPerInstant' must be a whole number of at least 1 and at most 2147483647, got ";
        assertProblem(with("maxSweepsPerInstant", "0"), "/maxSweepsPerInstant", expected + "0");
        assertProblem(with("maxSweepsPerInstant", "-3"), "/maxSweepsPerInstant", expected + "-3");
        assertProblem(with("maxSweepsPerInstant", "2147483648"), "/maxSweepsPerInstant", expected + "2147483648");
        assertProblem(with("maxSweepsPerInstant", "1e3"), "/maxSweepsPerInstant", expected + "1000.0");
        assertProblem(with("maxSweepsPerInstant", "null"), "/maxSweepsPerInstant", expected + "null");
    }
}
