package org.btfmu.btcpp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.btfmu.core.ProcessingMode;
import org.btfmu.core.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The default handshake of a custom action without bindings: X.request counts starts, the
 * input port's value (a literal or a blackboard key) is the FMU output X.goal while the action
 * runs, and the plant's X.ack/X.result finish it.
 */
class HandshakeTest {

    @TempDir
    Path dir;

    @Test
    void requestAckResultAndInputPorts() {
        String xml = """
                <root BTCPP_format="4">
                  <BehaviorTree ID="Main">
                    <Sequence name="seq">
                      <MoveTo name="a" goal="3.5"/>
                      <MoveTo name="b" goal="{g}"/>
                    </Sequence>
                  </BehaviorTree>
                  <TreeNodesModel>
                    <Action ID="MoveTo"><input_port name="goal" type="double"/></Action>
                  </TreeNodesModel>
                </root>
                """;
        Run r = Run.of(dir, xml, null, ProcessingMode.EVENT_DRIVEN).start();
        assertEquals(Status.RUNNING, r.status("Main/seq/a"));
        assertEquals(1, r.integer("MoveTo.request"));
        assertEquals(3.5, r.real("MoveTo.goal"));
        r.answer("MoveTo", 1, 1);
        assertEquals(Status.RUNNING, r.status("Main/seq/a"), "1 is RUNNING: not done yet");
        r.answer("MoveTo", 2, 2);
        assertEquals(Status.RUNNING, r.status("Main/seq/b"));
        assertEquals(2, r.integer("MoveTo.request"));
        r.set("g", 7.25).at(3);
        assertEquals(7.25, r.real("MoveTo.goal"), "b passes the key g");
    }
}
