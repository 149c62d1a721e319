package org.btfmu.cosim;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.ZipFile;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * What an FMU's modelDescription.xml declares beyond its variables, read directly
 * from the archive (javafmi does not tell a missing {@code dependencies} attribute from
 * an empty one, and keeps no enumeration item values):
 * <ul>
 * <li>for every output, the inputs it depends on at the same instant in Step Mode
 *     ({@code <Outputs>}) and in Initialization Mode ({@code <InitialUnknowns>}). Per
 *     FMI 2.0 §2.2.8 a missing {@code dependencies} attribute means "every known",
 *     so every input; an output missing from {@code <InitialUnknowns>} has an exact
 *     start value and depends on nothing then;</li>
 * <li>the Enumeration types (item names and values), and each variable's declared
 *     type and unit, which an SSP needs for its typed connectors;</li>
 * <li>the DefaultExperiment.</li>
 * </ul>
 */
public final class ModelStructure {

    /** When outputs are read: before fmi2ExitInitializationMode, or after it (Step Mode). */
    public enum Mode {
        INITIALIZATION("Initialization Mode"), STEP("Step Mode");

        private final String text;

        Mode(String text) {
            this.text = text;
        }

        @Override
        public String toString() {
            return text;
        }
    }

    /** One item of an Enumeration type. */
    public record Item(String name, int value) {}

    private final Map<String, Set<String>> stepDependencies = new HashMap<>();
    private final Map<String, Set<String>> initialDependencies = new HashMap<>();
    private final Map<String, List<Item>> enumerations = new LinkedHashMap<>();
    private final Map<String, String> declaredTypes = new HashMap<>();
    private final Map<String, String> units = new HashMap<>();
    private final double[] defaultExperiment = {Double.NaN, Double.NaN, Double.NaN};

    private ModelStructure() {
    }

    /** The inputs (by name) whose value {@code output} shows at once in {@code mode}. */
    public Set<String> inputsOf(String output, Mode mode) {
        return (mode == Mode.STEP ? stepDependencies : initialDependencies).getOrDefault(output, Set.of());
    }

    /** Enumeration types by name, in declaration order. */
    public Map<String, List<Item>> enumerations() {
        return enumerations;
    }

    /** The declaredType of a variable, or null. */
    public String declaredType(String variable) {
        return declaredTypes.get(variable);
    }

    /** The unit of a Real variable (its own or its declared type's), or null. */
    public String unit(String variable) {
        return units.get(variable);
    }

    /** The DefaultExperiment's startTime, stopTime and stepSize; NaN where not given. */
    public double[] defaultExperiment() {
        return defaultExperiment.clone();
    }

    /** Reads {@code modelDescription.xml} from the FMU archive {@code fmu}. */
    public static ModelStructure read(Path fmu) {
        Document document;
        try (ZipFile zip = new ZipFile(fmu.toFile());
                InputStream in = zip.getInputStream(zip.getEntry("modelDescription.xml"))) {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newDefaultInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            document = factory.newDocumentBuilder().parse(in);
        } catch (IOException | SAXException | ParserConfigurationException e) {
            throw new CoSimulationException(fmu + ": modelDescription.xml: cannot read: " + e.getMessage(), e);
        }
        ModelStructure result = new ModelStructure();
        try {
            result.parse(document.getDocumentElement());
        } catch (NumberFormatException e) {
            throw new CoSimulationException(fmu + ": modelDescription.xml: not a number: " + e.getMessage(), e);
        }
        return result;
    }

