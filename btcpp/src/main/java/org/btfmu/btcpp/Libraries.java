package org.btfmu.btcpp;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Binding libraries shipped in the product ({@code --library nav2}): bindings files kept as
 * resources ({@code org/btfmu/btcpp/<name>.bindings.json}, a file users can copy and edit),
 * applied under the user's own bindings.
 */
public final class Libraries {

    /** The libraries {@code --library} accepts. */
    public static final List<String> NAMES = List.of("nav2");

    private Libraries() {
    }

    /** The named libraries' bindings merged in order (later ones win), empty for none. */
    static Bindings bindings(List<String> names) {
        Bindings out = Bindings.empty();
        for (String name : names) {
            out = out.overriddenBy(Bindings.parse(text(name), "library " + name));
        }
        return out;
    }

    /**
     * For a node the import does not know: {@code "; the library nav2 defines it: give --library nav2"}
     * when a shipped library defines node {@code id}, else "".
     */
    static String hint(String id) {
        for (String name : NAMES) {
            if (bindings(List.of(name)).nodes.containsKey(id)) {
                return "; the library " + name + " defines it: give --library " + name;
            }
        }
        return "";
    }

    /** The text of a library's bindings file, as shipped. */
    public static String text(String name) {
        if (!NAMES.contains(name)) {
            throw new BtcppException("--library " + name + ": no such library (" + String.join(", ", NAMES) + ")");
        }
        try (InputStream in = Libraries.class.getResourceAsStream(name + ".bindings.json")) {
            if (in == null) {
                throw new IllegalStateException("library resource missing: " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
