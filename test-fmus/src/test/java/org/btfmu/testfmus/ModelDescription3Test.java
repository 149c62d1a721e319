package org.btfmu.testfmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Validator;
import javax.xml.validation.SchemaFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXParseException;

/**
 * The FMI 3.0 builds of the plants ({@code <Model>_fmi3.fmu}): valid against the official FMI 3.0
 * XSD, the same variables and value references as the FMI 2.0 build of the same model code, and
 * the model structure FMI 3.0 section 2.4.8 asks for.
 */
class ModelDescription3Test {

    @TempDir
    Path dir;

    private byte[] entry(Path fmu, String name) throws Exception {
        try (ZipFile zip = new ZipFile(fmu.toFile())) {
            ZipEntry entry = zip.getEntry(name);
            assertNotNull(entry, name + " in " + fmu.getFileName());
            try (InputStream in = zip.getInputStream(entry)) {
                return in.readAllBytes();
            }
        }
    }

    private Document fmi3(PlantFmu plant) throws Exception {
        return parse(entry(plant.copyFmi3To(dir), "modelDescription.xml"));
    }

    private static Document parse(byte[] xml) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new ByteArrayInputStream(xml));
    }

    /** Every error and warning of the FMI 3.0 XSD, "line:col message". */
    static List<String> schemaProblems(byte[] xml) throws Exception {
        URL xsd = ModelDescription3Test.class.getResource("fmi3-schema/fmi3ModelDescription.xsd");
        assertNotNull(xsd, "the FMI 3.0 XSD on the test class path (see pom.xml)");
        Validator validator = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI).newSchema(xsd)
                .newValidator();
        List<String> problems = new ArrayList<>();
        validator.setErrorHandler(new ErrorHandler() {
            @Override
            public void warning(SAXParseException e) {
                problems.add(e.getLineNumber() + ":" + e.getColumnNumber() + " " + e.getMessage());
            }

            @Override
            public void error(SAXParseException e) {
                warning(e);
            }

            @Override
            public void fatalError(SAXParseException e) {
                warning(e);
            }
        });
        validator.validate(new StreamSource(new ByteArrayInputStream(xml)));
        return problems;
    }

    @ParameterizedTest
    @EnumSource(PlantFmu.class)
    void validatesAgainstTheFmi3Schema(PlantFmu plant) throws Exception {
        assertEquals(List.of(), schemaProblems(entry(plant.copyFmi3To(dir), "modelDescription.xml")));
    }

    @Test
    void theSchemaCheckFindsTheFmi2DescriptionInvalid() throws Exception {
        List<String> problems = schemaProblems(entry(PlantFmu.SOLAR_AIRCRAFT.copyTo(dir), "modelDescription.xml"));
        assertTrue(problems.stream().anyMatch(p -> p.contains("fmiVersion") || p.contains("ScalarVariable")),
                problems.toString());
    }

    /** name -> "valueReference causality" of the variables of the table (FMI 2.0: ScalarVariable). */
    private static Map<String, String> variables(Document doc, boolean fmi3) {
        Map<String, String> result = new LinkedHashMap<>();
        Element list = (Element) doc.getElementsByTagName("ModelVariables").item(0);
        for (Node n = list.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element v && (fmi3 || v.getTagName().equals("ScalarVariable"))) {
                String causality = v.getAttribute("causality").isEmpty() ? "local" : v.getAttribute("causality");
                result.put(v.getAttribute("name"), v.getAttribute("valueReference") + " " + causality);
            }
        }
        return result;
    }

    @ParameterizedTest
    @EnumSource(PlantFmu.class)
    void hasTheVariablesAndValueReferencesOfTheFmi2BuildPlusTimeAndTheEventIndicators(PlantFmu plant)
            throws Exception {
        Document doc2 = parse(entry(plant.copyTo(dir), "modelDescription.xml"));
        Map<String, String> fmi2 = variables(doc2, false);
        Map<String, String> fmi3 = variables(fmi3(plant), true);
        Map<String, String> expected = new LinkedHashMap<>(fmi2);
        int next = fmi2.size();
        expected.put("time", next + " independent");
        String indicators = doc2.getDocumentElement().getAttribute("numberOfEventIndicators");
        for (int k = 1; k <= Integer.parseInt(indicators.isEmpty() ? "0" : indicators); k++) {
            expected.put("eventIndicator[" + k + "]", (next + k) + " local");
        }
        assertEquals(new java.util.TreeMap<>(expected), new java.util.TreeMap<>(fmi3));
    }

    @ParameterizedTest
    @EnumSource(PlantFmu.class)
    void listsEveryOutputDerivativeAndEventIndicatorAndDeclaresEventModeAndEarlyReturn(PlantFmu plant)
            throws Exception {
        Path fmu = plant.copyFmi3To(dir);
        Document doc = parse(entry(fmu, "modelDescription.xml"));
        List<String> outputs = new ArrayList<>();
        List<String> derivatives = new ArrayList<>();
        List<String> indicators = new ArrayList<>();
        Set<String> references = new HashSet<>();
        Element list = (Element) doc.getElementsByTagName("ModelVariables").item(0);
        for (Node n = list.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (!(n instanceof Element v)) {
                continue;
            }
            String vr = v.getAttribute("valueReference");
            assertTrue(references.add(vr), "value reference " + vr + " is unique");
            if (v.getAttribute("causality").equals("output")) {
                outputs.add(vr);
            }
            if (!v.getAttribute("derivative").isEmpty()) {
                derivatives.add(vr);
            }
            if (v.getAttribute("name").startsWith("eventIndicator[")) {
                indicators.add(vr);
            }
        }
        assertEquals(outputs, references(doc, "Output"));
        assertEquals(derivatives, references(doc, "ContinuousStateDerivative"));
        List<String> initial = new ArrayList<>(outputs);
        initial.addAll(derivatives);
        assertEquals(initial, references(doc, "InitialUnknown"), "outputs, then the derivatives");
        assertEquals(indicators, references(doc, "EventIndicator"));
        Element cs = (Element) doc.getElementsByTagName("CoSimulation").item(0);
        assertEquals(plant.modelName(), cs.getAttribute("modelIdentifier"));
        assertEquals("true", cs.getAttribute("hasEventMode"));
        assertEquals("true", cs.getAttribute("mightReturnEarlyFromDoStep"));
        assertTrue(doc.getDocumentElement().getAttribute("instantiationToken").matches("\\{[0-9a-f-]{36}}"));
        entry(fmu, "binaries/x86_64-linux/" + plant.modelName() + ".so");
        if (hasMingw()) {
            entry(fmu, "binaries/x86_64-windows/" + plant.modelName() + ".dll");
        }
    }

    /** Time is a known where an equation reads it: the sun of the solar aircraft, not its altitude. */
    @Test
    void namesTimeAsDependencyWhereTheEquationsReadIt() throws Exception {
        Document doc = fmi3(PlantFmu.SOLAR_AIRCRAFT);
        Map<String, String> variables = variables(doc, true);
        String time = variables.get("time").split(" ")[0];
        Map<String, List<String>> dependencies = new LinkedHashMap<>();
        NodeList outputs = doc.getElementsByTagName("Output");
        for (int i = 0; i < outputs.getLength(); i++) {
            Element o = (Element) outputs.item(i);
            dependencies.put(o.getAttribute("valueReference"), List.of(o.getAttribute("dependencies").split(" ")));
        }
        assertEquals(List.of(time), dependencies.get(variables.get("solar_power").split(" ")[0]));
        assertTrue(dependencies.get(variables.get("battery_power").split(" ")[0]).contains(time));
        assertTrue(!dependencies.get(variables.get("altitude").split(" ")[0]).contains(time));
    }

    private static List<String> references(Document doc, String element) {
        NodeList nodes = doc.getElementsByTagName(element);
        List<String> result = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            result.add(((Element) nodes.item(i)).getAttribute("valueReference"));
        }
        return result;
    }

    private static boolean hasMingw() {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator))
                .anyMatch(p -> Files.isExecutable(Path.of(p, "x86_64-w64-mingw32-gcc")));
    }
}
