package org.btfmu.scenario;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonLocationsTest {

    @TempDir
    Path folder;

    @Test
    void findsTheLineAndColumnOfAPointerOrOfTheValueEnclosingIt() throws Exception {
        Path file = Files.writeString(folder.resolve("s.json"), """
                {
                  "stop": 10,
                  "expect": [
                    {"variable": "a.x", "min": 3},
                    {"task": "a/b",
                     "status": "DONE"}
                  ],
                  "a/b": {"c~d": [1, [2, 3]]}
                }
                """);
        JsonLocations at = JsonLocations.of(file);
        assertArrayEquals(new int[] {2, 11}, at.find("/stop"));
        assertArrayEquals(new int[] {4, 5}, at.find("/expect/0"));
        assertArrayEquals(new int[] {4, 32}, at.find("/expect/0/min"));
        assertArrayEquals(new int[] {6, 16}, at.find("/expect/1/status"));
        assertArrayEquals(new int[] {5, 5}, at.find("/expect/1/nothing"), "the enclosing value");
        assertArrayEquals(new int[] {8, 26}, at.find("/a~1b/c~0d/1/1"));
        assertArrayEquals(new int[] {1, 1}, at.find(""));
        assertEquals(file + ":[6,16] /expect/1/status: 'DONE' is no task status",
                JsonLocations.locate(file, file + ": /expect/1/status: 'DONE' is no task status"));
        assertEquals("other.json: /stop: x", JsonLocations.locate(file, "other.json: /stop: x"));
    }

    @Test
    void aFileThatIsNoJsonHasNoLocations() throws Exception {
        Path file = Files.writeString(folder.resolve("bad.json"), "{\"a\": ");
        assertNull(JsonLocations.of(file).find("/a"));
        assertEquals(file + ": /a: x", JsonLocations.locate(file, file + ": /a: x"));
    }
}
