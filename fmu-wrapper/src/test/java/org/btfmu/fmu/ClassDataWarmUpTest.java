package org.btfmu.fmu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The archiving process's warm-up takes the importers' path, so that the classes an importer's
 * first calls load come from the class-data archive, not from the jar on the importer's thread:
 * loggingOn = fmi2True with a logger, the inputs set, steps that log under logEvents.
 */
class ClassDataWarmUpTest {

    @TempDir
    Path resources;

    @Test
    void theWarmUpLogsAsAnImporterWithLoggingOnSeesIt() throws Exception {
        Files.writeString(resources.resolve(FmuResources.GUID_FILE), "{guid}\n");
        Files.writeString(resources.resolve(FmuResources.MISSION_FILE), FmuSlaveTest.MISSION);
        Files.writeString(resources.resolve(FmuResources.INTERFACES_FILE), "CoSimulation\nModelExchange\n");
        List<FmuSlaveTest.Message> messages = new ArrayList<>();

        ClassDataWarmUp.run(resources, (status, category, text) -> messages.add(
                new FmuSlaveTest.Message(status, category, text)));

        assertTrue(messages.stream().anyMatch(m -> m.category().equals("logEvents")
                && m.text().startsWith("step to t=")), "steps logged under logEvents: " + messages);
        assertEquals(List.of(), messages.stream().filter(m -> m.status() != ImporterLog.OK).toList(),
                "every call of the warm-up succeeds (a refused call would leave its path out of the archive)");
        assertTrue(messages.stream().noneMatch(m -> m.category().equals("logCalls")),
                "loggingOn switches on what importers see, not the per-call trace");
    }
}
