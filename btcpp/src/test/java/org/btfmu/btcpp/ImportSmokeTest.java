package org.btfmu.btcpp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.btfmu.core.ProcessingMode;
import org.btfmu.core.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ImportSmokeTest {

    @TempDir
    Path dir;

    @Test
    void handshake() {
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
        r.answer("MoveTo", 2, 1);
        assertEquals(Status.RUNNING, r.status("Main/seq/b"));
        assertEquals(2, r.integer("MoveTo.request"));
    }
}
