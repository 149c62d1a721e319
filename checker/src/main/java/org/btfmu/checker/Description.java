package org.btfmu.checker;

import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXParseException;

/**
 * What the checker needs of an FMI 2.0 {@code modelDescription.xml}, with the spec's
 * defaults filled in (causality local, variability continuous, the default
 * {@code initial} of FMI 2.0 §2.2.7). Lenient: attributes it cannot read are left for
 * the schema and the rule checks to report.
 */
final class Description {

    /** One ScalarVariable; {@code index} is 1-based as in the model structure. */
    record Variable(int index, String name, long valueReference, String type, String causality,
            String variability, String initial, boolean initialGiven, String start, Double min,
            Double max, String declaredType, Integer derivative) {

        /** Integer and Enumeration share fmi2GetInteger / fmi2SetInteger. */
        String baseType() {
            return type.equals("Enumeration") ? "Integer" : type;
        }

        boolean isInput() {
            return causality.equals("input");
        }

        boolean isOutput() {
            return causality.equals("output");
        }

        boolean isParameter() {
            return causality.equals("parameter");
        }

        boolean isTunableParameter() {
            return isParameter() && variability.equals("tunable");
        }

        boolean isExact() {
            return "exact".equals(initial);
        }

        String label() {
            return "variable " + index + " '" + name + "'";
        }
    }

    /** An Unknown of the model structure; {@code dependencies} null when the attribute is absent. */
    record Unknown(int index, List<Integer> dependencies, List<String> kinds, String problem) {
    }

    final String fmiVersion;
    final String guid;
    final String coSimulationIdentifier;
    final String modelExchangeIdentifier;
    final boolean canGetAndSetFMUstate;
    final boolean canSerializeFMUstate;
    /** The same two capabilities as declared by {@code <ModelExchange>}. */
    final boolean meCanGetAndSetFMUstate;
    final boolean meCanSerializeFMUstate;
    /** The declared numberOfEventIndicators (0 when absent or unreadable). */
    final int numberOfEventIndicators;
    final double startTime;
    final Double stepSize;
    final List<Variable> variables;
    final Map<String, List<Integer>> enumerationItems;
    final List<String> typeNames;
    final List<String> unitNames;
    final List<Unknown> outputs;
    final List<Unknown> derivatives;
    final List<Unknown> initialUnknowns;

    private Description(Element root) {
        fmiVersion = root.getAttribute("fmiVersion");
        guid = root.getAttribute("guid");
        Element cs = child(root, "CoSimulation");
        Element me = child(root, "ModelExchange");
        coSimulationIdentifier = cs == null ? null : cs.getAttribute("modelIdentifier");
        modelExchangeIdentifier = me == null ? null : me.getAttribute("modelIdentifier");
        canGetAndSetFMUstate = cs != null && "true".equals(cs.getAttribute("canGetAndSetFMUstate"));
        canSerializeFMUstate = cs != null && "true".equals(cs.getAttribute("canSerializeFMUstate"));
        meCanGetAndSetFMUstate = me != null && "true".equals(me.getAttribute("canGetAndSetFMUstate"));
        meCanSerializeFMUstate = me != null && "true".equals(me.getAttribute("canSerializeFMUstate"));
        numberOfEventIndicators = Math.max(0, number(root.getAttribute("numberOfEventIndicators"), 0.0).intValue());
        Element experiment = child(root, "DefaultExperiment");
        startTime = experiment == null ? 0 : number(experiment.getAttribute("startTime"), 0.0);
        stepSize = experiment == null ? null : number(experiment.getAttribute("stepSize"), null);
        typeNames = new ArrayList<>();
        enumerationItems = new HashMap<>();
        Element types = child(root, "TypeDefinitions");
        for (Element type : children(types, "SimpleType")) {
            typeNames.add(type.getAttribute("name"));
            Element enumeration = child(type, "Enumeration");
            if (enumeration != null) {
                List<Integer> items = new ArrayList<>();
                for (Element item : children(enumeration, "Item")) {
                    Double value = number(item.getAttribute("value"), null);
                    if (value != null) {
                        items.add(value.intValue());
                    }
                }
                enumerationItems.put(type.getAttribute("name"), items);
            }
        }
        unitNames = new ArrayList<>();
        for (Element unit : children(child(root, "UnitDefinitions"), "Unit")) {
            unitNames.add(unit.getAttribute("name"));
        }
        List<Variable> vars = new ArrayList<>();
        for (Element v : children(child(root, "ModelVariables"), "ScalarVariable")) {
            vars.add(variable(vars.size() + 1, v));
        }
        variables = Collections.unmodifiableList(vars);
        Element structure = child(root, "ModelStructure");
        outputs = unknowns(child(structure, "Outputs"));
        derivatives = unknowns(child(structure, "Derivatives"));
        initialUnknowns = unknowns(child(structure, "InitialUnknowns"));
    }

