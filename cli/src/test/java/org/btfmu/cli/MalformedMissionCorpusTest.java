package org.btfmu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * A corpus of malformed mission files, generated from one valid mission:
 * truncations, deleted JSON punctuation, semantic mistakes of every kind and
 * hostile inputs (deep nesting, huge files, binary data). Every one must end
 * in exit code 2 with a located problem list, never an exception trace.
 */
class MalformedMissionCorpusTest {

    @TempDir
    static Path dir;

    /** Semantic mutations: {from, to} replacements in the valid mission. */
    private static final String[][] MUTATIONS = {
        {"\"name\": \"climb\",", ""},
        {"\"name\": \"climb\"", "\"name\": \"2climb\""},
        {"\"name\": \"climb\"", "\"name\": 7"},
        {"\"description\": \"Climb until high enough.\"", "\"description\": false"},
        {"\"variables\": [", "\"variables\": {\"x\": ["},
        {"\"causality\": \"input\", \"type\": \"Real\", \"unit\": \"m\"", "\"causality\": \"in\", \"type\": \"Real\""},
        {"\"type\": \"Boolean\"}", "\"type\": \"Bool\"}"},
        {"\"name\": \"reached\"", "\"name\": \"altitude\""},
        {"\"name\": \"reached\"", "\"name\": \"re ached\""},
        {"\"name\": \"reached\"", "\"name\": \"if\""},
        {"\"name\": \"mode\"", "\"name\": \"status.mode\""},
        {"\"name\": \"mode\"", "\"name\": \"time\""},
        {"\"min\": 0, \"max\": 3", "\"min\": 3, \"max\": 0"},
        {"\"min\": 0, \"max\": 3", "\"min\": \"0\""},
        {"\"start\": 100, \"unit\": \"m\"", "\"start\": \"100\""},
        {"\"start\": 100, \"unit\": \"m\"", "\"start\": 100, \"variability\": \"continuous\""},
        {"\"type\": \"Integer\"}", "\"type\": \"Integer\", \"start\": true}"},
        {"\"type\": \"Integer\"}", "\"type\": \"Integer\", \"holdLast\": \"yes\"}"},
        {"{\"name\": \"altitude\",", "{\"nam\": \"altitude\","},
        {"{\"name\": \"altitude\", \"causality\": \"input\",", "{\"name\": \"altitude\","},
        {"{\"name\": \"altitude\",", "\"altitude\", {\"name\": \"altitude2\","},
        {"\"type\": \"Root\"", "\"type\": \"Rot\""},
        {"\"type\": \"Root\"", "\"type\": 1"},
        {"\"type\": \"Root\", ", ""},
        {"\"name\": \"root\"", "\"name\": \"\""},
        {"\"name\": \"root\", ", ""},
        {"\"type\": \"Selector\"", "\"type\": \"Condition\""},
        {"\"type\": \"Selector\", \"name\": \"climb\", \"children\": [", "\"type\": \"Selector\", \"name\": \"climb\", \"children\": {\"a\": ["},
        {"\"name\": \"work\"", "\"name\": \"high\""},
        {"\"predicate\": \"altitude > limit\"", "\"predicate\": \"altitude > \""},
        {"\"predicate\": \"altitude > limit\"", "\"predicate\": \"altitude\""},
        {"\"predicate\": \"altitude > limit\"", "\"predicate\": \"altitude >> limit\""},
        {"\"predicate\": \"altitude > limit\"", "\"predicate\": \"altitude > limit)\""},
        {"\"predicate\": \"altitude > limit\"", "\"predicate\": \"altitud > limit\""},
        {"\"predicate\": \"altitude > limit\"", "\"predicate\": \"sqrt(altitude, 2) > 1\""},
        {"\"predicate\": \"altitude > limit\"", "\"predicate\": \"system(1) > 0\""},
        {"\"predicate\": \"altitude > limit\"", "\"predicate\": \"'a' < 'b'\""},
        {"\"predicate\": \"altitude > limit\"", "\"predicate\": \"if reached then 1 else 'x'\""},
        {"\"predicate\": \"altitude > limit\"", "\"predicate\": \"java.lang.Runtime.getRuntime().exec('x')\""},
        {"\"predicate\": \"altitude > limit\"", "\"predicate\": null"},
        {"\"predicate\": \"altitude > limit\"", "\"predicate\": {}"},
        {"\"predicate\": \"altitude > limit\"", "\"predicate\": \"\""},
        {"\"predicate\": \"altitude > limit\"", "\"predicate\": 3"},
        {"\"predicate\": \"altitude > limit\", ", ""},
        {"\"hysteresis\": 5", "\"hysteresis\": \"5\""},
        {"\"hysteresis\": 5", "\"hysteresis\": -5"},
        {"\"hysteresis\": 5", "\"hysterisis\": 5"},
        {"\"entry\": {\"mode\": \"1\"", "\"entry\": {\"altitude\": \"1\""},
        {"\"entry\": {\"mode\": \"1\"", "\"entry\": {\"limit\": \"1\""},
        {"\"entry\": {\"mode\": \"1\"", "\"entry\": {\"mode\": \"1.5\""},
        {"\"entry\": {\"mode\": \"1\"", "\"entry\": {\"mode\": \"reached\""},
        {"\"entry\": {\"mode\": \"1\"", "\"entry\": {\"nope\": \"1\""},
        {"\"entry\": {\"mode\": \"1\", \"tries\": \"tries + 1\"}", "\"entry\": [\"mode\"]"},
        {"\"exit\": {\"mode\": \"0\"}", "\"exit\": \"mode := 0\""},
        {"\"done\": \"reached\"}", "\"done\": \"altitude\"}"},
        {"\"done\": \"reached\"}", "\"done\": \"reached\", \"children\": [{\"type\": \"Condition\", \"name\": \"c\", \"predicate\": \"true\"}]}"},
        {"\"subtree\": \"go\"", "\"subtree\": \"gone\""},
        {"\"subtree\": \"go\", ", ""},
        {"\"arguments\": {\"goal\": \"limit + 50\"}", "\"arguments\": {}"},
        {"\"arguments\": {\"goal\": \"limit + 50\"}", "\"arguments\": {\"goal\": \"reached\"}"},
        {"\"arguments\": {\"goal\": \"limit + 50\"}", "\"arguments\": {\"goal\": 1, \"speed\": 2}"},
        {"\"arguments\": {\"goal\": \"limit + 50\"}", "\"arguments\": [1]"},
        {"\"ports\": {\"goal\": \"Real\"}", "\"ports\": {\"goal\": \"Float\"}"},
        {"\"ports\": {\"goal\": \"Real\"}", "\"ports\": {\"goal\": \"Real\", \"target\": \"Real\"}"},
        {"\"outputs\": {\"target\": \"goal\"}", "\"outputs\": {\"goal\": \"1\"}"},
        {"\"outputs\": {\"target\": \"goal\"}", "\"outputs\": {\"target\": \"goals\"}"},
        {"\"go\": {\"ports\"", "\"go go\": {\"ports\""},
        {"\"tree\": {\"type\": \"Action\"", "\"tree\": {\"type\": \"SubTree\", \"name\": \"again\", \"subtree\": \"go\", \"arguments\": {\"goal\": \"goal\"}}, \"x\": {\"type\": \"Action\""},
        {"\"tree\": {\"type\": \"Root\"", "\"tre\": {\"type\": \"Root\""},
        {"\"tree\": {\"type\": \"Root\"", "\"tree\": [], \"x\": {\"type\": \"Root\""},
        {"\"statusOutputs\"", "\"statusOutputs\""},
        {"{\n  \"name\"", "{\n  \"statusOutputs\": \"yes\",\n  \"name\""},
        {"{\n  \"name\"", "{\n  \"name\": \"dup\",\n  \"name\""},
        {"\"subtrees\": {", "\"subtrees\": [{"},
    };

