package org.btfmu.mission;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * Reads well-formed, strict JSON into the JsonNode tree and locations that Jackson's streaming
 * parser gives {@link JsonDocument}, in a few small methods: an FMU reads its mission at the
 * first fmi2Instantiate on the importer's thread, where code runs interpreted for the first
 * time, and Jackson's parser there (its factory, buffers, symbol tables and number checks) was
 * about a quarter of the FMU's start (BENCHMARKS.md section 6).
 *
 * <p>It accepts only what it is sure Jackson accepts alike and returns null for anything else
 * (a syntax error, a duplicate key, deep nesting, an unusual number or escape, trailing
 * content), so that Jackson reads that text and reports its problems as before.
 */
final class StrictJsonReader {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** Longer numbers go to Jackson, which knows its own limits for them. */
    private static final int MAX_NUMBER_LENGTH = 100;
    /** Longer keys too (Jackson limits names' length). */
    private static final int MAX_KEY_LENGTH = 1000;

    private final String text;
    /**
     * The text's characters, one byte each at their indices: indexing an array, not String.charAt
     * (three calls per character until the JIT has compiled them), as this runs once, interpreted,
     * at the FMU's first fmi2Instantiate on the importer's thread (BENCHMARKS.md section 6). Bytes,
     * not toCharArray: see {@link #indexed}.
     */
    private final byte[] chars;
    /**
     * Line and column of each value, two ints a value in the order read (depth first); the map by
     * JSON pointer is made from them only when asked for ({@link #locations()}): on a valid
     * mission nothing asks, and the pointers' strings and hashes were half of the read.
     */
    private int[] starts = new int[128];
    private int values;
    private JsonNode root;
    private int pos;
    /** Jackson's line (1-based) and the index where it starts, for its columns. */
    private int line = 1;
    private int lineStart;

    private StrictJsonReader(String text) {
        this.text = text;
        this.chars = indexed(text);
    }

    /**
     * The text one byte per character: ISO-8859-1's encoder copies a Latin-1 string's bytes in one
     * go, where toCharArray widens them one at a time (interpreted, a tenth of a mission's load).
     * A Latin-1 letter past ASCII is a negative byte and a character past Latin-1 a '?': either is
     * only ever inside a string (anywhere else the text goes to Jackson), and strings are taken
     * from the text itself.
     */
    static byte[] indexed(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
        if (bytes.length == text.length()) {
            return bytes;
        }
        bytes = new byte[text.length()]; // a surrogate pair became one '?': keep the indices
        for (int i = 0; i < bytes.length; i++) {
            char c = text.charAt(i);
            bytes[i] = c < 0x80 ? (byte) c : (byte) '?';
        }
        return bytes;
    }

    /** The document read, or null: let Jackson read it. */
    static StrictJsonReader read(String text) {
        StrictJsonReader reader = new StrictJsonReader(text);
        try {
            reader.skipSpace();
            if (reader.pos == text.length()) {
                return null;
            }
            reader.root = reader.value(0);
            reader.skipSpace();
            return reader.root != null && reader.pos == text.length() ? reader : null;
        } catch (IndexOutOfBoundsException e) {
            return null; // the text ended inside a value
        }
    }

    JsonNode root() {
        return root;
    }

    /** Every value's line and column by its JSON pointer, as Jackson's path records them. */
    Map<String, int[]> locations() {
        Map<String, int[]> locations = new HashMap<>();
        locate(root, "", 0, locations);
        return locations;
    }

