package org.btfmu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs the commands of README.md and docs/*.md, so that none can go stale.
 *
 * <p>The marker: a fenced block whose info string is {@code sh doc-test}, optionally followed by
 * attributes, is run; every other {@code sh}, {@code bash} or {@code shell} block is an error
 * here (a command a user runs must be marked, or skipped with a reason):
 * <pre>
 * ```sh doc-test                                   run as written
 * ```sh doc-test with="plant.fmu=test-fmus/..."    first copy these repository files in under these names
 * ```sh doc-test requires=chromium                 skipped, saying so, without it (also: shared, wine)
 * ```sh doc-test skip="why"                        never run here, for the reason given
 * </pre>
 * The blocks run in order, README.md first, then docs/*.md by name, each with {@code bash -e} in
 * one shared temporary working folder, so a later block may use what an earlier one wrote (the
 * FMU that README's "Using it" builds). That folder holds links to the repository's top-level
 * folders (examples/, test-fmus/, ...) and, as {@code ./bt-fmu}, a script running the command line
 * from this build's classes (the launcher script itself is LauncherScriptTest's).
 */
class DocCommandsTest {

    private static final Pattern FENCE = Pattern.compile("^```(\\S*)(.*)$");
    private static final Pattern ATTRIBUTE = Pattern.compile("(\\w+)=(?:\"([^\"]*)\"|(\\S+))");
    private static final List<String> SHELLS = List.of("sh", "bash", "shell", "console");
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    private static Path work;

    /** One fenced block of commands: where it is, its text and its marker's attributes. */
    record Block(String where, String text, boolean marked, Map<String, String> attributes) {
    }

    static List<Block> blocks() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        List<Block> blocks = new ArrayList<>();
        for (Path page : pages) {
            List<String> lines = Files.readAllLines(page);
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = FENCE.matcher(lines.get(i));
                if (!m.matches() || m.group(1).isEmpty() && m.group(2).isBlank()) {
                    continue;
                }
                int start = i;
                StringBuilder text = new StringBuilder();
                for (i++; i < lines.size() && !lines.get(i).startsWith("```"); i++) {
                    text.append(lines.get(i)).append('\n');
                }
                if (!SHELLS.contains(m.group(1))) {
                    continue;
                }
                String info = m.group(2).trim();
                Map<String, String> attributes = new LinkedHashMap<>();
                Matcher a = ATTRIBUTE.matcher(info);
                while (a.find()) {
                    attributes.put(a.group(1), a.group(2) != null ? a.group(2) : a.group(3));
                }
                blocks.add(new Block(ROOT.relativize(page) + ":" + (start + 1), text.toString(),
                        info.startsWith("doc-test"), attributes));
            }
        }
        return blocks;
    }

    @Test
    void everyCommandBlockIsMarkedAndWhatItNeedsExists() throws IOException {
        List<Block> blocks = blocks();
        assertTrue(blocks.size() >= 5, "the README's and the docs' command blocks are found: " + blocks.size());
        for (Block block : blocks) {
            assertTrue(block.marked(), block.where() + ": a command block without the doc-test marker (see the"
                    + " comment of DocCommandsTest): mark it, or mark it skip=\"why\"");
            for (String key : block.attributes().keySet()) {
                assertTrue(List.of("with", "requires", "skip").contains(key), block.where() + ": unknown " + key);
            }
            for (Map.Entry<String, String> file : with(block).entrySet()) {
                assertTrue(Files.exists(ROOT.resolve(file.getValue())), block.where() + ": with " + file.getValue());
            }
        }
    }

    @BeforeAll
    static void workingFolder() throws IOException {
        work = Files.createTempDirectory("doc-commands");
        try (Stream<Path> top = Files.list(ROOT)) {
            for (Path entry : top.toList()) {
                String name = entry.getFileName().toString();
                if (Files.isDirectory(entry) && !name.startsWith(".") && !name.equals("target")) {
                    Files.createSymbolicLink(work.resolve(name), entry);
                }
            }
        }
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path launcher = work.resolve("bt-fmu");
        Files.writeString(launcher, "#!/bin/sh\nexec '" + java + "' --add-opens java.prefs/java.util.prefs=ALL-UNNAMED"
                + " -cp '" + System.getProperty("java.class.path") + "' org.btfmu.cli.BtFmu \"$@\"\n");
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @AfterAll
    static void removeWorkingFolder() throws IOException {
        try (Stream<Path> all = Files.walk(work)) {
            all.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete()); // links, not targets
        }
    }

    @TestFactory
    List<DynamicTest> everyMarkedBlockRuns() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (Block block : blocks()) {
            tests.add(DynamicTest.dynamicTest(block.where(), () -> run(block)));
        }
        return tests;
    }

    private static void run(Block block) throws Exception {
        Assumptions.assumeTrue(block.marked(), block.where() + ": not marked (everyCommandBlockIsMarked... fails)");
        String skip = block.attributes().get("skip");
        Assumptions.assumeTrue(skip == null, block.where() + ": not run here: " + skip);
        String requires = block.attributes().get("requires");
        if (requires != null) {
            Assumptions.assumeTrue(available(requires), block.where() + ": needs " + requires + ", which is not"
                    + " here: skipped");
        }
        for (Map.Entry<String, String> file : with(block).entrySet()) {
            Files.copy(ROOT.resolve(file.getValue()), work.resolve(file.getKey()), StandardCopyOption.REPLACE_EXISTING);
        }
        Path log = Files.createTempFile("doc-command", ".log");
        try {
            Process p = new ProcessBuilder("bash", "-e", "-o", "pipefail", "-c", block.text()).directory(work.toFile())
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            boolean done = p.waitFor(300, TimeUnit.SECONDS);
            if (!done) {
                p.destroyForcibly();
            }
            String output = Files.readString(log, StandardCharsets.UTF_8);
            assertTrue(done, block.where() + ": still running after 300 s:\n" + output);
            assertEquals(0, p.exitValue(), block.where() + " failed:\n" + block.text() + "\n---\n" + output);
        } finally {
            Files.deleteIfExists(log);
        }
    }

    private static Map<String, String> with(Block block) {
        Map<String, String> files = new LinkedHashMap<>();
        String with = block.attributes().get("with");
        if (with != null) {
            for (String pair : with.trim().split("\\s+")) {
                int eq = pair.indexOf('=');
                files.put(pair.substring(0, eq), pair.substring(eq + 1));
            }
        }
        return files;
    }

    private static boolean available(String what) {
        return switch (what) {
            case "shared" -> Files.isDirectory(ROOT.resolve("../shared"));
            case "wine" -> onPath("wine");
            case "chromium" -> onPath("chromium") || onPath("chromium-browser");
            default -> throw new IllegalArgumentException("requires=" + what + ": unknown (shared, wine, chromium)");
        };
    }

    private static boolean onPath(String command) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .anyMatch(dir -> Files.isExecutable(Path.of(dir, command)));
    }
}
