package org.btfmu.mission;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Collects the problems of one mission file, locating each JSON pointer in
 * the document. A problem found twice (a sub-tree used twice) is kept once.
 */
final class Problems {
    private final JsonDocument document;
    private final Set<Problem> problems = new LinkedHashSet<>();

    Problems(JsonDocument document) {
        this.document = document;
    }

    void add(String pointer, String message) {
        int[] at = document.locate(pointer);
        problems.add(new Problem(pointer, message, at[0], at[1]));
    }

    int count() {
        return problems.size();
    }

    List<Problem> list() {
        return new ArrayList<>(problems);
    }

    /** Reports every key of {@code object} not in {@code allowed}. */
    void onlyKeys(JsonNode object, String pointer, List<String> allowed, String what) {
        // a loop, not forEachRemaining with a lambda: see TreeReader.arguments
        for (Iterator<String> keys = object.fieldNames(); keys.hasNext();) {
            String key = keys.next();
            if (!allowed.contains(key)) {
                add(JsonDocument.child(pointer, key),
                        "unknown key '" + key + "' in " + what + " (allowed: " + String.join(", ", allowed) + ")");
            }
        }
    }

    /** The string at {@code key}, or null (reported if required or not a string). */
    String string(JsonNode object, String pointer, String key, boolean required) {
        JsonNode value = object.get(key);
        if (value == null) {
            if (required) {
                add(pointer, "missing required key '" + key + "'");
            }
            return null;
        }
        if (!value.isTextual()) {
            add(JsonDocument.child(pointer, key), "'" + key + "' must be a string, got " + kind(value));
            return null;
        }
        return value.textValue();
    }

    /** How a JSON value reads in a message: "a string", "an array", "null", ... */
    static String kind(JsonNode value) {
        switch (value.getNodeType()) {
            case STRING: return "a string";
            case NUMBER: return "a number";
            case BOOLEAN: return "a boolean";
            case ARRAY: return "an array";
            case OBJECT: return "an object";
            case NULL: return "null";
            default: return value.getNodeType().toString().toLowerCase(java.util.Locale.ROOT);
        }
    }
}
