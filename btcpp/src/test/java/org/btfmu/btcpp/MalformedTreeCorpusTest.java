package org.btfmu.btcpp;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The corpus of malformed BT.CPP files (src/test/resources/org/btfmu/btcpp/malformed): each
 * is refused with a {@link BtcppException} whose every problem says file:line:col, the XML
 * path and what is wrong; no other exception escapes. (The command line's exit code 2 and
 * "nothing written" are checked over the same corpus in the cli module.)
 */
class MalformedTreeCorpusTest {

    static final Path CORPUS = Path.of("src", "test", "resources", "org", "btfmu", "btcpp", "malformed");

    private static final Pattern LOCATED = Pattern.compile("^\\S+\\.xml:\\d+:\\d+: /\\S*: \\S.*");

    static Stream<Path> corpus() throws IOException {
        try (Stream<Path> files = Files.list(CORPUS)) {
            return files.sorted().toList().stream();
        }
    }

    @Test
    void theCorpusHasAtLeastFortyFiles() throws IOException {
        assertTrue(corpus().count() >= 40, "corpus size " + corpus().count());
    }

    @ParameterizedTest
    @MethodSource("corpus")
    void refusedWithALocatedProblem(Path file) {
        BtcppException e = assertThrows(BtcppException.class, () -> TreeImporter.importFile(file, null));
        List<String> problems = e.problems();
        assertFalse(problems.isEmpty());
        for (String p : problems) {
            assertTrue(LOCATED.matcher(p).matches(), "not located as file:line:col: /path: message: " + p);
            assertTrue(p.startsWith(file.toString()), "names the file: " + p);
        }
    }

    @Test
    void externalEntitiesAreNeverRead() {
        BtcppException e = assertThrows(BtcppException.class,
                () -> TreeImporter.importFile(CORPUS.resolve("external-entity.xml"), null));
        assertFalse(e.getMessage().contains("root:"), "the content of /etc/passwd must not appear");
        assertTrue(e.getMessage().contains("DOCTYPE"), e.getMessage());
    }
}
