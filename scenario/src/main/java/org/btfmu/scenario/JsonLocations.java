package org.btfmu.scenario;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where each value of a JSON file starts, by JSON pointer, so that a message
 * {@code file: /pointer: text} can be given in the form compilers use,
 * {@code file:[line,column] /pointer: text}, which IDEs and CI annotate.
 */
public final class JsonLocations {

    private final Map<String, int[]> starts;

    private JsonLocations(Map<String, int[]> starts) {
        this.starts = starts;
    }

    /** The locations of a file; none when it cannot be read or parsed (the message then stays as it is). */
    public static JsonLocations of(Path file) {
        Map<String, int[]> starts = new HashMap<>();
        try (JsonParser parser = new JsonFactory().createParser(Files.readString(file))) {
            for (JsonToken token; (token = parser.nextToken()) != null;) {
                if (token == JsonToken.FIELD_NAME || token == JsonToken.END_OBJECT || token == JsonToken.END_ARRAY) {
                    continue;
                }
                // A container's start token has already entered the container's own context.
                JsonStreamContext context = token.isStructStart() ? parser.getParsingContext().getParent()
                        : parser.getParsingContext();
                JsonLocation at = parser.currentTokenLocation();
                starts.putIfAbsent(context.pathAsPointer().toString(), new int[] {at.getLineNr(), at.getColumnNr()});
            }
        } catch (IOException e) {
            return new JsonLocations(Map.of());
        }
        return new JsonLocations(starts);
    }

    /** {@code [line, column]} of the value at the pointer or its nearest enclosing value; null if none. */
    public int[] find(String pointer) {
        for (String p = pointer; ; p = p.substring(0, p.lastIndexOf('/'))) {
            int[] at = starts.get(p);
            if (at != null || p.isEmpty()) {
                return at;
            }
        }
    }

    private static final Pattern MESSAGE = Pattern.compile("(?s)(.+?): (/[^:\\s]*): (.*)");

    /**
     * {@code <file>: /pointer: text} → {@code <file>:[line,column] /pointer: text} when the message
     * is about that file and the pointer (or the value enclosing it) is found; else the message.
     */
    public static String locate(Path file, String message) {
        Matcher m = MESSAGE.matcher(message);
        if (!m.matches() || !m.group(1).equals(file.toString())) {
            return message;
        }
        int[] at = of(file).find(m.group(2));
        return at == null ? message : file + ":[" + at[0] + "," + at[1] + "] " + m.group(2) + ": " + m.group(3);
    }
}
