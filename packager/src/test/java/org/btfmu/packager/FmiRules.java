package org.btfmu.packager;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * Checks a modelDescription.xml against the official FMI 2.0 XSD and against the
 * rules of FMI 2.0 §2.2 that the XSD cannot express (causality / variability /
 * initial combinations, start values, the model structure). Returns the
 * violations; an empty list means the file is valid.
 */
final class FmiRules {

    private static final Set<String> ALLOWED = Set.of(
            "parameter/fixed", "parameter/tunable", "calculatedParameter/fixed",
            "calculatedParameter/tunable", "input/discrete", "input/continuous",
            "output/constant", "output/discrete", "output/continuous", "local/constant",
            "local/fixed", "local/tunable", "local/discrete", "local/continuous",
            "independent/continuous");

    private FmiRules() {
    }

    /** Validates against fmi2ModelDescription.xsd; throws with the parser's message if invalid. */
    static void validateSchema(byte[] xml) throws SAXException, IOException {
        URL xsd = FmiRules.class.getResource("/org/btfmu/checker/fmi2-schema/fmi2ModelDescription.xsd");
        Schema schema = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI).newSchema(xsd);
        schema.newValidator().validate(new StreamSource(new ByteArrayInputStream(xml)));
    }

    static Document parse(byte[] xml) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml));
    }

    static List<String> violations(byte[] xml) throws Exception {
        Document doc = parse(xml);
        List<String> problems = new ArrayList<>();
        Element root = doc.getDocumentElement();
        if (!"2.0".equals(root.getAttribute("fmiVersion"))) {
            problems.add("fmiVersion is not 2.0");
        }
        Set<String> units = new HashSet<>();
        for (Element unit : elements(root, "Unit")) {
            units.add(unit.getAttribute("name"));
        }
        Set<String> types = new HashSet<>();
        for (Element type : elements(root, "SimpleType")) {
            types.add(type.getAttribute("name"));
        }
        List<Element> variables = elements(child(root, "ModelVariables"), "ScalarVariable");
        Set<String> names = new HashSet<>();
        Map<String, Set<String>> referencesByType = new HashMap<>();
        List<Integer> outputs = new ArrayList<>();
        List<Integer> expectedInitialUnknowns = new ArrayList<>();
        for (int i = 0; i < variables.size(); i++) {
            Element v = variables.get(i);
            String name = v.getAttribute("name");
            String where = "variable " + (i + 1) + " '" + name + "': ";
            if (!names.add(name)) {
                problems.add(where + "name is not unique");
            }
            if (types.contains(name)) {
                problems.add(where + "name equals a type name");
            }
            String causality = attribute(v, "causality", "local");
            Element type = firstChild(v);
            String typeName = type.getTagName();
            String variability = attribute(v, "variability", "continuous");
            if (!ALLOWED.contains(causality + "/" + variability)) {
                problems.add(where + "causality " + causality + " with variability " + variability);
            }
            if (variability.equals("continuous") && !typeName.equals("Real")) {
                problems.add(where + "only Real variables may be continuous");
            }
            String baseType = typeName.equals("Enumeration") ? "Integer" : typeName;
            if (!referencesByType.computeIfAbsent(baseType, k -> new HashSet<>())
                    .add(v.getAttribute("valueReference"))) {
                problems.add(where + "value reference used twice for " + baseType);
            }
            String initial = v.hasAttribute("initial") ? v.getAttribute("initial") : null;
            boolean hasStart = type.hasAttribute("start");
            switch (causality) {
                case "parameter" -> {
                    if (initial != null && !initial.equals("exact")) {
                        problems.add(where + "a parameter must be initial=exact");
                    }
                    if (!hasStart) {
                        problems.add(where + "a parameter needs a start value");
                    }
                }
                case "input" -> {
                    if (initial != null) {
                        problems.add(where + "an input must not have initial");
                    }
                    if (!hasStart) {
                        problems.add(where + "an input needs a start value");
                    }
                }
                case "output", "local" -> {
                    String effective = initial != null ? initial : "calculated";
                    if (effective.equals("calculated") && hasStart) {
                        problems.add(where + "initial=calculated must not have a start value");
                    }
                    if (!effective.equals("calculated") && !hasStart) {
                        problems.add(where + "initial=" + effective + " needs a start value");
                    }
                    if (causality.equals("output")) {
                        outputs.add(i + 1);
                        if (!effective.equals("exact")) {
                            expectedInitialUnknowns.add(i + 1);
                        }
                    }
                }
                default -> problems.add(where + "unexpected causality " + causality);
            }
            if (type.hasAttribute("unit") && !units.contains(type.getAttribute("unit"))) {
                problems.add(where + "unit " + type.getAttribute("unit") + " is not defined");
            }
            if (type.hasAttribute("declaredType") && !types.contains(type.getAttribute("declaredType"))) {
                problems.add(where + "declared type " + type.getAttribute("declaredType") + " is not defined");
            }
            if (typeName.equals("Enumeration") && !type.hasAttribute("declaredType")) {
                problems.add(where + "an Enumeration needs a declaredType");
            }
        }
        Element structure = child(root, "ModelStructure");
        if (!indices(structure, "Outputs").equals(outputs)) {
            problems.add("Outputs " + indices(structure, "Outputs") + " but the outputs are " + outputs);
        }
        if (!indices(structure, "InitialUnknowns").equals(expectedInitialUnknowns)) {
            problems.add("InitialUnknowns " + indices(structure, "InitialUnknowns")
                    + " but they must be " + expectedInitialUnknowns);
        }
        return problems;
    }

    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static List<Integer> indices(Element structure, String list) {
        List<Integer> result = new ArrayList<>();
        Element element = child(structure, list);
        if (element != null) {
            for (Element unknown : elements(element, "Unknown")) {
                result.add(Integer.parseInt(unknown.getAttribute("index")));
            }
        }
        return result;
    }

    private static String attribute(Element e, String name, String fallback) {
        return e.hasAttribute(name) ? e.getAttribute(name) : fallback;
    }

    private static Element child(Element parent, String tag) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(tag)) {
                return e;
            }
        }
        return null;
    }

    private static Element firstChild(Element parent) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                return e;
            }
        }
        throw new AssertionError("no child element in " + parent.getTagName());
    }

    private static List<Element> elements(Element parent, String tag) {
        List<Element> result = new ArrayList<>();
        NodeList list = parent.getElementsByTagName(tag);
        for (int i = 0; i < list.getLength(); i++) {
            result.add((Element) list.item(i));
        }
        return result;
    }
}
