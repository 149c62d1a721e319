package org.btfmu.cosim;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import javax.xml.stream.Location;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * An SSP 1.0 archive opened for a run: its {@code SystemStructure.ssd} is read and
 * the component FMUs are extracted into a private temporary folder, removed again by
 * {@link #close()}. What is read: one system of FMU components, their connectors,
 * the connections between components, inline parameter values (component or system
 * ParameterBindings), the DefaultExperiment and the communication step of our
 * annotation (see {@link Ssp}). Anything else that would change the run (nested
 * systems, connections to the system's own connectors, external parameter files,
 * non-FMU components) is refused rather than ignored.
 *
 * <p>Every error names the archive, the entry and, in the .ssd, line:column and
 * element; exit code 2 follows in the command line.
 */
public final class SspArchive implements AutoCloseable {

    /** Where an element of the .ssd is, for messages: {@code scenario.ssp: SystemStructure.ssd:12:7: <Connection>}. */
    private record Where(String text) {
        @Override
        public String toString() {
            return text;
        }
    }

    private record ConnectorDecl(String name, String kind, String type, Where where) {}

    private static final class ComponentDecl {
        final String name;
        final String source;
        final Where where;
        final Map<String, ConnectorDecl> connectors = new LinkedHashMap<>();

        ComponentDecl(String name, String source, Where where) {
            this.name = name;
            this.source = source;
            this.where = where;
        }
    }

    private record ConnectionDecl(String startElement, String startConnector, String endElement, String endConnector,
            Where where) {}

    /** {@code component} null: a system-level binding, {@code name} is then {@code <component>.<variable>}. */
    private record ParameterDecl(ComponentDecl component, String name, String type, String value, Where where) {}

    private final Path file;
    private final Path folder;
    private final List<ComponentDecl> components = new ArrayList<>();
    private final List<ConnectionDecl> connections = new ArrayList<>();
    private final List<ParameterDecl> parameters = new ArrayList<>();
    private final List<CoSimulation.FmuSpec> fmus = new ArrayList<>();
    private String name;
    private double start = Double.NaN;
    private double stop = Double.NaN;
    private double step = Double.NaN;
    /** Deletes the folder of extracted FMUs; registered so that a signal does not leave it behind. */
    private final Runnable removal;
    private double omsStep = Double.NaN; // OMSimulator's own annotation, for SSPs that OMEdit wrote

    private SspArchive(Path file, Path folder) {
        this.file = file;
        this.folder = folder;
        this.removal = TemporaryFolders.register(() -> TemporaryFolders.delete(folder));
    }

    /** Reads the .ssd and extracts the FMUs; on any error nothing stays behind. */
    public static SspArchive open(Path ssp) {
        if (!Files.isRegularFile(ssp)) {
            throw new CoSimulationException(ssp + ": no such file");
        }
        try {
            return TemporaryFolders.unpacking(() -> unpack(ssp));
        } catch (IOException e) {
            throw new CoSimulationException(ssp + ": cannot read the SSP: " + e.getMessage(), e);
        }
    }

    private static SspArchive unpack(Path ssp) {
        Path folder;
        try {
            folder = Files.createTempDirectory("bt-fmu-ssp-");
        } catch (IOException e) {
            throw new CoSimulationException(ssp + ": cannot create a temporary folder: " + e.getMessage(), e);
        }
        SspArchive archive = new SspArchive(ssp, folder);
        try (ZipFile zip = new ZipFile(ssp.toFile())) {
            archive.checkEntries(zip);
            ZipEntry ssd = zip.getEntry(Ssp.SSD_ENTRY);
            if (ssd == null) {
                throw new CoSimulationException(ssp + ": not an SSP (no " + Ssp.SSD_ENTRY + " in the archive)");
            }
            try (InputStream in = zip.getInputStream(ssd)) {
                archive.parse(in.readAllBytes());
            }
            archive.extract(zip);
            return archive;
        } catch (IOException e) {
            archive.close();
            throw new CoSimulationException(ssp + ": not an SSP (not a readable zip archive: " + e.getMessage() + ")", e);
        } catch (RuntimeException e) {
            archive.close();
            throw e;
        }
    }

    /** The system's name. */
    public String name() {
        return name;
    }

    /** The components as FMUs to load, named as in the .ssd. */
    public List<CoSimulation.FmuSpec> fmus() {
        return List.copyOf(fmus);
    }

    /**
     * Start and stop of the DefaultExperiment, the step of our annotation (else of
     * OMSimulator's FixedStepMaster annotation); NaN where absent.
     */
    public Experiment experiment() {
        return new Experiment(start, stop, Double.isNaN(step) ? omsStep : step);
    }

    /** Zip entries must stay inside the archive's folder: no absolute paths, no "..". */
    private void checkEntries(ZipFile zip) {
        for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements();) {
            String entry = e.nextElement().getName();
            if (escapes(entry)) {
                throw new CoSimulationException(file + ": zip entry '" + entry + "' escapes the archive's folder");
            }
        }
    }

    private static boolean escapes(String entry) {
        if (entry.startsWith("/") || entry.contains("\\") || entry.contains(":")) {
            return true;
        }
        Path normal = Path.of(entry).normalize();
        return normal.isAbsolute() || normal.startsWith("..");
    }

    private void extract(ZipFile zip) throws IOException {
        for (ComponentDecl c : components) {
            String entry;
            try {
                URI uri = new URI(c.source);
                if (uri.isAbsolute() || uri.getPath() == null || uri.getPath().isEmpty() || escapes(uri.getPath())) {
                    throw new CoSimulationException(c.where + ": component '" + c.name + "': source '" + c.source
                            + "' is not a path inside the archive (only FMUs inside the SSP are supported)");
                }
                entry = Path.of(uri.getPath()).normalize().toString();
            } catch (URISyntaxException e) {
                throw new CoSimulationException(c.where + ": component '" + c.name + "': source '" + c.source
                        + "' is not a valid URI: " + e.getMessage());
            }
            ZipEntry fmu = zip.getEntry(entry);
            if (fmu == null || fmu.isDirectory()) {
                throw new CoSimulationException(c.where + ": component '" + c.name + "': its FMU '" + entry
                        + "' is missing from the archive");
            }
            Path target = folder.resolve(c.name).resolve(Path.of(entry).getFileName().toString());
            Files.createDirectories(target.getParent());
            try (InputStream in = zip.getInputStream(fmu)) {
                Files.copy(in, target);
            }
            fmus.add(new CoSimulation.FmuSpec(c.name, target));
        }
    }

    private void parse(byte[] ssd) {
        // the JDK's own parser, without the service lookup of newFactory() (about 15 ms at every start)
        XMLInputFactory factory = XMLInputFactory.newDefaultFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        XMLStreamReader xml = null;
        List<String> path = new ArrayList<>(); // "ns|local" of the open elements
        int systems = 0;
        ComponentDecl component = null;
        ConnectorDecl connector = null;
        boolean binding = false;
        String parameter = null;
        Where parameterWhere = null;
        boolean ours = false; // inside an annotation of our own type
        try {
            xml = factory.createXMLStreamReader(new ByteArrayInputStream(ssd));
            while (xml.hasNext()) {
                int event = xml.next();
                if (event == XMLStreamConstants.END_ELEMENT) {
                    String closed = path.remove(path.size() - 1);
                    switch (closed) {
                        case Ssp.SSD + "|System" -> systems--;
                        case Ssp.SSD + "|Component" -> component = null;
                        case Ssp.SSD + "|Connector" -> connector = null;
                        case Ssp.SSD + "|ParameterBinding" -> binding = false;
                        case Ssp.SSV + "|Parameter" -> parameter = null;
                        case Ssp.SSC + "|Annotation" -> ours = false;
                        default -> { }
                    }
                    continue;
                }
                if (event != XMLStreamConstants.START_ELEMENT) {
                    continue;
                }
                String ns = xml.getNamespaceURI() == null ? "" : xml.getNamespaceURI();
                String local = xml.getLocalName();
                String parent = path.isEmpty() ? "" : path.get(path.size() - 1);
                path.add(ns + "|" + local);
                Where where = where(xml.getLocation(), xml.getPrefix(), local);
                if (path.size() == 1) {
                    if (!(ns.equals(Ssp.SSD) && local.equals("SystemStructureDescription"))) {
                        throw new CoSimulationException(where + ": expected <ssd:SystemStructureDescription> in namespace "
                                + Ssp.SSD);
                    }
                    String version = attribute(xml, "version");
                    if (version == null || !version.startsWith("1.")) {
                        throw new CoSimulationException(where + ": version '" + version + "' is not SSP 1.x");
                    }
                    name = attribute(xml, "name");
                    continue;
                }
                if (ns.equals(Ssp.SSD)) {
                    switch (local) {
                        case "System" -> {
                            if (++systems > 1) {
                                throw new CoSimulationException(where + ": nested systems are not supported");
                            }
                        }
                        case "Component" -> {
                            String type = attribute(xml, "type");
                            if (type != null && !type.equals(Ssp.FMU_TYPE)) {
                                throw new CoSimulationException(where + ": component type '" + type
                                        + "' is not supported (only " + Ssp.FMU_TYPE + ")");
                            }
                            String componentName = required(xml, "name", where);
                            if (components.stream().anyMatch(c -> c.name.equals(componentName))) {
                                throw new CoSimulationException(where + ": a second component named '" + componentName + "'");
                            }
                            component = new ComponentDecl(componentName, required(xml, "source", where), where);
                            components.add(component);
                        }
                        case "SignalDictionaryReference" -> throw new CoSimulationException(where
                                + ": signal dictionaries are not supported");
                        case "Connector" -> {
                            if (component == null) {
                                throw new CoSimulationException(where + ": connectors of the system itself are not supported");
                            }
                            connector = new ConnectorDecl(required(xml, "name", where), required(xml, "kind", where),
                                    null, where);
                            if (component.connectors.putIfAbsent(connector.name(), connector) != null) {
                                throw new CoSimulationException(where + ": component '" + component.name
                                        + "' has a second connector '" + connector.name() + "'");
                            }
                        }
                        case "ParameterBinding" -> {
                            String source = attribute(xml, "source");
                            if (source != null && !source.isEmpty()) {
                                throw new CoSimulationException(where + ": parameter values from '" + source
                                        + "' are not supported (only inline ParameterValues)");
                            }
                            String prefix = attribute(xml, "prefix");
                            if (prefix != null && !prefix.isEmpty()) {
                                throw new CoSimulationException(where + ": a parameter binding prefix is not supported");
                            }
                            binding = true;
                        }
                        case "ParameterMapping" -> throw new CoSimulationException(where
                                + ": parameter mappings are not supported");
                        case "Connection" -> {
                            String startElement = attribute(xml, "startElement");
                            String endElement = attribute(xml, "endElement");
                            if (startElement == null || endElement == null) {
                                throw new CoSimulationException(where
                                        + ": connections to the system's own connectors are not supported");
                            }
                            connections.add(new ConnectionDecl(startElement, required(xml, "startConnector", where),
                                    endElement, required(xml, "endConnector", where), where));
                        }
                        case "DefaultExperiment" -> {
                            start = number(xml, "startTime", where);
                            stop = number(xml, "stopTime", where);
                        }
                        default -> { }
                    }
                } else if (ns.equals(Ssp.SSC)) {
                    if (local.equals("Annotation")) {
                        ours = Ssp.STEP_ANNOTATION.equals(attribute(xml, "type"));
                    } else if (connector != null && parent.equals(Ssp.SSD + "|Connector")) {
                        connector = new ConnectorDecl(connector.name(), connector.kind(), local, connector.where());
                        component.connectors.put(connector.name(), connector);
                    }
                } else if (ns.equals(Ssp.SSV) && binding) {
                    if (local.equals("Parameter")) {
                        parameter = required(xml, "name", where);
                        parameterWhere = where;
                    } else if (parameter != null && parent.equals(Ssp.SSV + "|Parameter")) {
                        parameters.add(new ParameterDecl(component, parameter, local, required(xml, "value", where),
                                parameterWhere));
                    }
                } else if (ns.equals(Ssp.OMS) && local.equals("FixedStepMaster")) {
                    omsStep = number(xml, "stepSize", where);
                } else if (ours && ns.equals(Ssp.BTFMU) && local.equals(Ssp.STEP_ELEMENT)) {
                    step = number(xml, "size", where);
                    if (!(step > 0)) {
                        throw new CoSimulationException(where + ": size must be a positive number of seconds");
                    }
                }
            }
        } catch (XMLStreamException e) {
            Location at = e.getLocation();
            String message = e.getMessage();
            int detail = message.indexOf("Message: ");
            throw new CoSimulationException(file + ": " + Ssp.SSD_ENTRY + ":"
                    + (at == null ? "" : at.getLineNumber() + ":" + at.getColumnNumber() + ":")
                    + " malformed XML: " + (detail >= 0 ? message.substring(detail + 9) : message), e);
        } finally {
            if (xml != null) {
                try {
                    xml.close();
                } catch (XMLStreamException ignored) {
                    // nothing more to read
                }
            }
        }
        if (components.isEmpty()) {
            throw new CoSimulationException(file + ": " + Ssp.SSD_ENTRY + ": the system has no FMU component");
        }
    }

    private Where where(Location at, String prefix, String local) {
        return new Where(file + ": " + Ssp.SSD_ENTRY + ":" + at.getLineNumber() + ":" + at.getColumnNumber() + ": <"
                + (prefix == null || prefix.isEmpty() ? "" : prefix + ":") + local + ">");
    }

    private static String attribute(XMLStreamReader xml, String attribute) {
        return xml.getAttributeValue(null, attribute);
    }

    private static String required(XMLStreamReader xml, String attribute, Where where) {
        String value = attribute(xml, attribute);
        if (value == null) {
            throw new CoSimulationException(where + ": attribute '" + attribute + "' is missing");
        }
        return value;
    }

    private static double number(XMLStreamReader xml, String attribute, Where where) {
        String value = attribute(xml, attribute);
        if (value == null) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(value.strip().replace("INF", "Infinity"));
        } catch (NumberFormatException e) {
            throw new CoSimulationException(where + ": " + attribute + "='" + value + "' is not a number");
        }
    }

    /**
     * The connections and parameter values, resolved against the loaded FMUs (loaded
     * from {@link #fmus()}): every connector must name a variable of its FMU with the
     * same causality and type, and every connection must join declared connectors.
     */
    public ConnectionFile wiring(List<FmuInstance> loaded) {
        Map<String, FmuInstance> byName = new HashMap<>();
        loaded.forEach(f -> byName.put(f.name(), f));
        for (ComponentDecl c : components) {
            FmuInstance fmu = byName.get(c.name);
            for (ConnectorDecl connector : c.connectors.values()) {
                check(connector, c, fmu);
            }
        }
        List<Connection> wired = new ArrayList<>();
        Map<String, Where> connectedInputs = new HashMap<>();
        for (ConnectionDecl d : connections) {
            VariableReference from = end(d.startElement(), d.startConnector(), d.where(), byName);
            VariableReference to = end(d.endElement(), d.endConnector(), d.where(), byName);
            Where earlier = connectedInputs.putIfAbsent(to.toString(), d.where());
            if (earlier != null) {
                throw new CoSimulationException(d.where() + ": input '" + to + "' is already connected at " + earlier);
            }
            try {
                wired.add(new Connection(from, to));
            } catch (IllegalArgumentException e) {
                throw new CoSimulationException(d.where() + ": " + e.getMessage());
            }
        }
        List<ConnectionFile.ParameterValue> values = new ArrayList<>();
        for (ParameterDecl p : parameters) {
            VariableReference target;
            if (p.component() == null) {
                target = VariableReference.resolve(p.name(), loaded, p.where().toString());
            } else {
                FmuInstance fmu = byName.get(p.component().name);
                target = new VariableReference(fmu, fmu.variable(p.name()).orElseThrow(() -> new CoSimulationException(
                        p.where() + ": component '" + fmu.name() + "' has no variable '" + p.name() + "'")));
            }
            values.add(value(target, p));
        }
        return new ConnectionFile(wired, values);
    }

    private static void check(ConnectorDecl connector, ComponentDecl c, FmuInstance fmu) {
        FmuVariable v = fmu.variable(connector.name()).orElseThrow(() -> new CoSimulationException(connector.where()
                + ": component '" + c.name + "' has no variable '" + connector.name() + "' (its inputs: "
                + fmu.namesOf(FmuVariable::isInput) + "; outputs: " + fmu.namesOf(FmuVariable::isOutput) + ")"));
        if (!connector.kind().equals(v.causality())) {
            throw new CoSimulationException(connector.where() + ": connector '" + c.name + "." + connector.name()
                    + "' has kind '" + connector.kind() + "' but the FMU's variable has causality '" + v.causality() + "'");
        }
        if (connector.type() != null && !connector.type().equals(Ssp.type(v))) {
            throw new CoSimulationException(connector.where() + ": type mismatch: connector '" + c.name + "."
                    + connector.name() + "' is " + connector.type() + " but the FMU's variable is " + Ssp.type(v));
        }
    }

    private VariableReference end(String element, String connector, Where where, Map<String, FmuInstance> byName) {
        ComponentDecl c = components.stream().filter(x -> x.name.equals(element)).findFirst().orElseThrow(() ->
                new CoSimulationException(where + ": no component named '" + element + "' (components: "
                        + String.join(", ", components.stream().map(x -> x.name).toList()) + ")"));
        if (!c.connectors.containsKey(connector)) {
            throw new CoSimulationException(where + ": unknown connector '" + element + "." + connector
                    + "': component '" + element + "' declares no such connector");
        }
        FmuInstance fmu = byName.get(element);
        return new VariableReference(fmu, fmu.variable(connector).orElseThrow());
    }

    private static ConnectionFile.ParameterValue value(VariableReference target, ParameterDecl p) {
        FmuVariable v = target.variable();
        if (!p.type().equals(Ssp.type(v))) {
            throw new CoSimulationException(p.where() + ": type mismatch: the value for '" + target + "' is "
                    + p.type() + " but the FMU's variable is " + Ssp.type(v));
        }
        String text = p.value();
        if (v.typeName().equals("Enumeration")) {
            var items = target.fmu().structure().enumerations()
                    .getOrDefault(target.fmu().structure().declaredType(v.name()), List.of());
            text = items.stream().filter(i -> i.name().equals(p.value())).map(i -> String.valueOf(i.value()))
                    .findFirst().orElseThrow(() -> new CoSimulationException(p.where() + ": '" + p.value()
                            + "' is no item of the enumeration type of '" + target + "'"));
        }
        if (v.type() == VariableType.REAL) {
            text = text.strip().replace("INF", "Infinity"); // xs:double spells infinity INF
        }
        return ConnectionFile.ParameterValue.of(target, text, p.where().toString());
    }

    /** Removes the extracted FMUs. */
    @Override
    public void close() {
        TemporaryFolders.remove(removal);
    }
}
