package org.btfmu.cosim;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * Writes a coupling of loaded FMUs as an SSP 1.0 archive: {@code SystemStructure.ssd}
 * (one system; one component per FMU with its source {@code resources/<name>.fmu};
 * a typed connector for every input and output, and one of kind parameter for each
 * parameter given a value; the connections; the parameter values inline as a
 * component ParameterBinding; a DefaultExperiment) and the FMUs under
 * {@code resources/}. The file appears only once complete. Names must be identifiers
 * and the system carries OMSimulator's step annotation: OMSimulator 3.0.0 refuses
 * anything else (measured; see the docs/ssp.md).
 */
public final class SspWriter {

    private static final java.util.regex.Pattern IDENTIFIER = java.util.regex.Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private SspWriter() {
    }

    public static void write(Path ssp, String systemName, List<FmuInstance> fmus, List<Connection> connections,
            List<ConnectionFile.ParameterValue> parameters, Experiment experiment) {
        byte[] ssd = systemStructure(systemName, fmus, connections, parameters, experiment);
        Path partial = ssp.resolveSibling(ssp.getFileName() + ".partial");
        try {
            try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(partial))) {
                add(zip, Ssp.SSD_ENTRY, out -> out.write(ssd));
                for (FmuInstance fmu : fmus) {
                    add(zip, "resources/" + fmu.name() + ".fmu", out -> Files.copy(fmu.source(), out));
                }
            }
            Files.move(partial, ssp, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(partial);
            } catch (IOException ignored) {
                // the message below says what went wrong
            }
            throw new CoSimulationException(ssp + ": cannot write: " + e.getMessage(), e);
        }
    }

    private interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    private static void add(ZipOutputStream zip, String name, Content content) throws IOException {
        ZipEntry entry = new ZipEntry(name);
        entry.setTime(0); // the same coupling gives the same bytes
        zip.putNextEntry(entry);
        content.writeTo(zip);
        zip.closeEntry();
    }

    static byte[] systemStructure(String systemName, List<FmuInstance> fmus, List<Connection> connections,
            List<ConnectionFile.ParameterValue> parameters, Experiment experiment) {
        for (String name : names(systemName, fmus)) {
            if (!IDENTIFIER.matcher(name).matches()) {
                throw new CoSimulationException("'" + name + "' is not a valid SSP system or component name here: "
                        + "OMSimulator accepts only identifiers (letters, digits, '_'); rename it");
            }
        }
        Document doc;
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newDefaultInstance();
            factory.setNamespaceAware(true);
            doc = factory.newDocumentBuilder().newDocument();
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException(e);
        }
        Element root = doc.createElementNS(Ssp.SSD, "ssd:SystemStructureDescription");
        root.setAttribute("xmlns:ssc", Ssp.SSC);
        root.setAttribute("xmlns:ssv", Ssp.SSV);
        root.setAttribute("version", "1.0");
        root.setAttribute("name", systemName);
        root.setAttribute("generationTool", "bt-fmu");
        doc.appendChild(root);

        Element system = child(root, Ssp.SSD, "ssd:System");
        system.setAttribute("name", systemName);
        Element elements = child(system, Ssp.SSD, "ssd:Elements");
        Map<String, List<ModelStructure.Item>> enumerations = new LinkedHashMap<>();
        for (FmuInstance fmu : fmus) {
            List<ConnectionFile.ParameterValue> own = parameters.stream()
                    .filter(p -> p.target().fmu() == fmu).toList();
            component(elements, fmu, own, enumerations);
        }
        if (!connections.isEmpty()) {
            Element list = child(system, Ssp.SSD, "ssd:Connections");
            for (Connection c : connections) {
                Element e = child(list, Ssp.SSD, "ssd:Connection");
                e.setAttribute("startElement", c.from().fmu().name());
                e.setAttribute("startConnector", c.from().variable().name());
                e.setAttribute("endElement", c.to().fmu().name());
                e.setAttribute("endConnector", c.to().variable().name());
            }
        }
        if (!Double.isNaN(experiment.step())) {
            // OMSimulator 3.0.0 imports no .ssd whose root system lacks this annotation of its own
            // ("[NewSystem] internal error"), and takes the step from it; other tools ignore it.
            Element annotation = child(child(system, Ssp.SSD, "ssd:Annotations"), Ssp.SSC, "ssc:Annotation");
            annotation.setAttribute("type", "org.openmodelica");
            Element master = child(child(child(annotation, Ssp.OMS, "oms:Annotations"), Ssp.OMS,
                    "oms:SimulationInformation"), Ssp.OMS, "oms:FixedStepMaster");
            master.setAttribute("description", "oms-ma");
            master.setAttribute("stepSize", number(experiment.step()));
        }
        if (!enumerations.isEmpty()) {
            Element list = child(root, Ssp.SSD, "ssd:Enumerations");
            enumerations.forEach((name, items) -> {
                Element e = child(list, Ssp.SSC, "ssc:Enumeration");
                e.setAttribute("name", name);
                for (ModelStructure.Item item : items) {
                    Element i = child(e, Ssp.SSC, "ssc:Item");
                    i.setAttribute("name", item.name());
                    i.setAttribute("value", String.valueOf(item.value()));
                }
            });
        }
        Element defaults = child(root, Ssp.SSD, "ssd:DefaultExperiment");
        if (!Double.isNaN(experiment.start())) {
            defaults.setAttribute("startTime", number(experiment.start()));
        }
        if (!Double.isNaN(experiment.stop())) {
            defaults.setAttribute("stopTime", number(experiment.stop()));
        }
        if (!Double.isNaN(experiment.step())) {
            Element annotation = child(child(defaults, Ssp.SSD, "ssd:Annotations"), Ssp.SSC, "ssc:Annotation");
            annotation.setAttribute("type", Ssp.STEP_ANNOTATION);
            Element step = child(annotation, Ssp.BTFMU, "btfmu:" + Ssp.STEP_ELEMENT);
            step.setAttribute("size", number(experiment.step()));
        }
        return serialize(doc);
    }

    /** {@code text} made an identifier (what a system name must be): every other character becomes '_'. */
    public static String identifier(String text) {
        String id = text.replaceAll("[^A-Za-z0-9_]", "_");
        return id.isEmpty() || Character.isDigit(id.charAt(0)) ? "_" + id : id;
    }

    private static List<String> names(String systemName, List<FmuInstance> fmus) {
        List<String> names = new java.util.ArrayList<>(List.of(systemName));
        fmus.forEach(f -> names.add(f.name()));
        return names;
    }

    private static void component(Element elements, FmuInstance fmu, List<ConnectionFile.ParameterValue> values,
            Map<String, List<ModelStructure.Item>> enumerations) {
        Element component = child(elements, Ssp.SSD, "ssd:Component");
        component.setAttribute("name", fmu.name());
        component.setAttribute("type", Ssp.FMU_TYPE);
        component.setAttribute("source", "resources/" + fmu.name() + ".fmu");
        Set<FmuVariable> connectors = new LinkedHashSet<>();
        connectors.addAll(fmu.inputs());
        connectors.addAll(fmu.outputs());
        values.forEach(p -> connectors.add(p.target().variable()));
        Element list = child(component, Ssp.SSD, "ssd:Connectors");
        for (FmuVariable v : connectors) {
            Element connector = child(list, Ssp.SSD, "ssd:Connector");
            connector.setAttribute("name", v.name());
            connector.setAttribute("kind", v.causality());
            Element type = child(connector, Ssp.SSC, "ssc:" + Ssp.type(v));
            if (v.typeName().equals("Enumeration")) {
                String declared = fmu.structure().declaredType(v.name());
                type.setAttribute("name", declared);
                enumerations.putIfAbsent(declared, fmu.structure().enumerations().getOrDefault(declared, List.of()));
            }
        }
        if (values.isEmpty()) {
            return;
        }
        Element set = child(child(child(child(component, Ssp.SSD, "ssd:ParameterBindings"), Ssp.SSD,
                "ssd:ParameterBinding"), Ssp.SSD, "ssd:ParameterValues"), Ssp.SSV, "ssv:ParameterSet");
        set.setAttribute("version", "1.0");
        set.setAttribute("name", fmu.name());
        Element parameters = child(set, Ssp.SSV, "ssv:Parameters");
        for (ConnectionFile.ParameterValue p : values) {
            Element parameter = child(parameters, Ssp.SSV, "ssv:Parameter");
            parameter.setAttribute("name", p.target().variable().name());
            FmuVariable v = p.target().variable();
            Element value = child(parameter, Ssp.SSV, "ssv:" + Ssp.type(v));
            value.setAttribute("value", text(fmu, v, p.value()));
            if (v.typeName().equals("Enumeration")) {
                value.setAttribute("name", fmu.structure().declaredType(v.name()));
            }
        }
    }

    /** A value as the SSP attribute types want it (xs:double, xs:int, xs:boolean, item name). */
    private static String text(FmuInstance fmu, FmuVariable v, Object value) {
        if (value instanceof Double d) {
            return number(d);
        }
        if (v.typeName().equals("Enumeration")) {
            int n = ((Number) value).intValue();
            return fmu.structure().enumerations().getOrDefault(fmu.structure().declaredType(v.name()), List.of())
                    .stream().filter(i -> i.value() == n).map(ModelStructure.Item::name).findFirst()
                    .orElseThrow(() -> new CoSimulationException("'" + fmu.name() + "." + v.name() + "': " + n
                            + " is no item of its enumeration type"));
        }
        return String.valueOf(value);
    }

    /** xs:double: Java's shortest round-trip form, INF/-INF/NaN spelled as XML Schema does. */
    static String number(double value) {
        if (Double.isNaN(value)) {
            return "NaN";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "INF" : "-INF";
        }
        return String.valueOf(value);
    }

    private static Element child(Element parent, String namespace, String qualifiedName) {
        Element e = parent.getOwnerDocument().createElementNS(namespace, qualifiedName);
        parent.appendChild(e);
        return e;
    }

    private static byte[] serialize(Document doc) {
        try {
            Transformer transformer = TransformerFactory.newDefaultInstance().newTransformer();
            transformer.setOutputProperty(OutputKeys.INDENT, "yes");
            transformer.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
            transformer.setOutputProperty("{http://xml.apache.org/xslt}indent-amount", "2");
            var out = new java.io.ByteArrayOutputStream();
            transformer.transform(new DOMSource(doc), new StreamResult(out));
            return out.toByteArray();
        } catch (TransformerException e) {
            throw new IllegalStateException(e);
        }
    }
}
