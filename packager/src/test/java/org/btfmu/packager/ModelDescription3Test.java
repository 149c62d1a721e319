package org.btfmu.packager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.net.URL;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.Validator;
import org.btfmu.fmu.ModelVariables;
import org.btfmu.mission.Mission;
import org.btfmu.mission.MissionException;
import org.btfmu.mission.MissionLoader;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXParseException;

/** The FMI 3.0 model description: the official FMI 3.0 XSD (test resources fmi3-schema/) and its content. */
class ModelDescription3Test {

    private static final String TOKEN = "{01234567-89ab-8def-8123-456789abcdef}";

    private static String render(Mission mission, Set<FmuInterface> interfaces) {
        return ModelDescription3.render(mission, ModelVariables.of(mission), "everything_plan", TOKEN,
                "bt-fmu test", interfaces);
    }

    /** Every error and warning of the FMI 3.0 XSD, "line:col message". */
    static List<String> schemaProblems(String xml) throws Exception {
        URL xsd = ModelDescription3Test.class.getResource("fmi3-schema/fmi3ModelDescription.xsd");
        Schema schema = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI).newSchema(xsd);
        Validator validator = schema.newValidator();
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
        validator.validate(new StreamSource(new ByteArrayInputStream(FmiRules.bytes(xml))));
        return problems;
    }

    @Test
    void everyFixtureAndInterfaceChoiceIsValidAgainstTheFmi3Schema() throws Exception {
        for (Mission mission : List.of(TestMissions.everything(), TestMissions.minimal())) {
            for (Set<FmuInterface> interfaces : List.of(EnumSet.allOf(FmuInterface.class),
                    EnumSet.of(FmuInterface.CO_SIMULATION), EnumSet.of(FmuInterface.MODEL_EXCHANGE))) {
                assertEquals(List.of(), schemaProblems(render(mission, interfaces)), mission.name() + " " + interfaces);
            }
        }
    }

    @Test
    void theSchemaCheckFindsAnFmi2DescriptionInvalid() throws Exception {
        // the validator really validates: an FMI 2.0 description is not an FMI 3.0 one
        Mission mission = TestMissions.minimal();
        String fmi2 = ModelDescription.render(mission, ModelVariables.of(mission), "m", TOKEN, "bt-fmu test");
        assertTrue(!schemaProblems(fmi2).isEmpty());
    }

    @Test
    void variablesKeepTheirFmi2ValueReferencesThenTimeThenTheEventIndicators() throws Exception {
        Mission mission = TestMissions.everything();
        ModelVariables variables = ModelVariables.of(mission);
        Document doc = FmiRules.parse(FmiRules.bytes(render(mission, EnumSet.allOf(FmuInterface.class))));
        assertEquals(TOKEN, doc.getDocumentElement().getAttribute("instantiationToken"));
        assertEquals("3.0", doc.getDocumentElement().getAttribute("fmiVersion"));
        List<Element> all = variables(doc);
        int crossings = mission.tree().crossingCount();
        assertTrue(crossings > 0, "the fixture has comparisons in predicates");
        assertEquals(variables.size() + 1 + crossings, all.size());
        for (ModelVariables.Entry entry : variables.entries()) {
            Element v = all.get(entry.valueReference());
            assertEquals(entry.name(), v.getAttribute("name"));
            assertEquals(String.valueOf(entry.valueReference()), v.getAttribute("valueReference"));
            String expected = entry.isTaskStatus() ? "Enumeration" : switch (entry.type()) {
                case REAL -> "Float64";
                case INTEGER -> "Int32";
                case BOOLEAN -> "Boolean";
                case STRING -> "String";
            };
            assertEquals(expected, v.getTagName(), entry.name());
        }
        Element time = all.get(variables.size());
        assertEquals("independent", time.getAttribute("causality"));
        assertEquals("Float64", time.getTagName());
        assertEquals(1, all.stream().filter(v -> v.getAttribute("causality").equals("independent")).count());
        NodeList indicators = doc.getElementsByTagName("EventIndicator");
        assertEquals(crossings, indicators.getLength());
        for (int k = 0; k < crossings; k++) {
            int vr = Integer.parseInt(((Element) indicators.item(k)).getAttribute("valueReference"));
            Element v = all.get(vr);
            assertEquals(String.valueOf(vr), v.getAttribute("valueReference"));
            assertEquals("Float64", v.getTagName());
            assertEquals("continuous", v.getAttribute("variability"));
            assertEquals("eventIndicator[" + (k + 1) + "]", v.getAttribute("name"));
        }
        Set<String> references = new HashSet<>();
        all.forEach(v -> assertTrue(references.add(v.getAttribute("valueReference")), "unique value references"));
    }

    @Test
    void outputsAndInitialUnknownsHaveTheFmi2DependenciesAsValueReferences() throws Exception {
        Mission mission = TestMissions.everything();
        ModelVariables variables = ModelVariables.of(mission);
        Document fmi3 = FmiRules.parse(FmiRules.bytes(render(mission, EnumSet.allOf(FmuInterface.class))));
        Document fmi2 = FmiRules.parse(FmiRules.bytes(ModelDescription.render(mission, variables,
                "everything_plan", TOKEN, "bt-fmu test")));
        for (String[] lists : new String[][] {{"Output", "Outputs"}, {"InitialUnknown", "InitialUnknowns"}}) {
            Map<String, String> expected = new HashMap<>();
            NodeList unknowns2 = ((Element) fmi2.getElementsByTagName(lists[1]).item(0)).getElementsByTagName("Unknown");
            for (int i = 0; i < unknowns2.getLength(); i++) {
                Element u = (Element) unknowns2.item(i);
                StringBuilder refs = new StringBuilder();
                for (String index : u.getAttribute("dependencies").split(" ")) {
                    if (!index.isEmpty()) {
                        refs.append(refs.isEmpty() ? "" : " ").append(Integer.parseInt(index) - 1);
                    }
                }
                expected.put(String.valueOf(Integer.parseInt(u.getAttribute("index")) - 1), refs.toString());
            }
            NodeList unknowns3 = fmi3.getElementsByTagName(lists[0]);
            Map<String, String> actual = new HashMap<>();
            for (int i = 0; i < unknowns3.getLength(); i++) {
                Element u = (Element) unknowns3.item(i);
                assertTrue(u.hasAttribute("dependencies"), "exact, never 'depends on all'");
                actual.put(u.getAttribute("valueReference"), u.getAttribute("dependencies"));
            }
            assertEquals(expected, actual, lists[0]);
            assertTrue(!actual.isEmpty());
        }
        assertTrue(fmi3.getElementsByTagName("Output").getLength()
                == variables.entries().stream().filter(e -> e.causality().name().equals("OUTPUT")).count());
    }

    @Test
    void coSimulationDeclaresEventModeAndEarlyReturnAndCarriesNoEventIndicators() throws Exception {
        Mission mission = TestMissions.everything();
        Document doc = FmiRules.parse(FmiRules.bytes(render(mission, EnumSet.of(FmuInterface.CO_SIMULATION))));
        Element cs = (Element) doc.getElementsByTagName("CoSimulation").item(0);
        assertEquals("true", cs.getAttribute("hasEventMode"));
        assertEquals("true", cs.getAttribute("mightReturnEarlyFromDoStep"));
        assertEquals("true", cs.getAttribute("canGetAndSetFMUState"));
        assertEquals("true", cs.getAttribute("canSerializeFMUState"));
        assertEquals(0, doc.getElementsByTagName("ModelExchange").getLength());
        assertEquals(0, doc.getElementsByTagName("EventIndicator").getLength());
        assertEquals(ModelVariables.of(mission).size() + 1, variables(doc).size());
    }

    @Test
    void aMissionCannotDeclareTheIndependentVariableFmi3Adds() {
        // FMI 3.0 adds the independent variable 'time'; the loader refuses the name in every
        // mission, so the two can never clash in the model description.
        String text = TestMissions.text("minimal.json")
                .replace("\"name\": \"done\"", "\"name\": \"time\"").replace("{\"done\"", "{\"time\"");
        MissionException e = assertThrows(MissionException.class, () -> MissionLoader.load(text, "clash.json"));
        assertTrue(e.getMessage().contains("'time' is reserved"), e.getMessage());
    }

    private static List<Element> variables(Document doc) {
        Node list = doc.getElementsByTagName("ModelVariables").item(0);
        List<Element> all = new ArrayList<>();
        for (Node n = list.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                all.add(e);
            }
        }
        return all;
    }
}
