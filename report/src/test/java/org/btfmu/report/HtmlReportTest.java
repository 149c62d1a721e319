package org.btfmu.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.btfmu.core.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HtmlReportTest {

    @TempDir
    Path dir;

    private static RunReport run(String description) {
        double[] times = {0, 1, 2, 3};
        return new RunReport("demo <mission>", times,
                List.of(new ReportTask("root", "root", "Root", -1, description, Map.of("done", "x > 1 and y < 2"))),
                Map.of("root", new double[] {5, 5, 6, 0}),
                List.of(new RunReport.Variable("plant.x", "m", new double[] {0, Double.NaN, 2, 3})),
                List.of(new StatusEvent(2, "root", Status.RUNNING, Status.FINISHED, "input x: 1 → 2")));
    }

    @Test
    void oneSelfContainedFileWithTheChartLibraryItsLicenceAndTheRun() throws Exception {
        Path html = dir.resolve("report.html");
        HtmlReport.write(html, run("ends </script> here"));
        String page = Files.readString(html);
        assertFalse(page.contains("{{") && page.contains("{{DATA}}"), "every placeholder filled");
        assertFalse(Pattern.compile("<script[^>]+src=|<link[^>]+href=").matcher(page).find(),
                "nothing loaded from elsewhere: it opens offline");
        assertTrue(page.contains("Apache License") && page.contains("Apache ECharts"), "ECharts' licence and notice");
        assertTrue(page.contains("echarts"), "the library inlined");
        assertTrue(page.contains("<title>demo &lt;mission&gt; – bt-fmu run report</title>"), "the title escaped");
        assertEquals(0, Files.list(dir).filter(p -> p.getFileName().toString().endsWith(".tmp")).count());

        Matcher data = Pattern.compile("<script type=\"application/json\" id=\"run-data\">(.*?)</script>",
                Pattern.DOTALL).matcher(page);
        assertTrue(data.find());
        JsonNode run = new ObjectMapper().readTree(data.group(1));
        assertEquals("ends </script> here", run.path("tasks").get(0).path("description").asText(),
                "a description that says </script> neither ends the data nor is lost");
        assertEquals("[[0.0,2.0,4],[2.0,3.0,5]]", run.path("tasks").get(0).path("segments").toString(),
                "RUNNING then FINISHED; the last sample's 0 (no status) is no bar");
        assertTrue(run.path("variables").get(0).path("values").get(1).isNull(), "NaN as null: JSON has no NaN");
        assertEquals("#009e73", run.path("statuses").get(0).path("colour").asText(), "the PNGs' palette");
        assertEquals("[2.0,\"root\",4,5,\"input x: 1 → 2\"]", run.path("events").get(0).toString());
    }

    @Test
    void aLongRunsVariablesAreThinnedKeepingTheLastSampleAndItsBarsWhole() throws Exception {
        int n = 3 * HtmlReport.MAX_POINTS + 2;
        double[] times = new double[n];
        double[] values = new double[n];
        double[] status = new double[n];
        for (int i = 0; i < n; i++) {
            times[i] = i;
            values[i] = i * 2;
            status[i] = i == n - 5 ? 6 : 5; // a FINISHED of one sample, which thinning must not lose
        }
        RunReport long_ = new RunReport("long", times, List.of(new ReportTask("root", "root", "Root", -1, "", Map.of())),
                Map.of("root", status), List.of(new RunReport.Variable("v", "", values)), List.of());
        JsonNode run = new ObjectMapper().readTree(HtmlReport.json(long_));
        JsonNode thinned = run.path("times");
        assertTrue(thinned.size() <= HtmlReport.MAX_POINTS + 1, "at most MAX_POINTS (and the last): " + thinned.size());
        assertEquals(n - 1, thinned.get(thinned.size() - 1).asDouble(), "the last sample kept");
        assertEquals(thinned.size(), run.path("variables").get(0).path("values").size());
        assertEquals(2 * (n - 1), run.path("variables").get(0).path("values").get(thinned.size() - 1).asDouble());
        assertEquals(3, run.path("tasks").get(0).path("segments").size(), "the bars from every sample");
    }

    @Test
    void theEightStatusesHaveEightColours() {
        assertEquals(8, java.util.Arrays.stream(Status.values()).map(StatusColours::hex).distinct().count());
    }

    @Test
    void listsEveryTasksExpressionsInTheMissionFilesOrderInEveryRun() {
        java.util.LinkedHashMap<String, String> expressions = new java.util.LinkedHashMap<>();
        for (String key : List.of("predicate", "hysteresis", "entry", "done", "update", "exit", "guard", "k7", "k8",
                "k9")) {
            expressions.put(key, key + " > 0");
        }
        ReportTask task = new ReportTask("root", "root", "Root", -1, "", expressions);
        assertEquals(List.copyOf(expressions.keySet()), List.copyOf(task.expressions().keySet()),
                "the file's order (Map.copyOf's changed from one JVM to the next)");
        String json = HtmlReport.json(new RunReport("t", new double[] {0}, List.of(task), Map.of(), List.of(),
                List.of()));
        assertTrue(json.contains("\"expressions\":{\"predicate\":\"predicate > 0\",\"hysteresis\":"), json);
    }
}
