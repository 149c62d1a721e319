package org.btfmu.mission;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * StrictJsonReader must give what Jackson's streaming parser gives JsonDocument (the same nodes
 * of the same classes, the same locations) for every text it accepts, and leave every text it
 * does not accept, and everything Jackson refuses, to Jackson.
 */
class StrictJsonReaderTest {

    /** Every JSON file of the project: the examples' missions and connections, the schema, test missions. */
    private static List<Path> jsonFiles() throws IOException {
        Path root = Path.of("..").toAbsolutePath().normalize();
        List<Path> files = new ArrayList<>();
        for (String folder : List.of("examples", "schema", "bt-core/src/test", "cli/src/test", "fmu-tests/src/test")) {
            Path dir = root.resolve(folder);
            if (Files.isDirectory(dir)) {
                try (Stream<Path> walk = Files.walk(dir)) {
                    walk.filter(p -> p.toString().endsWith(".json")).forEach(files::add);
                }
            }
        }
        return files;
    }

    @Test
    void everyJsonFileOfTheProjectReadsAsJacksonReadsIt() throws IOException {
        int compared = 0;
        for (Path file : jsonFiles()) {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            if (text.startsWith("\uFEFF")) {
                text = text.substring(1);
            }
            List<Problem> problems = new ArrayList<>();
            if (JsonDocument.parseWithJackson(text, problems) == null || !problems.isEmpty()) {
                // a deliberately broken test file: left to Jackson
                assertNull(StrictJsonReader.read(text), file.toString());
                continue;
            }
            sameAsJackson(text, file.toString());
            compared++;
        }
        assertTrue(compared >= 20, "compared " + compared + " JSON files");
    }

    @Test
    void examplesMissionsLoadIdentically() throws IOException {
        Path examples = Path.of("../examples").toAbsolutePath().normalize();
        int loaded = 0;
        try (Stream<Path> list = Files.list(examples)) {
            for (Path file : list.filter(p -> p.toString().endsWith(".json")).toList()) {
                String text = Files.readString(file);
                List<Problem> problems = new ArrayList<>();
                JsonDocument fast = JsonDocument.parse(text, problems);
                JsonDocument jackson = JsonDocument.parseWithJackson(text, new ArrayList<>());
                assertEquals(jackson.root().toString(), fast.root().toString(), file.toString());
                Mission mission = MissionLoader.load(file);
                assertEquals(text, mission.sourceText());
                loaded++;
            }
        }
        assertTrue(loaded >= 5, "loaded " + loaded);
    }

    @Test
    void valuesOfEveryKindAndLineEnd() {
        String[] texts = {
            "{}", "[]", " { } ", "[ ]", "5", "\"s\"", "true", "false", "null", "-0", "-0.0", "0.5", "1e5", "1E-7",
            "2.5e+3", "2147483647", "2147483648", "-2147483648", "-2147483649", "9223372036854775807",
            "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "123456789012345678901234567890",
            "{\"a\": [1, 2.0, \"x\", {\"b\": null}, [], {}], \"c\": {\"d\": true}}",
            "{\"esc\": \"q\\\" b\\\\ s\\/ \\b\\f\\n\\r\\t \\u00e9\\u20AC\\ud83d\\ude00\"}",
            "{\"k/with~slash\": 1, \"\u00e9\u20ac\": \"\ud83d\ude00 text\"}",
            "{\r\n  \"a\": 1,\r\n  \"b\": [\r\n    2\r\n  ]\r\n}\r\n",
            "{\r  \"a\": 1,\r\t\"b\": 2}", "\n\n  {\"deep\": [[[[[[1]]]]]]}\n",
            // past ASCII inside strings (the reader indexes bytes: Latin-1 negative, the rest '?'),
            // with escapes after them and values after a surrogate pair on the same line
            "{\"\u00e9t\u00e9 \\n\": \"\u20ac \\t \ud83d\ude00 \\u0041\u00ff\", \"after\": [1, \"\u00ff\", 2.5]}",
            "[\"\ud83d\ude00\ud83d\ude00\", {\"\u00e9\": \"\\\"\u0100\"}, true]",
        };
        for (String text : texts) {
            assertNotNull(StrictJsonReader.read(text), text);
            sameAsJackson(text, text);
        }
    }

