package org.btfmu.fmu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ResourceLocationTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "file:///tmp/fmu/resources            | /tmp/fmu/resources",
        "file:/tmp/fmu/resources              | /tmp/fmu/resources",
        "file://localhost/tmp/fmu/resources   | /tmp/fmu/resources",
        "file:///tmp/my%20fmu/resources       | /tmp/my fmu/resources",
        "file:///tmp/my fmu/resources         | /tmp/my fmu/resources",
        "file:///tmp/%C3%BCber/resources/     | /tmp/über/resources",
    })
    void decodesFileUris(String uri, String expected) {
        assertEquals(Path.of(expected), ResourceLocation.toPath(uri));
    }

    /** The short cut for plain paths gives what java.net.URI gives, and takes nothing URI would change. */
    @Test
    void plainPathsAsUriReadsThem() throws Exception {
        java.util.Random random = new java.util.Random(26);
        String alphabet = "az09/._-%: ~#?@+[]\u00fc";
        int plain = 0;
        for (int n = 0; n < 20000; n++) {
            StringBuilder location = new StringBuilder(random.nextBoolean() ? "file:///" : "file://");
            for (int k = random.nextInt(12); k > 0; k--) {
                location.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String l = location.toString();
            String path = ResourceLocation.plainFilePath(l);
            if (path != null) {
                plain++;
                java.net.URI uri = new java.net.URI(l);
                assertEquals(uri.getPath(), path, l);
                assertEquals(null, uri.getAuthority(), l);
                assertEquals(Path.of(uri.getPath()), ResourceLocation.toPath(l), l);
            }
        }
        assertTrue(plain > 1000, plain + " plain");
        assertEquals(null, ResourceLocation.plainFilePath("file:/tmp/x"));
        assertEquals(null, ResourceLocation.plainFilePath("file://localhost/tmp/x"));
        assertEquals(null, ResourceLocation.plainFilePath("FILE:///tmp/x"));
        assertEquals("/tmp/fmu-1/resources", ResourceLocation.plainFilePath("file:///tmp/fmu-1/resources"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "http://example.org/resources | file scheme",
        "file://server/share/res      | remote host",
        "relative/path                | file scheme",
        "file:rel                     | absolute path",
    })
    void rejectsWhatItCannotOpen(String uri, String reason) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ResourceLocation.toPath(uri));
        assertTrue(e.getMessage().contains(reason), e.getMessage());
    }

    @Test
    void rejectsEmpty() {
        assertThrows(IllegalArgumentException.class, () -> ResourceLocation.toPath(""));
        assertThrows(IllegalArgumentException.class, () -> ResourceLocation.toPath(null));
    }
}
