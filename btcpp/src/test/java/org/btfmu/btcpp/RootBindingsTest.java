package org.btfmu.btcpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.btfmu.core.ProcessingMode;
import org.btfmu.core.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The imported Root ends on its child's first result unless the bindings' "root" says otherwise. */
class RootBindingsTest {

    @TempDir
    Path dir;

    private static final String FAILING = "<root BTCPP_format=\"4\"><BehaviorTree ID=\"Main\">"
            + "<ScriptCondition code=\"x &gt; 1\"/></BehaviorTree></root>";

    @Test
    void theImportedRootEndsOnTheFirstResult() {
        Run r = Run.of(dir, FAILING, null, ProcessingMode.EVENT_DRIVEN).start();
        assertEquals(Status.ABORTED, r.tree.status(0));
    }

    @Test
    void theBindingsCanKeepThePapersRoot() {
        Run r = Run.of(dir, FAILING, "{\"root\": {\"endOnTransientResult\": false}}", ProcessingMode.EVENT_DRIVEN)
                .start();
        assertEquals(Status.RUNNING, r.tree.status(0), "the root watches the condition, as in a native mission");
    }

    @Test
    void aRootEntryThatIsNoObjectIsRefused() throws IOException {
        Path xml = dir.resolve("t.xml");
        Files.writeString(xml, FAILING);
        Path b = dir.resolve("b.json");
        Files.writeString(b, "{\"root\": true}");
        BtcppException e = assertThrows(BtcppException.class, () -> TreeImporter.importFile(xml, b));
        assertTrue(e.getMessage().contains("/root: must be an object"), e.getMessage());
    }
}
