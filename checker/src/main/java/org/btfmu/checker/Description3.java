package org.btfmu.checker;

import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXParseException;

/**
 * What the checker needs of an FMI 3.0 {@code modelDescription.xml}, with the spec's defaults
 * filled in (causality local; variability fixed for parameters, continuous for other
 * floating-point variables, discrete otherwise; the default {@code initial} of FMI 3.0 §2.4.7.5). Lenient like {@link Description}:
 * attributes it cannot read are left for the XSD and {@link Rules3} to report.
 */
final class Description3 {

    /** The floating-point types (the only ones that may be continuous). */
    static final Set<String> FLOATS = Set.of("Float32", "Float64");
    /** The integer types; Enumeration is read and written as Int64. */
    static final Set<String> INTEGERS = Set.of("Int8", "UInt8", "Int16", "UInt16", "Int32", "UInt32", "Int64",
            "UInt64");
    /** The variable elements of {@code <ModelVariables>}. */
    static final Set<String> TYPES = Set.of("Float32", "Float64", "Int8", "UInt8", "Int16", "UInt16", "Int32",
            "UInt32", "Int64", "UInt64", "Boolean", "String", "Binary", "Enumeration", "Clock");

    /** One dimension of an array variable: a fixed size or a variable's value reference. */
    record Dimension(Long start, Long valueReference) {
    }

