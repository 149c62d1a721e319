package org.btfmu.core.tasks;

import static org.btfmu.core.tasks.DecoratorsTestSupport.DONE;
import static org.btfmu.core.tasks.DecoratorsTestSupport.FAIL;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.btfmu.core.Status;
import org.btfmu.core.TaskNode;
import org.btfmu.core.Tasks;
import org.btfmu.core.TreeInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Inverter, ForceSuccess and ForceFailure: the decorators that only map their child's result. */
class ResultMapperTest {

    /** Decorator, its result when the child succeeded, its result when the child failed. */
    static Stream<Arguments> decorators() {
        return Stream.of(
                Arguments.of("Inverter", (UnaryOperator<TaskNode>) c -> Tasks.inverter("d", c), false, true),
                Arguments.of("ForceSuccess", (UnaryOperator<TaskNode>) c -> Tasks.forceSuccess("d", c), true, true),
                Arguments.of("ForceFailure", (UnaryOperator<TaskNode>) c -> Tasks.forceFailure("d", c), false, false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("decorators")
    void mapsTransientResults(String type, UnaryOperator<TaskNode> decorator, boolean onSuccess, boolean onFailure) {
        TreeInstance t = DecoratorsTestSupport.decorated(decorator);
        t.setBoolean(DONE, true);
        t.start(0);
        assertEquals(Status.SUCCESS, t.status(2));
        assertEquals(onSuccess ? Status.SUCCESS : Status.FAILURE, t.status(1));
        t.setBoolean(DONE, false);
        t.setBoolean(FAIL, true);
        t.settle();
        assertEquals(Status.FAILURE, t.status(2));
        assertEquals(onFailure ? Status.SUCCESS : Status.FAILURE, t.status(1));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("decorators")
    void mapsNonTransientResultsAndKeepsTheChildActive(String type, UnaryOperator<TaskNode> decorator,
            boolean onSuccess, boolean onFailure) {
        TreeInstance t = DecoratorsTestSupport.decorated(decorator);
        t.start(0);
        assertEquals(Status.RUNNING, t.status(1));
        assertEquals(Status.RUNNING, t.status(2));
        t.setBoolean(DONE, true);
        t.settle();
        assertEquals(Status.FINISHED, t.status(2));
        assertEquals(onSuccess ? Status.FINISHED : Status.ABORTED, t.status(1));

        TreeInstance u = DecoratorsTestSupport.decorated(decorator);
        u.start(0);
        u.setBoolean(FAIL, true);
        u.settle();
        assertEquals(Status.ABORTED, u.status(2));
        assertEquals(onFailure ? Status.FINISHED : Status.ABORTED, u.status(1));
        assertTrue(u.isActive(2));
    }
}
