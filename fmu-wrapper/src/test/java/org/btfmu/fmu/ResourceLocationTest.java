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
