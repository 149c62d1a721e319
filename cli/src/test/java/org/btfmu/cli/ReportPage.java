package org.btfmu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * report.html loaded in headless Chromium (Debian's package; .ci/run installs it) and checked
 * against the run's result.csv. The page runs its self-check when its address ends in
 * {@code #selfcheck=t1,t2}: it counts what it drew (timeline rows and bars, tree nodes and edges,
 * variable charts, event rows), moves the cursor to each time, reads the tree's colours back as
 * statuses and writes all of it, with every script and console error, as JSON into
 * {@code <pre id="selfcheck">}, which {@code chromium --dump-dom} prints. Screenshots go to
 * {@code target/report-screenshots/}.
 */
final class ReportPage {

    private static final Pattern SELF_CHECK = Pattern.compile("<pre id=\"selfcheck\">([^<]*)</pre>");

    private ReportPage() {
    }

    /** Chromium from PATH (chromium, chromium-browser) or BTFMU_CHROMIUM; the test is skipped, saying so, without. */
    static Path chromium() {
        Optional<Path> found = find();
        Assumptions.assumeTrue(found.isPresent(), "Chromium is not installed (Debian: apt-get install chromium, as"
                + " .ci/run does): report.html is not checked in a browser");
        return found.get();
    }

    static Optional<Path> find() {
        String given = System.getenv("BTFMU_CHROMIUM");
        if (given != null && Files.isExecutable(Path.of(given))) {
            return Optional.of(Path.of(given));
        }
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .flatMap(dir -> Stream.of("chromium", "chromium-browser").map(name -> Path.of(dir, name)))
                .filter(Files::isExecutable).findFirst();
    }

    /**
     * Loads {@code html} with the self-check at {@code times}, keeps a screenshot as
     * {@code target/report-screenshots/<name>.png} and returns what the page reported.
     */
    static JsonNode check(Path html, String name, double... times) throws Exception {
        Path chromium = chromium();
        StringBuilder hash = new StringBuilder("#selfcheck=");
        for (int i = 0; i < times.length; i++) {
            hash.append(i == 0 ? "" : ",").append(String.format(Locale.ROOT, "%s", times[i]));
        }
        String url = html.toAbsolutePath().toUri() + hash.toString();
        Path log = Files.createTempFile("chromium", ".log");
        try {
            String dom = run(chromium, log, "--dump-dom", url);
            Matcher m = SELF_CHECK.matcher(dom);
            assertTrue(m.find(), "the page wrote its self-check; chromium said:\n" + Files.readString(log));
            String stderr = Files.readString(log);
            for (String line : stderr.split("\n")) {
                assertTrue(!line.contains("CONSOLE("), "a console message: " + line);
            }
            Path shots = Path.of("target", "report-screenshots");
            Files.createDirectories(shots);
            run(chromium, log, "--screenshot=" + shots.resolve(name + ".png").toAbsolutePath(),
                    "--window-size=1400,2400", url);
            assertTrue(Files.size(shots.resolve(name + ".png")) > 10_000, "a screenshot of the page");
            JsonNode result = new ObjectMapper().readTree(m.group(1).replace("&quot;", "\"").replace("&lt;", "<")
                    .replace("&gt;", ">").replace("&amp;", "&"));
            assertEquals("[]", result.path("errors").toString(), "no script or console error in the page");
            return result;
        } finally {
            Files.deleteIfExists(log);
        }
    }

    private static String run(Path chromium, Path log, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(chromium.toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--hide-scrollbars", "--enable-logging=stderr", "--v=0",
                "--virtual-time-budget=10000", "--user-data-dir=" + Files.createTempDirectory("chromium-profile")));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectError(log.toFile()).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "chromium finished");
        assertEquals(0, p.exitValue(), "chromium " + String.join(" ", args) + ":\n" + Files.readString(log));
        return new String(out, StandardCharsets.UTF_8);
    }

    /** The statuses at two cursor times differ somewhere: moving the cursor recoloured the tree. */
    static void assertCursorRecolours(JsonNode check) {
        JsonNode cursor = check.path("cursor");
        assertNotEquals(cursor.get(0).path("statuses"), cursor.get(1).path("statuses"),
                "moving the cursor changes the tree's colours");
    }
}
