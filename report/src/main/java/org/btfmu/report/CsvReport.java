package org.btfmu.report;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * report.html from a result.csv and the FMUs that wrote it, where no live run is at hand (the Maven
 * plugin's scenarios): the tree from each mission FMU's mission file, the units from each FMU's
 * modelDescription.xml, the status changes as the samples show them ({@link SampledEvents}).
 */
public final class CsvReport {

    private static final String STATUS = "status.";

    private CsvReport() {
    }

    /**
     * Writes {@code html} for {@code csv} (columns "time", then "&lt;fmu&gt;.&lt;variable&gt;", or the bare
     * variable with one FMU); {@code fmus} by instance name.
     */
    public static void write(Path csv, Map<String, Path> fmus, String title, Path html) throws IOException {
        List<String> lines = Files.readAllLines(csv);
        if (lines.isEmpty()) {
            throw new IOException(csv + ": empty");
        }
        List<String> header = split(lines.get(0));
        int rows = lines.size() - 1;
        double[][] columns = new double[header.size()][rows];
        boolean[] numeric = new boolean[header.size()];
        java.util.Arrays.fill(numeric, true);
        for (int r = 0; r < rows; r++) {
            List<String> fields = split(lines.get(r + 1));
            for (int c = 0; c < header.size(); c++) {
                String f = c < fields.size() ? fields.get(c) : "";
                try {
                    columns[c][r] = f.equals("true") ? 1 : f.equals("false") ? 0 : Double.parseDouble(f);
                } catch (NumberFormatException e) {
                    numeric[c] = false;
                }
            }
        }
        boolean several = fmus.size() > 1;
        List<ReportTask> tasks = new ArrayList<>();
        Map<String, double[]> statuses = new HashMap<>();
        Map<String, String> units = new HashMap<>();
        int missions = 0;
        for (Map.Entry<String, Path> fmu : fmus.entrySet()) {
            String column = several ? fmu.getKey() + "." : "";
            units(fmu.getValue()).forEach((variable, unit) -> units.put(column + variable, unit));
            missions += tasksOf(fmu.getValue(), "", header, column).isEmpty() ? 0 : 1;
        }
        for (Map.Entry<String, Path> fmu : fmus.entrySet()) {
            String prefix = missions > 1 ? fmu.getKey() + ":" : "";
            String column = several ? fmu.getKey() + "." : "";
            List<ReportTask> own = tasksOf(fmu.getValue(), prefix, header, column);
            int offset = tasks.size();
            for (ReportTask t : own) {
                tasks.add(new ReportTask(t.path(), t.name(), t.type(), t.parent() < 0 ? -1 : t.parent() + offset,
                        t.description(), t.expressions()));
                int c = header.indexOf(column + STATUS + t.path().substring(prefix.length()));
                if (c >= 0 && numeric[c]) {
                    statuses.put(t.path(), columns[c]);
                }
            }
        }
        List<RunReport.Variable> variables = new ArrayList<>();
        for (int c = 1; c < header.size(); c++) {
            String name = header.get(c);
            boolean status = name.startsWith(STATUS) || name.contains("." + STATUS);
            if (numeric[c] && !status) {
                variables.add(new RunReport.Variable(name, units.getOrDefault(name, ""), columns[c]));
            }
        }
        double[] times = columns[0];
        List<StatusEvent> events = EventCauses.derive(SampledEvents.of(times, statuses, tasks), times, Map.of(),
                Map.of(), false);
        HtmlReport.write(html, new RunReport(title, times, tasks, statuses, variables, events));
    }

    /** The FMU's tasks: from its mission file, else from its status columns, else none (not a mission FMU). */
    private static List<ReportTask> tasksOf(Path fmu, String prefix, List<String> header, String column) {
        try {
            List<ReportTask> tasks = MissionTasks.of(fmu, prefix);
            if (!tasks.isEmpty()) {
                return tasks;
            }
        } catch (IOException | RuntimeException e) {
            // a mission file this bt-fmu cannot read: the tree from the status columns
        }
        return ReportTasks.fromPaths(header.stream().filter(h -> h.startsWith(column + STATUS))
                .map(h -> prefix + h.substring(column.length() + STATUS.length())).toList());
    }

    /** The unit of every variable that has one, from the FMU's modelDescription.xml (own or declared type's). */
    static Map<String, String> units(Path fmu) throws IOException {
        Map<String, String> units = new LinkedHashMap<>();
        try (ZipFile zip = new ZipFile(fmu.toFile())) {
            ZipEntry entry = zip.getEntry("modelDescription.xml");
            if (entry == null) {
                return units;
            }
            Document doc;
            try (InputStream in = zip.getInputStream(entry)) {
                DocumentBuilderFactory factory = DocumentBuilderFactory.newDefaultInstance();
                factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
                doc = factory.newDocumentBuilder().parse(in);
            } catch (Exception e) {
                throw new IOException(fmu + "!/modelDescription.xml: " + e.getMessage(), e);
            }
            Map<String, String> typeUnits = new HashMap<>();
            NodeList types = doc.getElementsByTagName("SimpleType");
            for (int i = 0; i < types.getLength(); i++) {
                Element type = (Element) types.item(i);
                String unit = childUnit(type);
                if (!unit.isEmpty()) {
                    typeUnits.put(type.getAttribute("name"), unit);
                }
            }
            NodeList variables = doc.getElementsByTagName("ScalarVariable");
            for (int i = 0; i < variables.getLength(); i++) {
                Element v = (Element) variables.item(i);
                String unit = childUnit(v);
                if (unit.isEmpty()) {
                    for (Node n = v.getFirstChild(); n != null; n = n.getNextSibling()) {
                        if (n instanceof Element e && e.hasAttribute("declaredType")) {
                            unit = typeUnits.getOrDefault(e.getAttribute("declaredType"), "");
                        }
                    }
                }
                if (!unit.isEmpty()) {
                    units.put(v.getAttribute("name"), unit);
                }
            }
        }
        return units;
    }

    private static String childUnit(Element parent) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.hasAttribute("unit")) {
                return e.getAttribute("unit");
            }
        }
        return "";
    }

    /** One CSV line's fields; a quoted field may hold commas and doubled quotes. */
    static List<String> split(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (quoted) {
                if (ch == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (ch == '"') {
                    quoted = false;
                } else {
                    field.append(ch);
                }
            } else if (ch == '"') {
                quoted = true;
            } else if (ch == ',') {
                fields.add(field.toString());
                field.setLength(0);
            } else {
                field.append(ch);
            }
        }
        fields.add(field.toString());
        return fields;
    }
}
