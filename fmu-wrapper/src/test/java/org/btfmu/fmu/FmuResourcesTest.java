package org.btfmu.fmu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FmuResourcesTest {

    static final String MISSION = """
            {"name": "tiny", "variables": [{"name": "x", "causality": "input", "type": "Real"}],
             "tree": {"type": "Root", "name": "tiny", "children": [
               {"type": "Condition", "name": "positive", "predicate": "x > 0"}]}}
            """;

    @TempDir
    Path resources;

    @Test
    void readsGuidAndMissionOnceForAllInstances() throws Exception {
        Files.writeString(resources.resolve("guid.txt"), "{abc}\n");
        Files.writeString(resources.resolve("mission.json"), MISSION);
        FmuResources first = FmuResources.of(resources, "{abc}");
        assertEquals("{abc}", first.guid());
        assertEquals("tiny", first.mission().name());
        assertEquals(1 + 2, first.variables().size(), "x and the status of both tasks");
        assertSame(first, FmuResources.of(resources, "{abc}"));
    }

    @Test
    void anotherFmuExtractedIntoTheSameDirectoryIsReadAgain() throws Exception {
        Files.writeString(resources.resolve("guid.txt"), "{abc}");
        Files.writeString(resources.resolve("mission.json"), MISSION);
        FmuResources first = FmuResources.of(resources, "{abc}");
        Files.writeString(resources.resolve("guid.txt"), "{def}");
        Files.writeString(resources.resolve("mission.json"), MISSION.replace("tiny", "other"));
        FmuResources next = FmuResources.of(resources, "{def}");
        assertEquals("{def}", next.guid());
        assertEquals("other", next.mission().name());
        assertEquals("tiny", first.mission().name(), "instances of the first keep theirs");
    }

    @Test
    void aMissingFileIsNamed() throws Exception {
        Files.writeString(resources.resolve("mission.json"), MISSION);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FmuResources.of(resources, "{abc}"));
        assertTrue(e.getMessage().contains("incomplete") && e.getMessage().contains("guid.txt"),
                e.getMessage());
    }

    @Test
    void anInvalidMissionIsNamedWithItsProblem() throws Exception {
        Files.writeString(resources.resolve("guid.txt"), "{abc}");
        Files.writeString(resources.resolve("mission.json"), MISSION.replace("x > 0", "y > 0"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FmuResources.of(resources, "{abc}"));
        assertTrue(e.getMessage().contains("mission.json")
                && e.getMessage().contains("/tree/children/0/predicate")
                && e.getMessage().contains("unknown name 'y'"),
                e.getMessage());
    }

    @Test
    void theRuntimeSkipsTheBuildsWarningsButNotItsChecks() throws Exception {
        // a division whose divisor can be 0: a warning for bt-fmu build, nothing the runtime reads
        String warned = MISSION.replace("\"predicate\": \"x > 0\"", "\"predicate\": \"1 / x > 0\"");
        assertEquals(1, org.btfmu.mission.MissionLoader.load(warned, "m.json").warnings().size());
        Files.writeString(resources.resolve("guid.txt"), "{abc}");
        Files.writeString(resources.resolve("mission.json"), warned);
        assertEquals(java.util.List.of(), FmuResources.of(resources, "{abc}").mission().warnings());
        // a check the build made is made again: a hand-edited expression is refused
        Files.writeString(resources.resolve("guid.txt"), "{def}");
        Files.writeString(resources.resolve("mission.json"), warned.replace("1 / x > 0", "1 / x >"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FmuResources.of(resources, "{def}"));
        assertTrue(e.getMessage().startsWith("the FMU's mission is invalid: ")
                && e.getMessage().contains("/tree/children/0/predicate"), e.getMessage());
    }

    @Test
    void interfacesAreReadOneALineWhateverTheLineEnds() throws Exception {
        Files.writeString(resources.resolve("guid.txt"), "{abc}");
        Files.writeString(resources.resolve("mission.json"), MISSION);
        Files.writeString(resources.resolve("interfaces.txt"), " ModelExchange \r\nCoSimulation\r");
        FmuResources read = FmuResources.of(resources, "{abc}");
        assertEquals(java.util.Set.of("ModelExchange", "CoSimulation"), read.interfaces());
        assertEquals(java.util.Set.of("a", "b", "c"), FmuResources.lines("a\rb\nc\r\n"));
    }
}