    /** One variable; {@code index} is its 1-based position, {@code start} its values (null: no start). */
    record Variable(int index, String name, long valueReference, String type, String causality,
            String variability, String initial, boolean initialGiven, List<String> start, String min, String max,
            String declaredType, Long derivative, String unit, String displayUnit, List<Dimension> dimensions,
            List<Long> clocks, Long previous, List<String> aliases) {

        /** The type of the fmi3Get/fmi3Set function: Int64 for an Enumeration. */
        String apiType() {
            return type.equals("Enumeration") ? "Int64" : type;
        }

        boolean isFloat() {
            return FLOATS.contains(type);
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

        boolean isIndependent() {
            return causality.equals("independent");
        }

        boolean isClocked() {
            return !clocks.isEmpty();
        }

        String label() {
            return "variable '" + name + "' (valueReference " + valueReference + ")";
        }
    }

    /** A type definition: its element (Float64Type, EnumerationType...), unit, min/max and enumeration items. */
    record TypeDefinition(String element, String unit, String displayUnit, String min, String max,
            List<Long> items) {
    }

    /** An element of {@code <ModelStructure>}; {@code dependencies} null when the attribute is absent. */
    record Unknown(String element, long valueReference, List<Long> dependencies, List<String> kinds, String problem) {

        String label() {
            return "ModelStructure/" + element + " valueReference=\"" + valueReference + "\"";
        }
    }

    /** One of {@code <ModelExchange>}, {@code <CoSimulation>}, {@code <ScheduledExecution>}. */
    record Interface(String element, String modelIdentifier, Map<String, String> attributes) {

        boolean flag(String name) {
            return "true".equals(attributes.get(name));
        }
    }

    final String fmiVersion;
    final String instantiationToken;
    final Interface modelExchange;
    final Interface coSimulation;
    final Interface scheduledExecution;
    final Double startTime;
    final Double stopTime;
    final Double stepSize;
    final List<Variable> variables;
    final Map<String, TypeDefinition> types;
    /** Unit name → the names of its display units. */
    final Map<String, List<String>> units;
    final List<Unknown> outputs;
    final List<Unknown> derivatives;
    final List<Unknown> clockedStates;
    final List<Unknown> initialUnknowns;
    final List<Unknown> eventIndicators;
    private final Map<Long, Variable> byReference = new LinkedHashMap<>();

    private Description3(Element root) {
        fmiVersion = root.getAttribute("fmiVersion");
        instantiationToken = root.getAttribute("instantiationToken");
        modelExchange = implementation(child(root, "ModelExchange"));
        coSimulation = implementation(child(root, "CoSimulation"));
        scheduledExecution = implementation(child(root, "ScheduledExecution"));
        Element experiment = child(root, "DefaultExperiment");
        startTime = experiment == null ? null : number(experiment.getAttribute("startTime"));
        stopTime = experiment == null ? null : number(experiment.getAttribute("stopTime"));
        stepSize = experiment == null ? null : number(experiment.getAttribute("stepSize"));
        units = new LinkedHashMap<>();
        for (Element unit : children(child(root, "UnitDefinitions"), "Unit")) {
            units.put(unit.getAttribute("name"), children(unit, "DisplayUnit").stream()
                    .map(u -> u.getAttribute("name")).toList());
        }
        types = new LinkedHashMap<>();
        for (Element type : children(child(root, "TypeDefinitions"), null)) {
            List<Long> items = new ArrayList<>();
            for (Element item : children(type, "Item")) {
                Long value = integer(item.getAttribute("value"));
                if (value != null) {
                    items.add(value);
                }
            }
            types.put(type.getAttribute("name"), new TypeDefinition(type.getTagName(), attribute(type, "unit"),
                    attribute(type, "displayUnit"), attribute(type, "min"), attribute(type, "max"), items));
        }
        List<Variable> vars = new ArrayList<>();
        for (Element v : children(child(root, "ModelVariables"), null)) {
            Variable variable = variable(vars.size() + 1, v);
            vars.add(variable);
            byReference.putIfAbsent(variable.valueReference(), variable);
        }
        variables = Collections.unmodifiableList(vars);
        Element structure = child(root, "ModelStructure");
        outputs = unknowns(structure, "Output");
        derivatives = unknowns(structure, "ContinuousStateDerivative");
        clockedStates = unknowns(structure, "ClockedState");
        initialUnknowns = unknowns(structure, "InitialUnknown");
        eventIndicators = unknowns(structure, "EventIndicator");
    }

    /** Parses the XML; throws {@link IllegalArgumentException} with line:col if it is not well-formed. */
    static Description3 parse(byte[] xml) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newDefaultInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            Document doc = factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml));
            return new Description3(doc.getDocumentElement());
        } catch (SAXParseException e) {
            throw new IllegalArgumentException(e.getLineNumber() + ":" + e.getColumnNumber() + ": "
                    + e.getMessage(), e);
        } catch (Exception e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** The fmiVersion attribute of a model description, read without checking anything else; "" if none. */
    static String fmiVersion(byte[] xml) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newDefaultInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml)).getDocumentElement()
                    .getAttribute("fmiVersion");
        } catch (Exception e) {
            return "";
        }
    }

    /** The variable with this value reference (the first, if several share it), or null. */
    Variable variable(long valueReference) {
        return byReference.get(valueReference);
    }

    /** The continuous states, in the order of {@code <ContinuousStateDerivative>} (null where unknown). */
    List<Variable> continuousStates() {
        List<Variable> states = new ArrayList<>();
        for (Unknown u : derivatives) {
            Variable derivative = variable(u.valueReference());
            states.add(derivative == null || derivative.derivative() == null ? null
                    : variable(derivative.derivative()));
        }
        return states;
    }

    /**
     * The number of values of the variable: 1 for a scalar, else the product of its dimensions
     * (a fixed start or the start of the referenced variable); -1 when a size cannot be read.
     */
    int size(Variable v) {
        long size = 1;
        for (Dimension dimension : v.dimensions()) {
            Long n = dimension.start();
            if (n == null && dimension.valueReference() != null) {
                Variable referenced = variable(dimension.valueReference());
                n = referenced == null || referenced.start() == null || referenced.start().size() != 1 ? null
                        : integer(referenced.start().get(0));
            }
            if (n == null || n < 0 || n > 1_000_000) {
                return -1;
            }
            size *= n;
        }
        return size > 1_000_000 ? -1 : (int) size;
    }

    /** The number of values of the event indicators or state derivatives listed (-1 if a size is unknown). */
    int count(List<Unknown> list) {
        int n = 0;
        for (Unknown u : list) {
            Variable v = variable(u.valueReference());
            int size = v == null ? -1 : size(v);
            if (size < 0) {
                return -1;
            }
            n += size;
        }
        return n;
    }

    /** The variable's unit: its own, else its declared type's; null if none. */
    String unit(Variable v) {
        if (v.unit() != null) {
            return v.unit();
        }
        TypeDefinition type = v.declaredType() == null ? null : types.get(v.declaredType());
        return type == null ? null : type.unit();
    }

    /** The variable's min (its own, else its declared type's); null if none. */
    String min(Variable v) {
        TypeDefinition type = v.declaredType() == null ? null : types.get(v.declaredType());
        return v.min() != null ? v.min() : type == null ? null : type.min();
    }

    /** The variable's max (its own, else its declared type's); null if none. */
    String max(Variable v) {
        TypeDefinition type = v.declaredType() == null ? null : types.get(v.declaredType());
        return v.max() != null ? v.max() : type == null ? null : type.max();
    }

    private static Interface implementation(Element e) {
        if (e == null) {
            return null;
        }
        Map<String, String> attributes = new LinkedHashMap<>();
        for (int i = 0; i < e.getAttributes().getLength(); i++) {
            Node a = e.getAttributes().item(i);
            attributes.put(a.getNodeName(), a.getNodeValue());
        }
        return new Interface(e.getTagName(), e.getAttribute("modelIdentifier"), attributes);
    }

    private static Variable variable(int index, Element v) {
        String type = v.getTagName();
        String causality = v.hasAttribute("causality") ? v.getAttribute("causality") : "local";
        String variability = v.hasAttribute("variability") ? v.getAttribute("variability")
                : causality.endsWith("arameter") ? "fixed" : FLOATS.contains(type) ? "continuous" : "discrete";
        boolean given = v.hasAttribute("initial");
        String initial = given ? v.getAttribute("initial") : defaultInitial(causality, variability);
        List<String> start = null;
        if (v.hasAttribute("start")) {
            start = List.of(v.getAttribute("start").trim().split("\\s+"));
        } else if (!children(v, "Start").isEmpty()) {
            start = children(v, "Start").stream().map(s -> s.getAttribute("value")).toList();
        }
        List<Dimension> dimensions = children(v, "Dimension").stream().map(d -> new Dimension(
                integer(d.getAttribute("start")), integer(d.getAttribute("valueReference")))).toList();
        List<Long> clocks = new ArrayList<>();
        for (String token : v.getAttribute("clocks").trim().split("\\s+")) {
            Long clock = integer(token);
            if (clock != null) {
                clocks.add(clock);
            }
        }
        Long vr = integer(v.getAttribute("valueReference"));
        return new Variable(index, v.getAttribute("name"), vr == null ? -1 : vr, type, causality, variability,
                initial, given, start, attribute(v, "min"), attribute(v, "max"), attribute(v, "declaredType"),
                integer(v.getAttribute("derivative")), attribute(v, "unit"), attribute(v, "displayUnit"),
                dimensions, clocks, integer(v.getAttribute("previous")),
                children(v, "Alias").stream().map(a -> a.getAttribute("name")).toList());
    }

    /** FMI 3.0 §2.4.7.5, the table of initial defaults; null where initial is not allowed. */
    static String defaultInitial(String causality, String variability) {
        return switch (causality) {
            case "structuralParameter", "parameter" -> "exact";
            case "calculatedParameter" -> "calculated";
            case "input" -> "exact";
            case "independent" -> null;
            default -> variability.equals("constant") ? "exact" : "calculated";
        };
    }

    private static List<Unknown> unknowns(Element structure, String element) {
        List<Unknown> result = new ArrayList<>();
        for (Element u : children(structure, element)) {
            Long vr = integer(u.getAttribute("valueReference"));
            String problem = null;
            List<Long> deps = null;
            if (u.hasAttribute("dependencies")) {
                deps = new ArrayList<>();
                for (String token : u.getAttribute("dependencies").trim().split("\\s+")) {
                    if (token.isEmpty()) {
                        continue;
                    }
                    Long d = integer(token);
                    if (d == null) {
                        problem = "dependencies entry '" + token + "' is not a value reference";
                    } else {
                        deps.add(d);
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
            result.add(new Unknown(element, vr == null ? -1 : vr, deps, kinds, problem));
        }
        return result;
    }

    static Double number(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** An integer value (UInt64 above Long.MAX_VALUE as its two's complement); null if none. */
    static Long integer(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return new BigDecimal(text.trim()).toBigIntegerExact().longValue();
        } catch (NumberFormatException | ArithmeticException e) {
            return null;
        }
    }

    private static String attribute(Element e, String name) {
        return e.hasAttribute(name) ? e.getAttribute(name) : null;
    }

    private static Element child(Element parent, String tag) {
        List<Element> found = children(parent, tag);
        return found.isEmpty() ? null : found.get(0);
    }

    /** The child elements with the tag (every child element when tag is null, except Annotations). */
    private static List<Element> children(Element parent, String tag) {
        List<Element> result = new ArrayList<>();
        if (parent != null) {
            for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n instanceof Element e && (tag == null ? !e.getTagName().equals("Annotations")
                        : e.getTagName().equals(tag))) {
                    result.add(e);
                }
            }
        }
        return result;
    }
}