    /** Parses the XML; throws {@link IllegalArgumentException} with line:col if it is not well-formed. */
    static Description parse(byte[] xml) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newDefaultInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            Document doc = factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml));
            return new Description(doc.getDocumentElement());
        } catch (SAXParseException e) {
            throw new IllegalArgumentException(e.getLineNumber() + ":" + e.getColumnNumber() + ": "
                    + e.getMessage(), e);
        } catch (Exception e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /**
     * The continuous states in the order of {@code <Derivatives>} (FMI 2.0 §3.3: that order is
     * the order of the state vector); null entries where a derivative names no variable.
     */
    List<Variable> continuousStates() {
        List<Variable> states = new ArrayList<>();
        for (Unknown u : derivatives) {
            Variable derivative = variable(u.index());
            states.add(derivative == null || derivative.derivative() == null ? null
                    : variable(derivative.derivative()));
        }
        return states;
    }

    /** The variable with this 1-based index, or null. */
    Variable variable(int index) {
        return index >= 1 && index <= variables.size() ? variables.get(index - 1) : null;
    }

    private static Variable variable(int index, Element v) {
        Element type = firstChild(v);
        String typeName = type == null ? "?" : type.getTagName();
        String causality = attribute(v, "causality", "local");
        String variability = attribute(v, "variability", "continuous");
        boolean given = v.hasAttribute("initial");
        String initial = given ? v.getAttribute("initial") : defaultInitial(causality, variability);
        Double vr = number(v.getAttribute("valueReference"), null);
        Double derivative = type == null ? null : number(type.getAttribute("derivative"), null);
        return new Variable(index, v.getAttribute("name"), vr == null ? -1 : vr.longValue(), typeName,
                causality, variability, initial, given,
                type != null && type.hasAttribute("start") ? type.getAttribute("start") : null,
                type == null ? null : number(type.getAttribute("min"), null),
                type == null ? null : number(type.getAttribute("max"), null),
                type != null && type.hasAttribute("declaredType") ? type.getAttribute("declaredType") : null,
                derivative == null ? null : derivative.intValue());
    }

    /** FMI 2.0 §2.2.7, the table of initial defaults; null where initial is not allowed. */
    static String defaultInitial(String causality, String variability) {
        return switch (causality) {
            case "parameter" -> "exact";
            case "calculatedParameter" -> "calculated";
            case "input", "independent" -> null;
            default -> variability.equals("constant") ? "exact" : "calculated";
        };
    }

    private static List<Unknown> unknowns(Element list) {
        List<Unknown> result = new ArrayList<>();
        for (Element u : children(list, "Unknown")) {
            Double index = number(u.getAttribute("index"), null);
            String problem = null;
            List<Integer> deps = null;
            if (u.hasAttribute("dependencies")) {
                deps = new ArrayList<>();
                for (String token : u.getAttribute("dependencies").trim().split("\\s+")) {
                    if (token.isEmpty()) {
                        continue;
                    }
                    Double d = number(token, null);
                    if (d == null) {
                        problem = "dependencies entry '" + token + "' is not an index";
                    } else {
                        deps.add(d.intValue());
                    }
                }
            }
            List<String> kinds = null;
            if (u.hasAttribute("dependenciesKind")) {
                kinds = new ArrayList<>();
                for (String token : u.getAttribute("dependenciesKind").trim().split("\\s+")) {
                    if (!token.isEmpty()) {
                        kinds.add(token);
                    }
                }
            }
            result.add(new Unknown(index == null ? -1 : index.intValue(), deps, kinds, problem));
        }
        return result;
    }

    private static Double number(String text, Double fallback) {
        if (text == null || text.isBlank()) {
            return fallback;
        }
        try {
            return Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    private static String attribute(Element e, String name, String fallback) {
        return e.hasAttribute(name) ? e.getAttribute(name) : fallback;
    }

    private static Element child(Element parent, String tag) {
        List<Element> found = children(parent, tag);
        return found.isEmpty() ? null : found.get(0);
    }

    private static List<Element> children(Element parent, String tag) {
        List<Element> result = new ArrayList<>();
        if (parent != null) {
            for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n instanceof Element e && e.getTagName().equals(tag)) {
                    result.add(e);
                }
            }
        }
        return result;
    }

    private static Element firstChild(Element parent) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && !e.getTagName().equals("Annotations")) {
                return e;
            }
        }
        return null;
    }
}
