package org.btfmu.mission;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A JSON document read with Jackson's streaming parser into a JsonNode tree,
 * remembering the line and column of every value by its JSON pointer (the
 * tree model itself forgets them). Duplicate keys are reported, not merged;
 * nesting deeper than {@link #MAX_NESTING} is an error, not a stack overflow.
 */
final class JsonDocument {

    /** Deepest accepted nesting of arrays and objects. */
    static final int MAX_NESTING = 256;

    /** Made at Jackson's first use: well-formed missions are read without it ({@link StrictJsonReader}). */
    private static final class Jackson {
        static final JsonFactory FACTORY = JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_NESTING + 8).build())
                .build();
    }

    private final JsonNode root;
    /** Null until asked for when the strict reader read the text (then from its record). */
    private Map<String, int[]> locations;
    private StrictJsonReader unlocated;

    private JsonDocument(JsonNode root, Map<String, int[]> locations) {
        this.root = root;
        this.locations = locations;
    }

    private JsonDocument(StrictJsonReader read) {
        this.root = read.root();
        this.unlocated = read;
    }

    JsonNode root() {
        return root;
    }

    /** Every value's line and column by its JSON pointer. */
    Map<String, int[]> locations() {
        if (locations == null) {
            locations = unlocated.locations();
            unlocated = null;
        }
        return locations;
    }

    /** Line and column of the value at {@code pointer}, or of its nearest located ancestor. */
    int[] locate(String pointer) {
        String p = pointer;
        while (true) {
            int[] location = locations().get(p);
            if (location != null) {
                return location;
            }
            if (p.isEmpty()) {
                return new int[] {0, 0};
            }
            p = p.substring(0, p.lastIndexOf('/'));
        }
    }

    /** Appends one reference token to a JSON pointer, escaping '~' and '/' (RFC 6901). */
    static String child(String pointer, String key) {
        // the escapes only where needed: String.replace is costly interpreted, and this runs for
        // every key of a mission at the FMU's first fmi2Instantiate (BENCHMARKS.md section 6)
        if (key.indexOf('~') < 0 && key.indexOf('/') < 0) {
            return pointer + "/" + key;
        }
        return pointer + "/" + key.replace("~", "~0").replace("/", "~1");
    }

    static String child(String pointer, int index) {
        return pointer + "/" + index;
    }

    /** Parses {@code text}; a syntax error or a duplicate key adds to {@code problems}. */
    static JsonDocument parse(String text, List<Problem> problems) {
        StrictJsonReader read = StrictJsonReader.read(text);
        return read != null ? new JsonDocument(read) : parseWithJackson(text, problems);
    }

    /** {@link #parse} with Jackson's streaming parser alone: any JSON, problems reported. */
    static JsonDocument parseWithJackson(String text, List<Problem> problems) {
        Map<String, int[]> locations = new HashMap<>();
        Reader reader = null;
        try (JsonParser parser = Jackson.FACTORY.createParser(text)) {
            reader = new Reader(parser, locations, problems);
            JsonToken first = parser.nextToken();
            if (first == null) {
                problems.add(new Problem("", "the file is empty; expected a JSON object", 1, 1));
                return null;
            }
            JsonNode root = reader.value("", 0);
            if (parser.nextToken() != null) {
                JsonLocation at = parser.currentTokenLocation();
                problems.add(new Problem("", "unexpected content after the end of the JSON document",
                        at.getLineNr(), at.getColumnNr()));
                return null;
            }
            return new JsonDocument(root, locations);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            problems.add(new Problem(reader == null ? "" : reader.current, "malformed JSON: " + withoutSource(e.getOriginalMessage()),
                    at == null ? 0 : at.getLineNr(), at == null ? 0 : at.getColumnNr()));
            return null;
        } catch (NestingTooDeep e) {
            problems.add(new Problem(e.pointer, "JSON nested too deeply (limit " + MAX_NESTING + " levels)",
                    e.line, e.column));
            return null;
        } catch (IOException e) {
            problems.add(new Problem("", "cannot read JSON: " + e.getMessage(), 0, 0));
            return null;
        }
    }

    private static final class NestingTooDeep extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final String pointer;
        final int line;
        final int column;

        NestingTooDeep(String pointer, int line, int column) {
            super(null, null, false, false);
            this.pointer = pointer;
            this.line = line;
            this.column = column;
        }
    }

    private static final class Reader {
        /** Pointer of the value being read, for syntax errors. */
        String current = "";

        private final JsonParser parser;
        private final Map<String, int[]> locations;
        private final List<Problem> problems;

        Reader(JsonParser parser, Map<String, int[]> locations, List<Problem> problems) {
            this.parser = parser;
            this.locations = locations;
            this.problems = problems;
        }

        /** Reads the value whose first token is current. */
        JsonNode value(String pointer, int depth) throws IOException {
            JsonLocation at = parser.currentTokenLocation();
            int[] location = {at.getLineNr(), at.getColumnNr()};
            locations.put(pointer, location);
            JsonToken token = parser.currentToken();
            if ((token == JsonToken.START_OBJECT || token == JsonToken.START_ARRAY) && depth >= MAX_NESTING) {
                throw new NestingTooDeep(pointer, location[0], location[1]);
            }
            JsonNodeFactory nodes = JsonNodeFactory.instance;
            switch (token) {
                case START_OBJECT: {
                    ObjectNode object = nodes.objectNode();
                    while (parser.nextToken() == JsonToken.FIELD_NAME) {
                        String key = parser.currentName();
                        String keyPointer = child(pointer, key);
                        JsonLocation keyAt = parser.currentTokenLocation();
                        current = keyPointer;
                        parser.nextToken();
                        JsonNode value = value(keyPointer, depth + 1);
                        if (object.has(key)) {
                            problems.add(new Problem(keyPointer, "duplicate key '" + key + "'",
                                    keyAt.getLineNr(), keyAt.getColumnNr()));
                        } else {
                            object.set(key, value);
                        }
                    }
                    current = pointer;
                    return object;
                }
                case START_ARRAY: {
                    ArrayNode array = nodes.arrayNode();
                    int index = 0;
                    while (parser.nextToken() != JsonToken.END_ARRAY) {
                        String itemPointer = child(pointer, index++);
                        current = itemPointer;
                        array.add(value(itemPointer, depth + 1));
                    }
                    current = pointer;
                    return array;
                }
                case VALUE_STRING:
                    return nodes.textNode(parser.getText());
                case VALUE_NUMBER_INT:
                    return parser.getNumberType() == JsonParser.NumberType.INT ? nodes.numberNode(parser.getIntValue())
                            : parser.getNumberType() == JsonParser.NumberType.LONG
                                    ? nodes.numberNode(parser.getLongValue())
                                    : nodes.numberNode(parser.getBigIntegerValue());
                case VALUE_NUMBER_FLOAT:
                    return nodes.numberNode(parser.getDoubleValue());
                case VALUE_TRUE:
                    return nodes.booleanNode(true);
                case VALUE_FALSE:
                    return nodes.booleanNode(false);
                case VALUE_NULL:
                    return nodes.nullNode();
                default:
                    throw new IllegalStateException("unexpected JSON token " + token);
            }
        }
    }

    /** Jackson names the (unnamed) source inside some messages; the problem already names the file. */
    private static String withoutSource(String message) {
        return message.replaceAll("\\[Source: [^;\\]]*; ", "[");
    }
}