    /** Puts the locations of node (the value read k-th) and its descendants; returns the next k. */
    private int locate(JsonNode node, String pointer, int k, Map<String, int[]> locations) {
        locations.put(pointer, new int[] {starts[2 * k], starts[2 * k + 1]});
        int next = k + 1;
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext();) {
                Map.Entry<String, JsonNode> field = fields.next();
                next = locate(field.getValue(), JsonDocument.child(pointer, field.getKey()), next, locations);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                next = locate(node.get(i), JsonDocument.child(pointer, i), next, locations);
            }
        }
        return next;
    }

    private JsonNode value(int depth) {
        if (2 * values == starts.length) {
            starts = Arrays.copyOf(starts, 2 * starts.length);
        }
        starts[2 * values] = line;
        starts[2 * values + 1] = pos - lineStart + 1;
        values++;
        int c = chars[pos];
        switch (c) {
            case '{':
                return depth >= JsonDocument.MAX_NESTING ? null : object(depth);
            case '[':
                return depth >= JsonDocument.MAX_NESTING ? null : array(depth);
            case '"': {
                String s = string();
                return s == null ? null : NODES.textNode(s);
            }
            case 't':
                return word("true") ? NODES.booleanNode(true) : null;
            case 'f':
                return word("false") ? NODES.booleanNode(false) : null;
            case 'n':
                return word("null") ? NODES.nullNode() : null;
            default:
                return c == '-' || c >= '0' && c <= '9' ? number() : null;
        }
    }

    private JsonNode object(int depth) {
        ObjectNode object = NODES.objectNode();
        pos++;
        skipSpace();
        if (chars[pos] == '}') {
            pos++;
            return object;
        }
        while (true) {
            if (chars[pos] != '"') {
                return null;
            }
            String key = string();
            if (key == null || key.length() > MAX_KEY_LENGTH || object.has(key)) {
                return null; // Jackson's path reports the duplicate
            }
            skipSpace();
            if (chars[pos++] != ':') {
                return null;
            }
            skipSpace();
            JsonNode value = value(depth + 1);
            if (value == null) {
                return null;
            }
            object.set(key, value);
            skipSpace();
            int c = chars[pos++];
            if (c == '}') {
                return object;
            }
            if (c != ',') {
                return null;
            }
            skipSpace();
        }
    }

    private JsonNode array(int depth) {
        ArrayNode array = NODES.arrayNode();
        pos++;
        skipSpace();
        if (chars[pos] == ']') {
            pos++;
            return array;
        }
        while (true) {
            JsonNode value = value(depth + 1);
            if (value == null) {
                return null;
            }
            array.add(value);
            skipSpace();
            int c = chars[pos++];
            if (c == ']') {
                return array;
            }
            if (c != ',') {
                return null;
            }
            skipSpace();
        }
    }

    /** The string starting at the quote at pos; null for a control character or an unusual escape. */
    private String string() {
        int start = ++pos;
        while (true) {
            int c = chars[pos];
            if (c == '"') {
                return text.substring(start, pos++);
            }
            if (c == '\\') {
                break;
            }
            if (c >= 0 && c < ' ') { // negative: a Latin-1 letter past ASCII
                return null;
            }
            pos++;
        }
        // an escape: the rest from the text's own characters (rare, and the bytes may be '?')
        StringBuilder s = new StringBuilder(text.substring(start, pos));
        while (true) {
            char c = text.charAt(pos++);
            if (c == '"') {
                return s.toString();
            }
            if (c < ' ') {
                return null;
            }
            if (c != '\\') {
                s.append(c);
                continue;
            }
            char e = text.charAt(pos++);
            switch (e) {
                case '"', '\\', '/' -> s.append(e);
                case 'b' -> s.append('\b');
                case 'f' -> s.append('\f');
                case 'n' -> s.append('\n');
                case 'r' -> s.append('\r');
                case 't' -> s.append('\t');
                case 'u' -> {
                    int code = 0;
                    for (int i = 0; i < 4; i++) {
                        int digit = hexDigit(text.charAt(pos++));
                        if (digit < 0) {
                            return null;
                        }
                        code = code * 16 + digit;
                    }
                    s.append((char) code);
                }
                default -> {
                    return null;
                }
            }
        }
    }

    /** An ASCII hexadecimal digit's value (Character.digit takes other scripts' digits too), else -1. */
    private static int hexDigit(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        return c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    }

    private boolean word(String word) {
        if (!text.startsWith(word, pos)) {
            return false;
        }
        pos += word.length();
        return ended();
    }

    /**
     * A number as JSON writes it: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?, an Int, Long or
     * BigInteger node as Jackson types integers (the smallest that holds it), else a Double node.
     */
    private JsonNode number() {
        int start = pos;
        if (chars[pos] == '-') {
            pos++;
        }
        if (chars[pos] == '0') {
            pos++;
        } else if (!digits()) {
            return null;
        }
        boolean integer = true;
        if (pos < chars.length && chars[pos] == '.') {
            pos++;
            integer = false;
            if (!digits()) {
                return null;
            }
        }
        if (pos < chars.length && (chars[pos] == 'e' || chars[pos] == 'E')) {
            pos++;
            integer = false;
            if (pos < chars.length && (chars[pos] == '+' || chars[pos] == '-')) {
                pos++;
            }
            if (!digits()) {
                return null;
            }
        }
        if (!ended() || pos - start > MAX_NUMBER_LENGTH) {
            return null;
        }
        String literal = text.substring(start, pos);
        if (!integer) {
            double value = Double.parseDouble(literal);
            return Double.isFinite(value) ? NODES.numberNode(value) : null;
        }
        if (literal.length() <= 18) { // fits a long
            long value = Long.parseLong(literal);
            return (int) value == value ? NODES.numberNode((int) value) : NODES.numberNode(value);
        }
        BigInteger value = new BigInteger(literal);
        return value.bitLength() < 64 ? NODES.numberNode(value.longValue()) : NODES.numberNode(value);
    }

    /** One digit at least, skipped. */
    private boolean digits() {
        int start = pos;
        while (pos < chars.length && chars[pos] >= '0' && chars[pos] <= '9') {
            pos++;
        }
        return pos > start;
    }

    /** Whether a word or number ends at pos (Jackson refuses "truex" and "1x"). */
    private boolean ended() {
        if (pos == chars.length) {
            return true;
        }
        int c = chars[pos];
        return c == ',' || c == ']' || c == '}' || c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }

    /** JSON's white space, counting lines as Jackson does (\n, \r\n and a lone \r end a line). */
    private void skipSpace() {
        while (pos < chars.length) {
            int c = chars[pos];
            if (c == '\n' || c == '\r') {
                pos++;
                if (c == '\r' && pos < chars.length && chars[pos] == '\n') {
                    pos++;
                }
                line++;
                lineStart = pos;
            } else if (c == ' ' || c == '\t') {
                pos++;
            } else {
                return;
            }
        }
    }
}
