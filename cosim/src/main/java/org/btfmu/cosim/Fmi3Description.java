package org.btfmu.cosim;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipFile;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * What a master needs from an FMI 3.0 modelDescription.xml to load and call the FMU
 * (dependencies, units and types are {@link ModelStructure}'s): the instantiation token,
 * the model identifiers and capability flags of {@code <CoSimulation>} and
 * {@code <ModelExchange>}, the typed variables with their value references, and the numbers
 * of continuous states and event indicators (FMI 3.0 §2.4.8: one
 * {@code <ContinuousStateDerivative>} per state, one {@code <EventIndicator>} per indicator).
 * Array variables (with {@code <Dimension>}) and Clocks are not moved by this master: they
 * are left out of {@link #variables()} and named in {@link #skipped()}.
 */
record Fmi3Description(String modelName, String instantiationToken, Interface coSimulation,
        Interface modelExchange, List<FmuVariable> variables, List<String> skipped, int states, int indicators) {

    /**
     * One interface element; null in the record when the FMU does not offer it. An absent flag is
     * false (the XSD's default), needsCompletedIntegratorStep included (fmi3InterfaceType.xsd; FMI
     * 3.0 §3.4: only when true must fmi3CompletedIntegratorStep be called).
     */
    record Interface(String modelIdentifier, boolean hasEventMode, boolean mightReturnEarlyFromDoStep,
            boolean canGetAndSetFMUState, boolean needsCompletedIntegratorStep) {
    }

    /** "3.0" or "2.0" (or whatever the root says), read without interpreting the rest. */
    static String fmiVersion(Path fmu) {
        return read(fmu).getDocumentElement().getAttribute("fmiVersion").strip();
    }

    static Fmi3Description read(Path fmu, String where) {
        Element root = read(fmu).getDocumentElement();
        List<FmuVariable> variables = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (Element v : children(child(root, "ModelVariables"), null)) {
            String type = v.getTagName();
            String name = v.getAttribute("name");
            if (type.equals("Clock") || child(v, "Dimension") != null) {
                skipped.add(name);
                continue;
            }
            String causality = v.hasAttribute("causality") ? v.getAttribute("causality") : "local";
            String variability = v.hasAttribute("variability") ? v.getAttribute("variability")
                    : type.startsWith("Float") ? "continuous" : "discrete";
            try {
                variables.add(new FmuVariable(name, (int) Long.parseLong(v.getAttribute("valueReference").strip()),
                        VariableType.of(type), type, causality, variability));
            } catch (IllegalArgumentException e) {
                throw new CoSimulationException(where + ": modelDescription.xml: variable '" + name + "': "
                        + e.getMessage());
            }
        }
        Element structure = child(root, "ModelStructure");
        return new Fmi3Description(root.getAttribute("modelName"), root.getAttribute("instantiationToken"),
                face(child(root, "CoSimulation")), face(child(root, "ModelExchange")), List.copyOf(variables),
                List.copyOf(skipped), children(structure, "ContinuousStateDerivative").size(),
                children(structure, "EventIndicator").size());
    }

    private static Interface face(Element e) {
        return e == null ? null : new Interface(e.getAttribute("modelIdentifier"), flag(e, "hasEventMode"),
                flag(e, "mightReturnEarlyFromDoStep"), flag(e, "canGetAndSetFMUState"),
                flag(e, "needsCompletedIntegratorStep"));
    }

    private static boolean flag(Element e, String attribute) {
        String value = e.getAttribute(attribute).strip();
        return value.equals("true") || value.equals("1"); // xs:boolean
    }

    private static Document read(Path fmu) {
        try (ZipFile zip = new ZipFile(fmu.toFile());
                InputStream in = zip.getInputStream(zip.getEntry("modelDescription.xml"))) {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newDefaultInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return factory.newDocumentBuilder().parse(in);
        } catch (IOException | SAXException | ParserConfigurationException e) {
            throw new CoSimulationException(fmu + ": modelDescription.xml: cannot read: " + e.getMessage(), e);
        }
    }

    private static Element child(Element parent, String tag) {
        List<Element> found = children(parent, tag);
        return found.isEmpty() ? null : found.get(0);
    }

    private static List<Element> children(Element parent, String tag) {
        List<Element> result = new ArrayList<>();
        for (Node n = parent == null ? null : parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && (tag == null || e.getTagName().equals(tag))) {
                result.add(e);
            }
        }
        return result;
    }
}
