package org.btfmu.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Checker.check on archives that never get as far as running (the run itself: test-fmus, packager). */
class CheckerTest {

    @TempDir
    Path dir;

    private static final String DESCRIPTION = """
            <?xml version="1.0" encoding="UTF-8"?>
            <fmiModelDescription fmiVersion="2.0" modelName="m" guid="{g}">
              <%s modelIdentifier="m"/>
              <ModelVariables>
                <ScalarVariable name="u" valueReference="0" causality="input"><Real start="0"/></ScalarVariable>
                <ScalarVariable name="y" valueReference="1" causality="output"><Real/></ScalarVariable>
              </ModelVariables>
              <ModelStructure>
                <Outputs><Unknown index="2" dependencies="1"/></Outputs>
                <InitialUnknowns><Unknown index="2" dependencies="1"/></InitialUnknowns>
              </ModelStructure>
            </fmiModelDescription>
            """;

    private Path zip(String name, Map<String, String> entries) throws IOException {
        Path file = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(file); ZipOutputStream zip = new ZipOutputStream(out)) {
            for (Map.Entry<String, String> e : entries.entrySet()) {
                zip.putNextEntry(new ZipEntry(e.getKey()));
                zip.write(e.getValue().getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        }
        return file;
    }

    @Test
    void aModelExchangeOnlyFmuWithoutItsLinuxBinaryIsAnErrorAndANote() throws Exception {
        Report report = Checker.check(zip("me.fmu",
                Map.of("modelDescription.xml", DESCRIPTION.formatted("ModelExchange"))));
        assertEquals(List.of("binaries/linux64/m.so"), report.errors().stream().map(Finding::where).toList());
        assertEquals(1, report.notes().size());
        assertTrue(report.notes().get(0).message().contains("no <CoSimulation>"), report.notes().toString());
    }

    @Test
    void theModelExchangeProbeAloneNeedsModelExchangeAndKnownNames() throws Exception {
        Path cs = zip("cs.fmu", Map.of("modelDescription.xml", DESCRIPTION.formatted("CoSimulation")));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Checker.probeModelExchange(cs, Map.of()))
                .getMessage().endsWith("cs.fmu: no <ModelExchange>"));
        Path me = zip("me.fmu", Map.of("modelDescription.xml", DESCRIPTION.formatted("ModelExchange")));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Checker.probeModelExchange(me, Map.of("w", 1.0)))
                .getMessage().endsWith("me.fmu: no variable 'w'"));
    }

    @Test
    void aCoSimulationFmuWithoutItsLinuxBinaryIsAnError() throws Exception {
        Report report = Checker.check(zip("cs.fmu",
                Map.of("modelDescription.xml", DESCRIPTION.formatted("CoSimulation"))));
        assertEquals(List.of("binaries/linux64/m.so"), report.errors().stream().map(Finding::where).toList());
        assertEquals("1 error, 0 notes", report.summary());
    }

    @Test
    void aMissingDescriptionIsAnError() throws Exception {
        Report report = Checker.check(zip("empty.fmu", Map.of("resources/x.txt", "x")));
        assertEquals(List.of("error: empty.fmu: no modelDescription.xml"),
                report.findings().stream().map(Finding::toString).toList());
    }

    @Test
    void entriesEscapingTheFolderAndNonArchivesAreRefused() throws Exception {
        Path evil = zip("evil.fmu", Map.of("../escaped.txt", "x"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Checker.check(evil));
        assertTrue(e.getMessage().contains("'../escaped.txt' escapes"), e.getMessage());
        assertFalse(Files.exists(dir.getParent().resolve("escaped.txt")));
        Path text = Files.writeString(dir.resolve("text.fmu"), "no zip");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Checker.check(text)).getMessage()
                .contains("not a zip archive"));
    }
}
