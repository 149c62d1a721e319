package org.btfmu.packager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.btfmu.checker.Checker;
import org.btfmu.core.Status;
import org.btfmu.core.blackboard.SlotType;
import org.btfmu.fmu.LogCategory;
import org.btfmu.fmu.ModelVariables;
import org.btfmu.mission.Causality;
import org.btfmu.mission.Mission;
import org.btfmu.mission.Variability;
import org.btfmu.mission.Variable;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class ModelDescriptionTest {

    private static final String GUID = "{01234567-89ab-8def-8123-456789abcdef}";

    private static byte[] render(Mission mission) {
        return FmiRules.bytes(ModelDescription.render(mission, ModelVariables.of(mission),
                "everything_plan", GUID, "bt-fmu test"));
    }

    @Test
    void everyFixtureIsSchemaValidAndObeysTheVariableRules() throws Exception {
        for (Mission mission : List.of(TestMissions.everything(), TestMissions.minimal())) {
            byte[] xml = render(mission);
            assertEquals(List.of(), Checker.checkModelDescription(xml), mission.name());
        }
    }

    @Test
    void bothInterfacesByDefaultWithOneIdentifierAndTheCrossingFunctionsAsEventIndicators()
            throws Exception {
        Mission mission = TestMissions.everything();
        Document doc = FmiRules.parse(render(mission));
        Element root = doc.getDocumentElement();
        assertTrue(mission.tree().crossingCount() > 0, "the fixture has comparisons in predicates");
        assertEquals(String.valueOf(mission.tree().crossingCount()),
                root.getAttribute("numberOfEventIndicators"));
        Element me = (Element) root.getElementsByTagName("ModelExchange").item(0);
        Element cs = (Element) root.getElementsByTagName("CoSimulation").item(0);
        assertEquals("everything_plan", me.getAttribute("modelIdentifier"));
        assertEquals("everything_plan", cs.getAttribute("modelIdentifier"));
        assertEquals("true", me.getAttribute("completedIntegratorStepNotNeeded"));
        assertEquals(0, doc.getElementsByTagName("Derivatives").getLength(), "no continuous states");
    }

    @Test
    void eachInterfaceAloneIsSchemaValid() throws Exception {
        Mission mission = TestMissions.everything();
        for (FmuInterface only : FmuInterface.values()) {
            byte[] xml = FmiRules.bytes(ModelDescription.render(mission, ModelVariables.of(mission),
                    "everything_plan", GUID, "bt-fmu test", java.util.EnumSet.of(only)));
            assertEquals(List.of(), Checker.checkModelDescription(xml), only.name() + ": XSD and FMI 2.0 rules");
            Element root = FmiRules.parse(xml).getDocumentElement();
            for (FmuInterface i : FmuInterface.values()) {
                assertEquals(i == only ? 1 : 0, root.getElementsByTagName(i.elementName()).getLength(),
                        only + ": " + i.elementName());
            }
            assertEquals(only == FmuInterface.MODEL_EXCHANGE ? mission.tree().crossingCount() : 0,
                    Integer.parseInt(root.getAttribute("numberOfEventIndicators")));
        }
    }

    @Test
    void interfaceListsParseOrNameTheBadItem() {
        assertEquals(java.util.EnumSet.allOf(FmuInterface.class), FmuInterface.parse("me, CS"));
        assertEquals(java.util.EnumSet.of(FmuInterface.CO_SIMULATION), FmuInterface.parse("cs"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FmuInterface.parse("cs,mex"));
        assertTrue(e.getMessage().contains("'mex'"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> FmuInterface.parse(""));
    }

    @Test
    void variablesFollowModelVariablesInValueReferenceOrder() throws Exception {
        Mission mission = TestMissions.everything();
        ModelVariables variables = ModelVariables.of(mission);
        NodeList scalars = FmiRules.parse(render(mission)).getElementsByTagName("ScalarVariable");
        assertEquals(variables.size(), scalars.getLength());
        for (int i = 0; i < scalars.getLength(); i++) {
            Element scalar = (Element) scalars.item(i);
            ModelVariables.Entry entry = variables.entries().get(i);
            assertEquals(entry.name(), scalar.getAttribute("name"));
            assertEquals(String.valueOf(entry.valueReference()), scalar.getAttribute("valueReference"));
        }
        assertEquals(mission.variables().size() + mission.tree().tasks().size(), variables.size());
    }

    @Test
    void userTextSurvivesEscapingUnchanged() throws Exception {
        Mission mission = TestMissions.everything();
        Document doc = FmiRules.parse(render(mission));
        assertEquals(mission.description(), doc.getDocumentElement().getAttribute("description"));
        assertEquals(mission.name(), doc.getDocumentElement().getAttribute("modelName"));
        assertEquals("D-<&>\"'", startOf(doc, "callsign"));
        assertEquals("Platz \u00fcber M\u00fcnchen", startOf(doc, "label"));
        assertEquals("True at the \"last\" <waypoint>", scalar(doc, "at_last_waypoint").getAttribute("description"));
    }

    @Test
    void startValuesReadBackAsTheMissionsValues() throws Exception {
        Document doc = FmiRules.parse(render(TestMissions.everything()));
        assertEquals(2.5e-3, Double.parseDouble(startOf(doc, "climb_rate")));
        assertEquals(3, Integer.parseInt(startOf(doc, "laps")));
        assertEquals("true", startOf(doc, "verbose"));
        assertFalse(typeOf(scalar(doc, "target_altitude")).hasAttribute("start"),
                "a calculated output has no start value");
    }

    @Test
    void statusOutputsUseTheStatusEnumeration() throws Exception {
        Document doc = FmiRules.parse(render(TestMissions.everything()));
        NodeList items = doc.getElementsByTagName("Item");
        assertEquals(Status.values().length, items.getLength());
        for (int i = 0; i < items.getLength(); i++) {
            Element item = (Element) items.item(i);
            Status status = Status.valueOf(item.getAttribute("name"));
            assertEquals(status.ordinal() + 1, Integer.parseInt(item.getAttribute("value")));
        }
        assertEquals("1", ((Element) items.item(0)).getAttribute("value"));
        assertEquals("DEACTIVATING", ((Element) items.item(7)).getAttribute("name"));
        assertEquals("8", ((Element) items.item(7)).getAttribute("value"));
        Element status = scalar(doc, "status.mission.plan.take_off");
        assertEquals("output", status.getAttribute("causality"));
        assertEquals("discrete", status.getAttribute("variability"));
        assertEquals("calculated", status.getAttribute("initial"));
        assertEquals("Enumeration", typeOf(status).getTagName());
        assertEquals("Status", typeOf(status).getAttribute("declaredType"));
    }

    @Test
    void noStatusOutputsMeansNoTypeDefinitions() throws Exception {
        Document doc = FmiRules.parse(render(TestMissions.minimal()));
        assertEquals(0, doc.getElementsByTagName("TypeDefinitions").getLength());
        assertEquals(0, doc.getElementsByTagName("UnitDefinitions").getLength());
        assertFalse(doc.getDocumentElement().hasAttribute("description"));
    }

    @Test
    void unitsAreDefinedOnceEachWithTheirSiBaseUnitWhereKnown() throws Exception {
        Document doc = FmiRules.parse(render(TestMissions.everything()));
        NodeList units = doc.getElementsByTagName("Unit");
        List<String> names = new ArrayList<>();
        for (int i = 0; i < units.getLength(); i++) {
            names.add(((Element) units.item(i)).getAttribute("name"));
        }
        assertEquals(List.of("m", "m/s", "kn"), names);
        Element metrePerSecond = (Element) ((Element) units.item(1))
                .getElementsByTagName("BaseUnit").item(0);
        assertEquals("1", metrePerSecond.getAttribute("m"));
        assertEquals("-1", metrePerSecond.getAttribute("s"));
        assertFalse(metrePerSecond.hasAttribute("factor"));
        assertEquals(0, ((Element) units.item(2)).getElementsByTagName("BaseUnit").getLength());
    }

    @Test
    void coSimulationDeclaresOnlyTrueCapabilities() throws Exception {
        Element cs = (Element) FmiRules.parse(render(TestMissions.everything()))
                .getElementsByTagName("CoSimulation").item(0);
        assertEquals("everything_plan", cs.getAttribute("modelIdentifier"));
        for (String flag : List.of("canHandleVariableCommunicationStepSize",
                "canGetAndSetFMUstate", "canSerializeFMUstate", "canNotUseMemoryManagementFunctions")) {
            assertEquals("true", cs.getAttribute(flag), flag);
        }
        for (int i = 0; i < cs.getAttributes().getLength(); i++) {
            assertTrue(!"false".equals(cs.getAttributes().item(i).getNodeValue()),
                    cs.getAttributes().item(i).getNodeName());
        }
    }

    @Test
    void logCategoriesAreTheSlavesCategories() throws Exception {
        NodeList categories = FmiRules.parse(render(TestMissions.minimal()))
                .getElementsByTagName("Category");
        assertEquals(LogCategory.values().length, categories.getLength());
        for (int i = 0; i < categories.getLength(); i++) {
            assertEquals(LogCategory.values()[i].fmiName(),
                    ((Element) categories.item(i)).getAttribute("name"));
        }
    }

    @Test
    void namingConventionIsStructuredOnlyWhenEveryNameIs() throws Exception {
        assertEquals("structured", FmiRules.parse(render(TestMissions.everything()))
                .getDocumentElement().getAttribute("variableNamingConvention"));
        Mission other = withVariable(TestMissions.minimal(), new Variable("flaps angle", SlotType.REAL,
                Causality.OUTPUT, Variability.CONTINUOUS, 0.0, null, null, null, null, 1));
        byte[] xml = render(other);
        assertEquals("flat", FmiRules.parse(xml).getDocumentElement()
                .getAttribute("variableNamingConvention"));
        assertEquals(List.of(), Checker.checkModelDescription(xml));
    }

    @Test
    void aVariableNamedLikeTheStatusTypeIsRejected() {
        Mission everything = TestMissions.everything();
        Mission clash = withVariable(everything, new Variable("Status", SlotType.INTEGER,
                Causality.OUTPUT, Variability.DISCRETE, 0, null, null, null, null,
                everything.variables().size()));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> render(clash));
        assertTrue(e.getMessage().contains("'Status'"), e.getMessage());
    }

    private static Mission withVariable(Mission mission, Variable extra) {
        List<Variable> variables = new ArrayList<>(mission.variables());
        variables.add(extra);
        return new Mission(mission.name(), mission.description(), variables, mission.tree(),
                mission.statusOutputs(), mission.processing(), mission.sourceText());
    }

    private static Element scalar(Document doc, String name) {
        NodeList scalars = doc.getElementsByTagName("ScalarVariable");
        for (int i = 0; i < scalars.getLength(); i++) {
            Element scalar = (Element) scalars.item(i);
            if (scalar.getAttribute("name").equals(name)) {
                return scalar;
            }
        }
        throw new AssertionError("no variable " + name);
    }

    private static Element typeOf(Element scalar) {
        NodeList children = scalar.getChildNodes();
        for (int i = 0; i < children.getLength(); i++) {
            if (children.item(i) instanceof Element e) {
                return e;
            }
        }
        throw new AssertionError("no type element");
    }

    private static String startOf(Document doc, String name) {
        return typeOf(scalar(doc, name)).getAttribute("start");
    }
}
