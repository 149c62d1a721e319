package org.btfmu.btcpp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.btfmu.mission.MissionException;
import org.btfmu.mission.MissionLoader;
import org.btfmu.mission.Problem;

/**
 * The mission loader's check of an imported mission, its problems located in the XML: each
 * task's JSON pointer is recorded with the element it came from while importing, and a
 * problem is reported at the element of the longest recorded pointer that contains it (or in
 * the bindings file, for a variable the bindings declare).
 */
final class MissionCheck {

    private static final Pattern VARIABLE = Pattern.compile("/variables/(\\d+)(/.*)?");

    private final Path mainFile;
    private final Bindings bindings;
    private final TreeMap<String, XmlElement> located = new TreeMap<>();

    MissionCheck(Path mainFile, Bindings bindings) {
        this.mainFile = mainFile;
        this.bindings = bindings;
    }

    /** The part of the mission at {@code pointer} comes from {@code e}. */
    void locate(String pointer, XmlElement e) {
        located.put(pointer, e);
    }

    /** Loads the mission's text as a mission file; throws {@link BtcppException} with the loader's problems located. */
    void check(ObjectNode mission) {
        String text = TreeImporter.toText(mission);
        if (text.length() > MissionLoader.MAX_FILE_SIZE) {
            throw BtcppException.at(located.get("/tree"), "the imported mission would have " + text.length()
                    + " characters, more than the " + MissionLoader.MAX_FILE_SIZE + " a mission file may have");
        }
        try {
            MissionLoader.load(text, mainFile.toString());
        } catch (MissionException x) {
            List<String> out = new ArrayList<>();
            List<String> declared = List.copyOf(bindings.variables.keySet());
            for (Problem p : x.problems()) {
                String origin = bindingsOrigin(p.pointer(), declared);
                if (origin != null) {
                    out.add(origin + ": " + p.message());
                    continue;
                }
                var at = located.floorEntry(p.pointer());
                while (at != null && !p.pointer().startsWith(at.getKey())) {
                    at = located.lowerEntry(at.getKey());
                }
                String where = at != null ? at.getValue().where() : mainFile.toString();
                out.add(where + ": " + p.message() + " (in the imported mission at " + p.pointer() + ")");
            }
            throw new BtcppException(out);
        }
    }

    /**
     * {@code <bindings file>: /variables/<k>/...} for a problem in a variable the bindings declare (they
     * come first in the imported mission's variables, in their order), else null.
     */
    private String bindingsOrigin(String pointer, List<String> declared) {
        var m = VARIABLE.matcher(pointer);
        if (!m.matches()) {
            return null;
        }
        int index = Integer.parseInt(m.group(1));
        String origin = index < declared.size() ? bindings.variableOrigins.get(declared.get(index)) : null;
        return origin == null ? null : origin + (m.group(2) == null ? "" : m.group(2));
    }
}
