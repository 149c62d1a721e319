package org.btfmu.mission;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Names checks names with character loops (no regular expressions on the importer's thread):
 * they must accept exactly what the grammar's regular expressions accept, tried on every string
 * of up to five characters from an alphabet of each character class.
 */
class NamesTest {

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern DOTTED = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)*");
    private static final char[] ALPHABET = {'a', 'z', 'A', 'Z', '_', '0', '9', '.', '-', ' ', '\u00e9', '@', '[', '`', '{', '/', ':'};

    @Test
    void theLoopsAcceptWhatTheRegularExpressionsAccept() {
        List<String> names = new ArrayList<>();
        names.add("");
        int from = 0;
        for (int length = 1; length <= 4; length++) {
            int to = names.size();
            for (int i = from; i < to; i++) {
                for (char c : ALPHABET) {
                    names.add(names.get(i) + c);
                }
            }
            from = to;
        }
        names.addAll(List.of("plane.battery.soc", "a..b", ".a", "a.", "a.b.", "_9._", "x.1y", "wp_1.x_2.z"));
        int accepted = 0;
        for (String name : names) {
            assertEquals(IDENTIFIER.matcher(name).matches(), Names.identifier(name, 0, name.length()), name);
            assertEquals(DOTTED.matcher(name).matches(), Names.dotted(name), name);
            accepted += Names.dotted(name) ? 1 : 0;
        }
        assertEquals(true, accepted > 100, "the alphabet makes valid names too");
    }
}
