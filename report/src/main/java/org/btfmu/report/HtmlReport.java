package org.btfmu.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.btfmu.core.Status;

/**
 * Writes report.html: one file that opens offline in a browser, with ECharts (from its Maven
 * Central webjar, unpacked into this jar at build time) and its licence inlined, the page's own
 * script, and the run as JSON. The page draws the status timeline, the variables, the tree at the
 * cursor time and the event list (report.js).
 */
public final class HtmlReport {

    private static final String ECHARTS = "echarts/";
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    /** The most samples per variable chart, and the most events listed. */
    static final int MAX_POINTS = 20_000, MAX_EVENTS = 50_000;

    private HtmlReport() {
    }

    /** Writes {@code html} (through a temporary file beside it: never a half-written report). */
    public static void write(Path html, RunReport run) throws IOException {
        Map<String, String> values = Map.of(
                "{{TITLE}}", escape(run.title()),
                "{{LICENSE}}", escape(resource(ECHARTS + "LICENSE") + "\n" + resource(ECHARTS + "NOTICE") + "\n"
                        + resource(ECHARTS + "LICENSE-d3")),
                "/*{{ECHARTS}}*/", resource(ECHARTS + "echarts.min.js"),
                "/*{{SCRIPT}}*/", resource("report.js"),
                "{{DATA}}", json(run));
        Path temporary = html.resolveSibling("." + html.getFileName() + ".tmp");
        try {
            // Streamed, not built as one String first (the page is 2.7 MB for a day at 1 s, twice that as chars).
            try (java.io.Writer out = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8)) {
                fill(resource("report.html"), values, out);
            }
            Files.move(temporary, html, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    /** The run as the page reads it; "&lt;/" is escaped so that no string can end the script element. */
    static String json(RunReport run) {
        ObjectNode root = JSON.objectNode();
        root.put("title", run.title());
        double[] times = run.times();
        root.put("start", times.length == 0 ? 0 : times[0]);
        root.put("stop", times.length == 0 ? 0 : times[times.length - 1]);
        ArrayNode statuses = root.putArray("statuses");
        for (Status s : Status.values()) {
            statuses.addObject().put("name", s.name()).put("colour", StatusColours.hex(s));
        }
        ArrayNode tasks = root.putArray("tasks");
        for (ReportTask task : run.tasks()) {
            ObjectNode t = tasks.addObject();
            t.put("path", task.path()).put("name", task.name()).put("type", task.type()).put("parent", task.parent())
                    .put("description", task.description());
            ObjectNode expressions = t.putObject("expressions");
            task.expressions().forEach(expressions::put);
            ArrayNode segments = t.putArray("segments");
            double[] values = run.statuses().get(task.path());
            if (values != null) {
                for (Segment s : Segment.of(times, values)) {
                    segments.addArray().add(s.from()).add(s.to()).add(s.status().ordinal());
                }
            }
        }
        // A long run's variables are thinned (every k-th sample) so that the page stays light.
        int stride = Math.max(1, (times.length + MAX_POINTS - 1) / MAX_POINTS);
        root.set("times", numbers(times, stride));
        ArrayNode variables = root.putArray("variables");
        for (RunReport.Variable v : run.variables()) {
            variables.addObject().put("name", v.name()).put("unit", v.unit()).set("values", numbers(v.values(), stride));
        }
        ArrayNode events = root.putArray("events");
        for (StatusEvent e : run.events().subList(0, Math.min(MAX_EVENTS, run.events().size()))) {
            events.addArray().add(e.time()).add(e.task()).add(e.from().ordinal()).add(e.to().ordinal()).add(e.cause());
        }
        root.put("eventsLeftOut", Math.max(0, run.events().size() - MAX_EVENTS));
        try {
            return new ObjectMapper().writeValueAsString(root).replace("</", "<\\/");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Every {@code stride}-th number (and the last), a non-finite one as null (JSON has no NaN). */
    private static ArrayNode numbers(double[] values, int stride) {
        ArrayNode array = JSON.arrayNode(values.length / stride + 2);
        for (int i = 0; i < values.length; i += stride) {
            add(array, values[i]);
        }
        if (values.length > 0 && (values.length - 1) % stride != 0) {
            add(array, values[values.length - 1]);
        }
        return array;
    }

    private static void add(ArrayNode array, double v) {
        if (Double.isFinite(v)) {
            array.add(v);
        } else {
            array.addNull();
        }
    }

    /** The template with each placeholder replaced; the values are not searched again. */
    static String fill(String template, java.util.Map<String, String> values) {
        StringBuilder page = new StringBuilder(template.length() + 2_000_000);
        try {
            fill(template, values, page);
        } catch (IOException e) {
            throw new IllegalStateException(e); // a StringBuilder does not throw
        }
        return page.toString();
    }

    private static void fill(String template, java.util.Map<String, String> values, Appendable page)
            throws IOException {
        int at = 0;
        while (true) {
            int next = -1;
            String found = null;
            for (String key : values.keySet()) {
                int k = template.indexOf(key, at);
                if (k >= 0 && (next < 0 || k < next)) {
                    next = k;
                    found = key;
                }
            }
            if (found == null) {
                page.append(template, at, template.length());
                return;
            }
            page.append(template, at, next).append(values.get(found));
            at = next + found.length();
        }
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /**
     * Reads the page's resources (ECharts is 1 MB) and loads the JSON writer, so that a caller can do
     * it on another thread while a simulation runs and {@link #write} finds them ready.
     */
    public static void warmUp() {
        try {
            for (String name : List.of("report.html", "report.js", ECHARTS + "echarts.min.js", ECHARTS + "LICENSE",
                    ECHARTS + "NOTICE", ECHARTS + "LICENSE-d3")) {
                resource(name);
            }
            new ObjectMapper().writeValueAsString(JSON.objectNode().put("warm-up", 1.5));
        } catch (IOException e) {
            // only a head start: write() reads them again and reports what fails
        }
    }

    /** The resources read so far: they never change, and a report needs them all (about 1.1 MB). */
    private static final Map<String, String> RESOURCES = new ConcurrentHashMap<>();

    private static String resource(String name) throws IOException {
        String cached = RESOURCES.get(name);
        if (cached != null) {
            return cached;
        }
        String text = read(name);
        RESOURCES.put(name, text);
        return text;
    }

    private static String read(String name) throws IOException {
        try (InputStream in = HtmlReport.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("the bt-fmu jar lacks org/btfmu/report/" + name + "; rebuild it with 'mvn package'");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