    @Test
    void whatItDoesNotTakeGoesToJacksonWithJacksonsProblems() {
        String[] texts = {
            "", "   ", "{", "[1,]", "{\"a\": 1,}", "{\"a\": 01}", "{'a': 1}", "{\"a\": 1} x", "{\"a\": \"\\x\"}",
            "{\"a\": \"tab\there\"}", "{\"a\": NaN}", "// c\n{}", "{\"a\": 1, \"a\": 2}", "[1.]", "[.5]", "[-]",
            "[1e]", "[+1]", "[truex]", "[nul]", "{\"a\" 1}", "[1 2]", "{\"a\": \"\\u00g0\"}", "{\"a\": \"\\u\u0660000\"}",
            "[1e999]", "[" + "1".repeat(200) + "]", "{\"a\": \"unterminated", "[\u00a01]",
            "[".repeat(300) + "]".repeat(300),
            "[\u00e9]", "[\u20ac]", "[1\u00e9]", "{\"a\": \"\u00e9\u0001\"}", "{\"\ud83d\ude00\": \"x\\q\"}",
        };
        for (String text : texts) {
            assertNull(StrictJsonReader.read(text), text);
            List<Problem> viaParse = new ArrayList<>();
            List<Problem> viaJackson = new ArrayList<>();
            JsonDocument parsed = JsonDocument.parse(text, viaParse);
            JsonDocument jackson = JsonDocument.parseWithJackson(text, viaJackson);
            assertEquals(viaJackson.toString(), viaParse.toString(), text);
            assertEquals(jackson == null, parsed == null, text);
        }
    }

    /** Random edits of real missions: whatever the reader accepts, Jackson reads alike without a problem. */
    @Test
    void randomlyDamagedMissionsAreReadAsJacksonReadsThemOrLeftToIt() throws IOException {
        Random random = new Random(26);
        String[] pieces = {"", " ", "\n", "\r", "\t", ",", ":", "{", "}", "[", "]", "\"", "\\", "0", "-", ".", "e",
            "1", "t", "\u0001", "\u00e9", "\\u", "\\n", "null"};
        List<String> texts = new ArrayList<>();
        for (Path file : jsonFiles()) {
            if (file.toString().contains("examples")) {
                texts.add(Files.readString(file));
            }
        }
        int accepted = 0;
        int refused = 0;
        for (int i = 0; i < 3000; i++) {
            String text = texts.get(random.nextInt(texts.size()));
            StringBuilder damaged = new StringBuilder(text);
            for (int edits = 1 + random.nextInt(2); edits > 0; edits--) {
                int at = random.nextInt(damaged.length());
                int cut = random.nextInt(3);
                damaged.replace(at, Math.min(damaged.length(), at + cut), pieces[random.nextInt(pieces.length)]);
            }
            String t = damaged.toString();
            if (StrictJsonReader.read(t) != null) {
                sameAsJackson(t, "edit " + i);
                accepted++;
            } else {
                refused++;
            }
        }
        assertTrue(accepted > 100 && refused > 100, accepted + " accepted, " + refused + " refused");
    }

    private static void sameAsJackson(String text, String what) {
        StrictJsonReader read = StrictJsonReader.read(text);
        List<Problem> problems = new ArrayList<>();
        JsonDocument jackson = JsonDocument.parseWithJackson(text, problems);
        assertEquals(List.of(), problems, what);
        assertNotNull(jackson, what);
        assertNotNull(read, what);
        sameNodes(jackson.root(), read.root(), what);
        Map<String, int[]> locations = read.locations();
        assertEquals(jackson.locations().keySet(), locations.keySet(), what);
        for (Map.Entry<String, int[]> e : locations.entrySet()) {
            assertArrayEquals(jackson.locations().get(e.getKey()), e.getValue(), what + " at " + e.getKey());
        }
    }

    /** Equal and of the same classes throughout (IntNode and LongNode of 5 are not the same value), in order. */
    private static void sameNodes(JsonNode expected, JsonNode actual, String what) {
        assertEquals(expected.getClass(), actual.getClass(), what);
        assertEquals(expected, actual, what);
        assertEquals(expected.toString(), actual.toString(), what);
        if (expected.isNumber()) {
            assertEquals(expected.numberValue(), actual.numberValue(), what);
        }
        Iterator<JsonNode> e = expected.elements();
        Iterator<JsonNode> a = actual.elements();
        while (e.hasNext()) {
            sameNodes(e.next(), a.next(), what);
        }
    }
}
