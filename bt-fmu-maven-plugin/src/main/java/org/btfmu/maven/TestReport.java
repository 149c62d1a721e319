package org.btfmu.maven;

import java.io.IOException;
import org.btfmu.scenario.Expectation;
import org.btfmu.scenario.ScenarioRun;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * A scenario's outcome as a Surefire-style JUnit XML report
 * ({@code TEST-bt-fmu.<scenario>.xml}: one testsuite, one testcase per
 * expectation), the format CI servers show as test results.
 */
final class TestReport {

    /** The prefix of every suite name. */
    static final String SUITE_PREFIX = "bt-fmu.";

    /** One testcase; {@code kind} is null (passed), "failure", "error" or "skipped". */
    record Case(String name, String kind, String message) {
    }

    private TestReport() {
    }

    /** The report of a run: a stopped run is an error, its expectations skipped. */
    static Path write(Path directory, String scenario, ScenarioRun.Outcome outcome) throws IOException {
        List<Case> cases = new ArrayList<>();
        if (outcome.error() != null) {
            cases.add(new Case("run " + outcome.scenario().file().getFileName(), "error", outcome.error()));
        }
        for (Expectation expectation : outcome.expectations()) {
            if (outcome.error() != null) {
                cases.add(new Case(expectation.name(), "skipped", "the co-simulation stopped before"));
            } else {
                String problem = expectation.failure();
                cases.add(new Case(expectation.name(), problem == null ? null : "failure", problem));
            }
        }
        return write(directory, scenario, cases, outcome.seconds());
    }

    /** The report of a scenario named {@code scenario} (its path under the scenarios folder, without .json, dotted). */
    static Path write(Path directory, String scenario, List<Case> cases, double seconds) throws IOException {
        Files.createDirectories(directory);
        String suite = SUITE_PREFIX + scenario;
        Path file = directory.resolve("TEST-" + suite + ".xml");
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            XMLStreamWriter xml = XMLOutputFactory.newDefaultFactory().createXMLStreamWriter(out);
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeCharacters("\n");
            xml.writeStartElement("testsuite");
            xml.writeAttribute("name", suite);
            xml.writeAttribute("tests", String.valueOf(cases.size()));
            for (String kind : List.of("failure", "error", "skipped")) {
                long count = cases.stream().filter(c -> kind.equals(c.kind())).count();
                xml.writeAttribute(kind.equals("skipped") ? kind : kind + "s", String.valueOf(count));
            }
            xml.writeAttribute("time", String.format(Locale.ROOT, "%.3f", seconds));
            xml.writeCharacters("\n");
            for (Case testcase : cases) {
                testcase(xml, suite, testcase);
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

    private static void testcase(XMLStreamWriter xml, String suite, Case testcase) throws XMLStreamException {
        xml.writeCharacters("  ");
        xml.writeStartElement("testcase");
        xml.writeAttribute("classname", suite);
        xml.writeAttribute("name", testcase.name());
        xml.writeAttribute("time", "0");
        if (testcase.kind() != null) {
            xml.writeStartElement(testcase.kind());
            xml.writeAttribute("message", testcase.message());
            if (!testcase.kind().equals("skipped")) {
                xml.writeAttribute("type", testcase.kind().equals("error") ? "ScenarioError" : "ExpectationFailed");
                xml.writeCharacters(testcase.message());
            }
            xml.writeEndElement();
        }
        xml.writeEndElement();
        xml.writeCharacters("\n");
    }
}
