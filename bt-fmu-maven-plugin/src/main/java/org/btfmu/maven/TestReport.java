package org.btfmu.maven;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * A scenario's outcome as a Surefire-style JUnit XML report
 * ({@code TEST-<name>.xml}: one testsuite, one testcase per expectation), the
 * format CI servers show as test results.
 */
final class TestReport {

    private TestReport() {
    }

    static Path write(Path directory, String suitePrefix, ScenarioRun.Outcome outcome) throws IOException {
        Files.createDirectories(directory);
        String suite = suitePrefix + outcome.scenario().name();
        Path file = directory.resolve("TEST-" + suite + ".xml");
        int tests = outcome.expectations().size() + (outcome.error() != null ? 1 : 0);
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out);
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeCharacters("\n");
            xml.writeStartElement("testsuite");
            xml.writeAttribute("name", suite);
            xml.writeAttribute("tests", String.valueOf(tests));
            xml.writeAttribute("failures", String.valueOf(outcome.error() != null ? 0 : outcome.failures()));
            xml.writeAttribute("errors", String.valueOf(outcome.error() != null ? 1 : 0));
            xml.writeAttribute("skipped", String.valueOf(outcome.error() != null ? outcome.expectations().size() : 0));
            xml.writeAttribute("time", String.format(Locale.ROOT, "%.3f", outcome.seconds()));
            xml.writeCharacters("\n");
            if (outcome.error() != null) {
                testcase(xml, suite, "run " + outcome.scenario().file().getFileName(), "error", outcome.error());
            }
            for (Expectation expectation : outcome.expectations()) {
                if (outcome.error() != null) {
                    testcase(xml, suite, expectation.name(), "skipped", "the co-simulation stopped before");
                } else {
                    String problem = expectation.failure();
                    testcase(xml, suite, expectation.name(), problem == null ? null : "failure", problem);
                }
            }
            xml.writeEndElement();
            xml.writeCharacters("\n");
            xml.writeEndDocument();
            xml.close();
        } catch (XMLStreamException e) {
            throw new IOException("cannot write " + file + ": " + e.getMessage(), e);
        }
        return file;
    }

    private static void testcase(XMLStreamWriter xml, String suite, String name, String kind, String message)
            throws XMLStreamException {
        xml.writeCharacters("  ");
        xml.writeStartElement("testcase");
        xml.writeAttribute("classname", suite);
        xml.writeAttribute("name", name);
        xml.writeAttribute("time", "0");
        if (kind != null) {
            xml.writeStartElement(kind);
            xml.writeAttribute("message", message);
            if (!kind.equals("skipped")) {
                xml.writeAttribute("type", kind.equals("error") ? "ScenarioError" : "ExpectationFailed");
                xml.writeCharacters(message);
            }
            xml.writeEndElement();
        }
        xml.writeEndElement();
        xml.writeCharacters("\n");
    }
}