    static List<Path> corpus() throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        String valid = Missions.VALID;
        // 1. Truncated documents.
        for (int i = 0; i < 20; i++) {
            files.put("truncated-" + i, valid.substring(0, valid.length() * i / 20 + 1).getBytes(StandardCharsets.UTF_8));
        }
        // 2. One JSON punctuation character deleted.
        int deleted = 0;
        for (int i = 0; i < valid.length() && deleted < 30; i += 7) {
            if ("{}[]:,\"".indexOf(valid.charAt(i)) >= 0) {
                files.put("deleted-" + i, (valid.substring(0, i) + valid.substring(i + 1)).getBytes(StandardCharsets.UTF_8));
                deleted++;
            }
        }
        // 3. Semantic mistakes.
        for (int i = 0; i < MUTATIONS.length; i++) {
            String mutated = valid.replace(MUTATIONS[i][0], MUTATIONS[i][1]);
            if (!MUTATIONS[i][0].equals(MUTATIONS[i][1])) {
                assertNotEquals(valid, mutated, "mutation " + i + " changes nothing");
                files.put("mutation-" + i, mutated.getBytes(StandardCharsets.UTF_8));
            }
        }
        // 4. Hostile and degenerate inputs.
        files.put("empty", new byte[0]);
        files.put("blank", " \n\t ".getBytes(StandardCharsets.UTF_8));
        files.put("null", "null".getBytes(StandardCharsets.UTF_8));
        files.put("array", "[]".getBytes(StandardCharsets.UTF_8));
        files.put("number", "42".getBytes(StandardCharsets.UTF_8));
        files.put("string", "\"mission\"".getBytes(StandardCharsets.UTF_8));
        files.put("empty-object", "{}".getBytes(StandardCharsets.UTF_8));
        files.put("two-documents", (valid + valid).getBytes(StandardCharsets.UTF_8));
        files.put("binary", new byte[] {0, 1, 2, (byte) 0xFF, (byte) 0xFE, 0x7F});
        files.put("latin1", "{\"name\": \"caf\u00e9\"}".getBytes(StandardCharsets.ISO_8859_1));
        files.put("deep-arrays", "[".repeat(100_000).getBytes(StandardCharsets.UTF_8));
        files.put("deep-objects", "{\"a\":".repeat(50_000).getBytes(StandardCharsets.UTF_8));
        files.put("huge", ("{\"name\": \"x\", \"description\": \"" + "x".repeat(5 << 20) + "\"}").getBytes(StandardCharsets.UTF_8));
        files.put("long-expression", valid.replace("\"altitude > limit\"",
                "\"altitude > limit" + " + 1".repeat(2000) + "\"").getBytes(StandardCharsets.UTF_8));
        files.put("deep-expression", valid.replace("\"altitude > limit\"",
                "\"" + "(".repeat(3000) + "altitude > limit" + ")".repeat(3000) + "\"").getBytes(StandardCharsets.UTF_8));
        files.put("deep-not", valid.replace("\"altitude > limit\"",
                "\"" + "not ".repeat(1000) + "reached\"").getBytes(StandardCharsets.UTF_8));
        StringBuilder deepTree = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            deepTree.append("{\"type\": \"Sequence\", \"name\": \"s").append(i).append("\", \"children\": [");
        }
        deepTree.append("{\"type\": \"Condition\", \"name\": \"c\", \"predicate\": \"true\"}").append("]}".repeat(300));
        files.put("deep-tree", ("{\"name\": \"deep\", \"tree\": {\"type\": \"Root\", \"name\": \"r\", \"children\": ["
                + deepTree + "]}}").getBytes(StandardCharsets.UTF_8));
        files.put("unterminated-string", "{\"name\": \"abc".getBytes(StandardCharsets.UTF_8));
        files.put("comment", ("// plan\n" + valid).getBytes(StandardCharsets.UTF_8));
        files.put("trailing-comma", valid.replace("\"type\": \"Integer\"}\n", "\"type\": \"Integer\"},\n").getBytes(StandardCharsets.UTF_8));
        files.put("single-quotes", valid.replace("\"name\": \"climb\"", "'name': 'climb'").getBytes(StandardCharsets.UTF_8));
        files.put("nan", valid.replace("\"start\": 100", "\"start\": NaN").getBytes(StandardCharsets.UTF_8));
        files.put("huge-number", valid.replace("\"start\": 100", "\"start\": 1e999999").getBytes(StandardCharsets.UTF_8));
        files.put("huge-integer", valid.replace("\"min\": 0, \"max\": 3", "\"min\": 0, \"max\": 3, \"start\": 99999999999999999999999")
                .getBytes(StandardCharsets.UTF_8));
        files.put("huge-real", valid.replace("\"hysteresis\": 5", "\"hysteresis\": 1e400").getBytes(StandardCharsets.UTF_8));
        files.put("subtree-bomb", ResourceBombTest.subtreeBomb().getBytes(StandardCharsets.UTF_8));
        files.put("control-character", valid.replace("Climb until", "Climb\u0001until").getBytes(StandardCharsets.UTF_8));

        List<Path> paths = new ArrayList<>();
        for (Map.Entry<String, byte[]> file : files.entrySet()) {
            paths.add(Files.write(dir.resolve(file.getKey() + ".json"), file.getValue()));
        }
        return paths;
    }

    @Test
    void theCorpusIsLargeAndItsSourceIsValid() throws IOException {
        assertTrue(corpus().size() >= 100, "corpus size " + corpus().size());
        Path valid = Files.writeString(dir.resolve("valid.json"), Missions.VALID);
        assertEquals(0, Console.run("validate", valid.toString()).exit(), "the mutated mission itself is valid");
    }

    @TestFactory
    Stream<DynamicTest> everyMalformedFileIsBadInputWithoutATrace() throws IOException {
        return corpus().stream().map(file -> DynamicTest.dynamicTest(file.getFileName().toString(), () -> {
            Console console = Console.run("validate", file.toString());
            assertEquals(BtFmu.EXIT_BAD_INPUT, console.exit(), console.err());
            String err = console.err();
            assertTrue(err.startsWith(file + ": "), err);
            assertTrue(err.lines().count() >= 2, "a count line and at least one problem: " + err);
            assertFalse(err.contains("Exception"), err);
            assertFalse(err.contains("\tat "), err);
            assertTrue(err.length() < 20_000, "the report stays readable: " + err.length() + " characters");
        }));
    }
}