    private void parse(Element root) {
        if ("3.0".equals(root.getAttribute("fmiVersion").strip())) {
            parseFmi3(root);
            return;
        }
        Map<String, String> typeUnits = new HashMap<>();
        for (Element type : children(child(root, "TypeDefinitions"), "SimpleType")) {
            Element enumeration = child(type, "Enumeration");
            if (enumeration != null) {
                List<Item> items = new ArrayList<>();
                for (Element item : children(enumeration, "Item")) {
                    items.add(new Item(item.getAttribute("name"), Integer.parseInt(item.getAttribute("value").strip())));
                }
                enumerations.put(type.getAttribute("name"), items);
            }
            Element real = child(type, "Real");
            if (real != null && real.hasAttribute("unit")) {
                typeUnits.put(type.getAttribute("name"), real.getAttribute("unit"));
            }
        }
        List<String> names = new ArrayList<>();
        List<String> inputs = new ArrayList<>();
        for (Element variable : children(child(root, "ModelVariables"), "ScalarVariable")) {
            String name = variable.getAttribute("name");
            names.add(name);
            if ("input".equals(variable.getAttribute("causality"))) {
                inputs.add(name);
            }
            for (Node n = variable.getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n instanceof Element type) {
                    if (type.hasAttribute("declaredType")) {
                        declaredTypes.put(name, type.getAttribute("declaredType"));
                    }
                    if (type.getTagName().equals("Real")) {
                        String unit = type.hasAttribute("unit") ? type.getAttribute("unit")
                                : typeUnits.get(type.getAttribute("declaredType"));
                        if (unit != null) {
                            units.put(name, unit);
                        }
                    }
                }
            }
        }
        Element experiment = child(root, "DefaultExperiment");
        String[] attributes = {"startTime", "stopTime", "stepSize"};
        for (int i = 0; i < attributes.length && experiment != null; i++) {
            if (experiment.hasAttribute(attributes[i])) {
                defaultExperiment[i] = Double.parseDouble(experiment.getAttribute(attributes[i]).strip());
            }
        }
        Element structure = child(root, "ModelStructure");
        read(child(structure, "Outputs"), names, inputs, stepDependencies);
        read(child(structure, "InitialUnknowns"), names, inputs, initialDependencies);
        // An output the FMU forgot to list in <Outputs> may depend on anything.
        for (Element variable : children(child(root, "ModelVariables"), "ScalarVariable")) {
            if ("output".equals(variable.getAttribute("causality"))) {
                stepDependencies.putIfAbsent(variable.getAttribute("name"), new LinkedHashSet<>(inputs));
            }
        }
    }

    /**
     * FMI 3.0 (§2.4): the variables are elements named after their type, types are
     * {@code <Float64Type>} etc. and {@code <EnumerationType>}, and {@code <Output>} /
     * {@code <InitialUnknown>} name variables and their dependencies by value reference.
     * The same rules as FMI 2.0: no {@code dependencies} means every input; an output not
     * listed as an InitialUnknown depends on nothing in Initialization Mode.
     */
    private void parseFmi3(Element root) {
        Map<String, String> typeUnits = new HashMap<>();
        for (Element type : children(child(root, "TypeDefinitions"), null)) {
            if (type.getTagName().equals("EnumerationType")) {
                List<Item> items = new ArrayList<>();
                for (Element item : children(type, "Item")) {
                    items.add(new Item(item.getAttribute("name"), Integer.parseInt(item.getAttribute("value").strip())));
                }
                enumerations.put(type.getAttribute("name"), items);
            } else if (type.getTagName().startsWith("Float") && type.hasAttribute("unit")) {
                typeUnits.put(type.getAttribute("name"), type.getAttribute("unit"));
            }
        }
        Map<String, String> byReference = new HashMap<>();
        List<String> inputs = new ArrayList<>();
        List<String> outputs = new ArrayList<>();
        for (Element variable : children(child(root, "ModelVariables"), null)) {
            String name = variable.getAttribute("name");
            byReference.put(variable.getAttribute("valueReference").strip(), name);
            if ("input".equals(variable.getAttribute("causality"))) {
                inputs.add(name);
            } else if ("output".equals(variable.getAttribute("causality"))) {
                outputs.add(name);
            }
            if (variable.hasAttribute("declaredType")) {
                declaredTypes.put(name, variable.getAttribute("declaredType"));
            }
            if (variable.getTagName().startsWith("Float")) {
                String unit = variable.hasAttribute("unit") ? variable.getAttribute("unit")
                        : typeUnits.get(variable.getAttribute("declaredType"));
                if (unit != null) {
                    units.put(name, unit);
                }
            }
        }
        Element experiment = child(root, "DefaultExperiment");
        String[] attributes = {"startTime", "stopTime", "stepSize"};
        for (int i = 0; i < attributes.length && experiment != null; i++) {
            if (experiment.hasAttribute(attributes[i])) {
                defaultExperiment[i] = Double.parseDouble(experiment.getAttribute(attributes[i]).strip());
            }
        }
        Element structure = child(root, "ModelStructure");
        readFmi3(children(structure, "Output"), byReference, inputs, stepDependencies);
        readFmi3(children(structure, "InitialUnknown"), byReference, inputs, initialDependencies);
        for (String output : outputs) {
            stepDependencies.putIfAbsent(output, new LinkedHashSet<>(inputs));
        }
    }

    private static void readFmi3(List<Element> unknowns, Map<String, String> byReference, List<String> inputs,
            Map<String, Set<String>> into) {
        for (Element unknown : unknowns) {
            String name = byReference.get(unknown.getAttribute("valueReference").strip());
            if (name == null) {
                continue; // a broken reference is the checker's business
            }
            Set<String> depends = new LinkedHashSet<>();
            if (!unknown.hasAttribute("dependencies")) {
                depends.addAll(inputs);
            } else {
                for (String reference : unknown.getAttribute("dependencies").trim().split("\\s+")) {
                    String known = byReference.get(reference);
                    if (known != null && inputs.contains(known)) {
                        depends.add(known);
                    }
                }
            }
            into.put(name, depends);
        }
    }

    private static void read(Element unknowns, List<String> names, List<String> inputs, Map<String, Set<String>> into) {
        for (Element unknown : children(unknowns, "Unknown")) {
            String name = nameAt(names, unknown.getAttribute("index"));
            if (name == null) {
                continue; // a broken index is the checker's business; nothing to order by
            }
            Set<String> depends = new LinkedHashSet<>();
            if (!unknown.hasAttribute("dependencies")) {
                depends.addAll(inputs);
            } else {
                for (String index : unknown.getAttribute("dependencies").trim().split("\\s+")) {
                    String known = nameAt(names, index);
                    if (known != null && inputs.contains(known)) {
                        depends.add(known);
                    }
                }
            }
            into.put(name, depends);
        }
    }

    private static String nameAt(List<String> names, String index) {
        try {
            int i = Integer.parseInt(index.strip());
            return i >= 1 && i <= names.size() ? names.get(i - 1) : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static Element child(Element parent, String tag) {
        List<Element> found = children(parent, tag);
        return found.isEmpty() ? null : found.get(0);
    }

    private static List<Element> children(Element parent, String tag) {
        List<Element> result = new ArrayList<>();
        if (parent == null) {
            return result;
        }
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && (tag == null || e.getTagName().equals(tag))) {
                result.add(e);
            }
        }
        return result;
    }
}
